/**
 * /docs: the API reference as one server-written page over the OpenAPI document, readable at once without
 * script (Redoc's 330 KB renderer and the 160 KB document took seconds before anything could be read). Each
 * operation shows its method, path and summary; its fields and answers sit folded below it. The anchors are
 * Redoc's (`#operation/<id>`, `#tag/<name>`), so links into the reference keep working; Redoc itself stays at
 * /docs/redoc for whoever wants the interactive view.
 */
import type { Registry } from '../core/registry.js';
import { esc, frame, type Frame } from './html.js';
import { inline, toolsetName } from './pages.js';

type Common = Pick<Frame, 'assets' | 'csrf' | 'dev' | 'session'>;
type Json = Record<string, unknown>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** A value of the document as text: strings and numbers as they are, anything else as nothing. */
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** A schema with a local `$ref` resolved (one level: the document's own components). */
function resolve(doc: Json, schema: unknown): Json | undefined {
  const s = schema as Json | undefined;
  const ref = typeof s?.$ref === 'string' ? s.$ref : undefined;
  if (!ref) return s;
  const name = ref.replace('#/components/schemas/', '');
  return ((doc.components as Json | undefined)?.schemas as Json | undefined)?.[name] as Json | undefined;
}

/** A field's type in a few words: `string`, `integer`, `one of a, b, c`, `array of object`. */
function typeOf(schema: Json | undefined): string {
  if (!schema) return '';
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.map(String);
    return `one of ${values.slice(0, 8).join(', ')}${values.length > 8 ? ', …' : ''}`;
  }
  const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (Array.isArray(alternatives)) return [...new Set(alternatives.map(typeOf).filter(Boolean))].join(' or ');
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : text(schema.type);
  if (type === 'array') return `array of ${typeOf(schema.items as Json) || 'values'}`;
  return type;
}

/** A description cut to its first 240 characters, between words. */
function short(text: unknown): string {
  const s = typeof text === 'string' ? text.replace(/\s+/g, ' ').trim() : '';
  if (s.length <= 240) return s;
  const cut = s.slice(0, 239);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 180))}…`;
}

/** The fields of an object schema as a definition list (name, type, required, default; what it means). */
function fields(schema: Json | undefined, required: readonly string[] = []): string {
  const props = schema?.properties as Record<string, Json> | undefined;
  if (!props || !Object.keys(props).length) return '<p class="muted">No fields.</p>';
  const rows = Object.entries(props).map(([name, field]) => {
    const facts = [
      typeOf(field),
      required.includes(name) ? 'required' : '',
      field.default !== undefined ? `default ${JSON.stringify(field.default)}` : '',
    ]
      .filter(Boolean)
      .join(' · ');
    return `<dt><code>${esc(name)}</code> <span class="muted">${esc(facts)}</span></dt><dd>${inline(short(field.description))}</dd>`;
  });
  return `<dl class="api-fields">${rows.join('')}</dl>`;
}

function parameters(op: Json): string {
  const list = (op.parameters as Json[] | undefined) ?? [];
  if (!list.length) return '';
  const props = Object.fromEntries(
    list.map((p) => [`${String(p.name)}`, { ...(p.schema as Json), description: `${text(p.in)}: ${text(p.description)}` }]),
  );
  return `<h4>Parameters</h4>${fields(
    { properties: props },
    list.filter((p) => p.required).map((p) => String(p.name)),
  )}`;
}

function requestBody(doc: Json, op: Json): string {
  const body = op.requestBody as Json | undefined;
  const content = body?.content as Record<string, Json> | undefined;
  if (!content) return '';
  const [type, media] = Object.entries(content)[0];
  const schema = resolve(doc, media.schema);
  return `<h4>Body <span class="muted">${esc(type)}</span></h4>${fields(schema, (schema?.required as string[]) ?? [])}`;
}

function responses(op: Json): string {
  const all = Object.entries((op.responses as Record<string, Json> | undefined) ?? {});
  return `<h4>Answers</h4><ul class="api-answers">${all.map(([code, r]) => `<li><code>${esc(code)}</code> ${inline(short(r.description))}</li>`).join('')}</ul>`;
}

interface Operation {
  method: string;
  path: string;
  op: Json;
}

function operation(doc: Json, { method, path, op }: Operation, pages: ReadonlyMap<string, string>): string {
  const id = text(op.operationId) || `${method}-${path}`;
  const page = pages.get(path);
  return `<section class="api-op" id="operation/${esc(id)}" aria-labelledby="op-${esc(id)}">
<h3 id="op-${esc(id)}"><span class="api-method">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>
<p>${inline(short(op.summary ?? op.description))}${page ? ` <a href="${esc(page)}">Try it</a>` : ''}</p>
<details><summary>Fields and answers</summary>${parameters(op)}${requestBody(doc, op)}${responses(op)}</details>
</section>`;
}

/** The operations of the document, grouped by their first tag in the document's tag order. */
function groups(doc: Json): { name: string; description: string; ops: Operation[] }[] {
  const tags = ((doc.tags as Json[] | undefined) ?? []).map((t) => ({
    name: String(t.name),
    description: text(t.description),
    ops: [] as Operation[],
  }));
  const byName = new Map(tags.map((t) => [t.name, t]));
  for (const [path, item] of Object.entries((doc.paths as Record<string, Json> | undefined) ?? {}))
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const tag = String((op.tags as string[] | undefined)?.[0] ?? 'other');
      let group = byName.get(tag);
      if (!group) byName.set(tag, (group = tags[tags.push({ name: tag, description: '', ops: [] }) - 1]));
      group.ops.push({ method, path, op });
    }
  return tags.filter((t) => t.ops.length);
}

export function apiReferencePage(doc: Json, registry: Registry, c: Common): string {
  const pages = new Map(registry.listed().map((e) => [registry.restPath(e.tool), `/tools/${e.tool.slug}`]));
  const info = (doc.info as Json | undefined) ?? {};
  const all = groups(doc);
  const toc = all
    .map((g) => `<li><a href="#tag/${esc(g.name)}">${esc(toolsetName(g.name))}</a> <span class="muted">${g.ops.length}</span></li>`)
    .join('');
  const sections = all
    .map(
      (g) => `<section class="api-tag" id="tag/${esc(g.name)}" aria-labelledby="tag-${esc(g.name)}">
<h2 id="tag-${esc(g.name)}">${esc(toolsetName(g.name))}</h2>${g.description ? `<p class="muted">${inline(short(g.description))}</p>` : ''}
${g.ops.map((o) => operation(doc, o, pages)).join('\n')}
</section>`,
    )
    .join('\n');
  const body = `<h1>API reference</h1>
<p class="lead">${inline(text(info.description))}</p>
<p>Send your API key in the <code>X-API-Key</code> header (or as <code>Authorization: Bearer …</code>); get one on your <a href="/account">account</a> page. The whole description is <a href="/openapi.json">openapi.json</a> (OpenAPI ${esc(text(doc.openapi))}, version ${esc(text(info.version))}); <a href="/docs/redoc">the interactive reference</a> (Redoc) shows every schema in full.</p>
<nav aria-labelledby="toc-h" class="api-toc"><h2 id="toc-h">Contents</h2><ul>${toc}</ul></nav>
${sections}`;
  return frame({ ...c, title: 'API reference · werkbank', page: 'docs', body });
}
