/**
 * A tool's full reference, derived from its declaration: what the MCP
 * resource `werkbank://docs/<slug>` serves (src/mcp/tool-docs.ts). The listing
 * keeps descriptions short; this has everything: the long `docs`, every field
 * with its type, default and description, and the declared examples.
 */
import type { RegisteredTool, Registry } from '../core/registry.js';
import { sizePriceText } from '../core/output-size.js';

export const DOCS_URI_PREFIX = 'werkbank://docs/';

export function docsUri(slug: string): string {
  return DOCS_URI_PREFIX + slug;
}

type Schema = Record<string, unknown>;

function typeOf(s: Schema): string {
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' \\| ');
  if (s.type === 'array') return `array of ${typeOf((s.items ?? {}) as Schema)}`;
  if (Array.isArray(s.type)) return s.type.join(' or ');
  if (Array.isArray(s.anyOf)) return (s.anyOf as Schema[]).map(typeOf).join(' or ');
  return typeof s.type === 'string' ? s.type : 'value';
}

/** One row per field, nested objects flattened with dotted names (depth-limited: schemas are ours). */
function fieldRows(schema: Schema, prefix = '', depth = 0): string[] {
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(props).flatMap(([name, s]) => {
    const path = prefix + name;
    const dflt = 'default' in s ? `\`${JSON.stringify(s.default)}\`` : required.has(name) ? 'required' : '';
    const row = `| \`${path}\` | ${typeOf(s)} | ${dflt} | ${(typeof s.description === 'string' ? s.description : '')
      .replace(/\|/g, '\\|')
      .replace(/\n/g, ' ')} |`;
    const inner = objectWithin(s);
    const nested = inner && depth < 3 ? fieldRows(inner.schema, path + inner.step, depth + 1) : [];
    return [row, ...nested];
  });
}

/** The object schema whose fields a field's rows continue with: the field's own, its items', or a nullable one's. */
function objectWithin(s: Schema): { schema: Schema; step: string } | null {
  if (s.type === 'object' && s.properties) return { schema: s, step: '.' };
  const items = s.items as Schema | undefined;
  if (s.type === 'array' && items?.type === 'object' && items.properties) return { schema: items, step: '[].' };
  const branch = ((s.anyOf ?? []) as Schema[]).find((b) => b.type === 'object' && b.properties);
  return branch ? { schema: branch, step: '.' } : null;
}

const clip = (text: string, max = 4000) => (text.length > max ? text.slice(0, max) + `\n… (${text.length - max} more characters)` : text);

export async function toolReference(entry: RegisteredTool, registry: Registry): Promise<string> {
  const tool = await entry.load();
  const lines = [
    `# ${tool.title} (\`${tool.name}\`)`,
    '',
    tool.description,
    '',
    `- REST: \`POST ${registry.restPath(entry.tool)}\``,
    `- MCP tool: \`${tool.name}\` (toolset \`${tool.toolset}\`)`,
    `- ${sizePriceText(tool) || `Cost: ${tool.metering === 'render' ? 'render allowance, then credits' : `${tool.cost} credit${tool.cost === 1 ? '' : 's'}`}`}`,
    '',
  ];
  if (tool.docs) lines.push(tool.docs.trim(), '');
  lines.push('## Input', '', '| field | type | default | description |', '|---|---|---|---|', ...fieldRows(entry.inputSchema), '');
  // The MCP listing carries an answer's top level only (src/mcp/output-schema.ts): every field is here.
  lines.push('## Output', '', '| field | type | default | description |', '|---|---|---|---|', ...fieldRows(entry.outputSchema), '');
  lines.push('## Examples', '');
  for (const ex of tool.examples) {
    lines.push(
      `### ${ex.name}`,
      '',
      '```json',
      clip(JSON.stringify(ex.input, null, 2)),
      '```',
      '',
      ex.partial ? 'Output (partly, it varies):' : 'Output:',
      '',
      '```json',
      clip(JSON.stringify(ex.output, null, 2)),
      '```',
      '',
    );
  }
  return lines.join('\n');
}
