/**
 * The pages, generated from the registry (never written per tool): the
 * catalogue (`/`), one page per tool (`/tools/<slug>`), the account page
 * (`/account`), the friendly 404 and the API reference (`/docs`). The server
 * writes the content; the browser code (src/web/client/) adds search, the
 * generated form, Run, the result views and the account actions.
 */
import type { Registry, RegisteredTool } from '../core/registry.js';
import { toolCount } from '../core/tool-count.js';
import type { ResultView } from '../core/tool.js';
import { esc, frame, header, jsonBlock, type Frame } from './html.js';
import { connectCard } from './connect-card.js';

type Common = Pick<Frame, 'assets' | 'csrf' | 'dev' | 'session'>;

/** Toolsets by name for people (the folder names are for code). */
const TOOLSET_NAMES: Record<string, string> = {
  ai: 'AI',
  business: 'Business and shopping',
  csv: 'CSV files',
  datetime: 'Dates and times',
  dev: 'Developer helpers',
  dutch: 'Dutch helpers',
  'dutch-calc': 'Dutch calculators',
  finance: 'Loans and savings',
  format: 'Formats and conversion',
  generators: 'Dutch test data',
  grades: 'Grades',
  health: 'Health and fitness',
  math: 'Maths and units',
  memory: 'Agent memory',
  render: 'PDF, images and QR codes',
  security: 'Passwords and random numbers',
  text: 'Text editing',
  'text-analysis': 'Text analysis',
  validation: 'Validators',
};

export function toolsetName(name: string): string {
  return TOOLSET_NAMES[name] ?? name.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/** Markdown-ish text as HTML: escaped, with `code` spans (camelCase field names read as code too). */
export function inline(text: string): string {
  return text
    .split(/(`[^`]+`)/)
    .map((part) =>
      part.startsWith('`') && part.endsWith('`') && part.length > 1
        ? `<code>${esc(part.slice(1, -1))}</code>`
        : esc(part).replace(/\b[a-z]+(?:[A-Z][a-z0-9]*)+\b/g, '<code>$&</code>'),
    )
    .join('');
}

/** Plain text: Markdown code marks dropped. */
function plain(text: string): string {
  return text.replace(/`([^`]+)`/g, '$1').replace(/\*\*([^*]+)\*\*/g, '$1');
}

const ABBREVIATIONS = /\b(e\.g|i\.e|etc|vs|approx|incl|excl|no|nr|cf|resp|min|max|art|Dr|Mr|Mrs|St)\.$/i;

/** The first sentence of a description (an abbreviation's or a number's point is not an end). */
export function firstSentence(text: string): string {
  const re = /[.!?](?=\s|$)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const upto = text.slice(0, m.index + 1);
    if (upto.length < 20 || ABBREVIATIONS.test(upto)) continue;
    return upto.trim();
  }
  return text.trim();
}

/** camelCase names (a field's, in a description written for models) in words: `fixedCosts` → "fixed costs". */
function words(text: string): string {
  return text.replace(/\b[a-z]+(?:[A-Z][a-z0-9]*)+\b/g, (w) => w.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase());
}

/** A card's one-line summary: plain text, the first sentence, cut only between words. */
export function summaryOf(description: string, max = 110): string {
  const s = words(plain(firstSentence(description))).replace(/\s+/g, ' ');
  if (s.length <= max) return s;
  const cut = s.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:(–—-]+$/, '') + '…';
}

/** A tool's line on a card: the summary written for people, else one derived from the description. */
export function cardSummary(tool: { summary?: string; description: string }): string {
  return tool.summary ?? summaryOf(tool.description);
}

/** A tool's card; `order` is its place in the catalogue (the page restores it after a search). */
function card(e: RegisteredTool, order: number): string {
  const t = e.tool;
  return (
    `<li data-slug="${esc(t.slug)}" data-toolset="${esc(t.toolset)}" data-order="${order}"><a href="/tools/${esc(t.slug)}">${esc(t.title)}</a>` +
    `<p>${esc(cardSummary(t))}</p><span class="tag">${esc(toolsetName(t.toolset))}</span></li>`
  );
}

/** What the catalogue was asked for (`/?q=…&toolset=…`): the page is written already filtered, so it works without script. */
export interface CatalogueQuery {
  q?: string;
  toolset?: string;
}

/** The search box, first in the site header on the catalogue (the first field Tab reaches); a plain GET form without script. */
function searchBox(q: string, counted = true): string {
  return `<form class="search" role="search" action="/" method="get"><label for="q" class="visually-hidden">Search tools</label><input type="search" id="q" name="q" value="${esc(q)}" placeholder="Search tools, e.g. net salary, json to yaml" autocomplete="off"${counted ? ' aria-describedby="count"' : ''}></form>`;
}

export function cataloguePage(registry: Registry, c: Common, query: CatalogueQuery = {}): string {
  const tools = registry.listed();
  const sets = registry.toolsets.filter((s) => tools.some((e) => e.tool.toolset === s.name));
  const q = query.q?.trim().slice(0, 200) ?? '';
  const ts = sets.some((s) => s.name === query.toolset) ? query.toolset! : '';
  const hits = q ? registry.search(q, { limit: 200, ...(ts ? { toolset: ts } : {}) }).map((h) => h.entry) : [];
  const shown = q ? hits.length : tools.filter((e) => !ts || e.tool.toolset === ts).length;
  const place = new Map(tools.map((e, i) => [e, i]));
  const cardOf = (e: RegisteredTool) => card(e, place.get(e)!);
  const grouped = sets
    .map((s) => {
      const own = tools.filter((e) => e.tool.toolset === s.name && !hits.includes(e));
      const hidden = q || (ts && ts !== s.name);
      return `<section class="set" data-toolset="${esc(s.name)}" aria-labelledby="set-${esc(s.name)}"${hidden ? ' hidden' : ''}><h2 id="set-${esc(s.name)}">${esc(toolsetName(s.name))}</h2>
<ul class="tools">${own.map(cardOf).join('\n')}</ul></section>`;
    })
    .join('\n');
  const featured = tools.filter((e) => e.tool.featured);
  const count = toolCount(registry);
  const hiddenNote =
    count.listed < count.total ? ` Listed here: ${count.listed} (${esc(count.text.slice(count.text.indexOf('; ') + 2))}).` : '';
  const body = `<h1>werkbank tools</h1>
<p class="intro">werkbank is ${count.total} small tools: calculators, converters, validators, Dutch payroll and tax figures, test data; all but the AI tools give the same answer every time.</p>
<details class="about"><summary>Use them from your code or an AI assistant</summary><p>Each tool is also an API call (<a href="/docs">REST reference</a>) and an MCP tool: connect Claude, Cursor or another MCP host to <code>/mcp</code> with an API key from your <a href="/account">account</a>.${hiddenNote}</p></details>
<div class="controls">
<div class="filter"><label for="toolset">Toolset</label><select id="toolset"><option value="">All toolsets</option>${sets
    .map((s) => `<option value="${esc(s.name)}"${s.name === ts ? ' selected' : ''}>${esc(toolsetName(s.name))}</option>`)
    .join('')}</select></div>
<p id="count" class="muted" role="status" aria-live="polite">${shown} tool${shown === 1 ? '' : 's'}</p>
</div>
${featured.length ? `<section id="popular" aria-labelledby="popular-h"${q || ts ? ' hidden' : ''}><h2 id="popular-h">Popular tools</h2><ul class="tools popular">${featured.map(cardOf).join('\n')}</ul></section>` : ''}
<div id="tools">
<ul class="tools" id="ranked" aria-label="Matching tools, best first"${q ? '' : ' hidden'}>${hits.map(cardOf).join('\n')}</ul>
${grouped}
</div>
<p id="none" class="muted"${q && !hits.length ? '' : ' hidden'}>No tool matches. Try fewer or other words.</p>`;
  return frame({ ...c, title: 'werkbank: tools', page: 'catalogue', body, search: searchBox(q) });
}

export interface ToolPageData {
  slug: string;
  name: string;
  title: string;
  toolset: string;
  cost: number;
  metering: string;
  path: string;
  inputSchema: unknown;
  outputSchema: unknown;
  resultView?: ResultView;
  /** Runs as a task when asked (`runsAsTask`): the page asks for one and shows its progress. */
  long?: boolean;
  examples: { name?: string; input: unknown }[];
}

export function toolPage(
  registry: Registry,
  entry: RegisteredTool,
  { examples, long }: Pick<ToolPageData, 'examples' | 'long'>,
  c: Common,
): string {
  const t = entry.tool;
  const path = registry.restPath(t);
  const data: ToolPageData = {
    slug: t.slug,
    name: t.name,
    title: t.title,
    toolset: t.toolset,
    cost: t.cost,
    metering: t.metering,
    path,
    inputSchema: entry.inputSchema,
    outputSchema: entry.outputSchema,
    ...(t.resultView ? { resultView: t.resultView } : {}),
    ...(long ? { long } : {}),
    examples,
  };
  const price =
    t.metering === 'render'
      ? 'render allowance, then credits'
      : t.cost === 0
        ? 'free'
        : `${t.cost} credit${t.cost === 1 ? '' : 's'} per call`;
  const lead = firstSentence(t.description);
  const rest = t.description.slice(lead.length).trim();
  const body = `<nav class="crumbs" aria-label="Breadcrumb"><a href="/">All tools</a> › <a href="/?toolset=${esc(encodeURIComponent(t.toolset))}">${esc(toolsetName(t.toolset))}</a></nav>
<h1>${esc(t.title)}</h1>
<p class="lead">${inline(lead)}</p>
${rest ? `<details class="about"><summary>More about this tool</summary><p>${inline(rest)}</p></details>` : ''}
<div class="layout">
<section aria-labelledby="input-h" class="input-section">
<h2 id="input-h">Input</h2>
${
  examples.length
    ? `<div class="examples" role="group" aria-label="Examples: fill in the form"><span class="muted">Examples:</span>${examples
        .map((ex, i) => `<button type="button" class="secondary small" data-example="${i}">${esc(ex.name ?? `Example ${i + 1}`)}</button>`)
        .join('')}</div>`
    : ''
}
<form id="tool-form" novalidate>
<div id="fields"><p class="muted">The form needs JavaScript; the API and curl below work without it.</p></div>
<div id="form-error" class="alert" role="alert" hidden></div>
<div class="row runrow"><button type="submit" id="run">Run</button><button type="button" class="secondary" id="reset">Reset</button><span id="status" class="muted" role="status" aria-live="polite"></span></div>
<p class="hint kbd-hint">Ctrl+Enter (⌘+Enter) runs from any field.</p>
</form>
<div id="keybox" class="card keybox" hidden></div>
</section>
<section aria-labelledby="result-h" id="result-section" class="result-section">
<h2 id="result-h">Result</h2>
<div id="result"><p class="muted">Run the tool to see its result.</p></div>
</section>
</div>
<section aria-labelledby="call-h" class="call">
<h2 id="call-h">Call it yourself</h2>
<p class="muted"><code>POST ${esc(path)}</code> · ${esc(price)} · MCP tool <code id="mcp-name">${esc(t.name)}</code></p>
<div class="card"><h3>curl</h3><pre id="curl" tabindex="0"></pre><button type="button" class="secondary" data-copy="curl">Copy curl</button></div>
<div class="card"><h3>MCP</h3><p>Tool <code>${esc(t.name)}</code> with the arguments:</p><pre id="mcp-args" tabindex="0"></pre><button type="button" class="secondary" data-copy="mcp-args">Copy arguments</button></div>
<p><a href="/docs#operation/${esc(encodeURIComponent(t.name))}">OpenAPI operation <code>${esc(t.name)}</code></a> · <a href="/openapi.json">openapi.json</a></p>
</section>`;
  return frame({ ...c, title: `${t.title} · werkbank`, page: 'tool', body, data: jsonBlock('tool-data', data) });
}

/**
 * The 404 page of a browser: what was asked, the closest tools, a search already filled in with the words of
 * the path, and the way on. `/tools/<slug>` names the tool; any other path is a page not found.
 */
export function notFoundPage(path: string, suggestions: RegisteredTool[], c: Common): string {
  const tool = /^\/tools\/([^/]+)$/.exec(path)?.[1];
  const words = (path.split('/').filter(Boolean).pop() ?? '')
    .replace(/[-_.]+/g, ' ')
    .trim()
    .slice(0, 80);
  const list = suggestions.length
    ? `<p>Did you mean:</p><ul class="tools suggestions">${suggestions
        .map((e) => `<li><a href="/tools/${esc(e.tool.slug)}">${esc(e.tool.title)}</a><p>${esc(cardSummary(e.tool))}</p></li>`)
        .join('')}</ul>`
    : '';
  const body = `<h1>${tool ? `No tool “${esc(tool)}”` : 'Page not found'}</h1>
<p>There is no ${tool ? 'tool' : 'page'} at <code>${esc(path)}</code>.</p>
${list}
<p>${words ? `<a href="/?q=${esc(encodeURIComponent(words))}">Search all tools for “${esc(words)}”</a> · ` : ''}<a href="/">All tools</a> · <a href="/docs">API reference</a></p>`;
  return frame({ ...c, title: 'Not found · werkbank', page: 'notfound', body, search: searchBox(words, false) });
}

/** The key page; `mcpUrl` is the server's `/mcp` at its public base URL (the Connect card). */
export function accountPage(c: Common, mcpUrl: string): string {
  const body = `<h1>Account</h1>
<section id="signin" class="card" aria-labelledby="signin-h">
<h2 id="signin-h">Sign in</h2>
<p><a href="/signin">Sign in with a passkey, or create an account</a>. Or use a key:</p>
<p class="muted">With an API key you see your own account; with the admin token (WERKBANK_ADMIN_TOKEN), all accounts. The key stays in this browser's storage and is sent only in a header.</p>
<form id="signin-form">
<fieldset><legend>Sign in with</legend>
<div class="field check"><input type="radio" name="kind" id="kind-key" value="key" checked><label for="kind-key">API key</label></div>
<div class="field check"><input type="radio" name="kind" id="kind-admin" value="admin"><label for="kind-admin">Admin token</label></div>
</fieldset>
<div class="field"><label for="secret">Key or token</label><input type="password" id="secret" autocomplete="off" required aria-describedby="signin-error"></div>
<div id="signin-error" class="error" role="alert"></div>
<div class="row"><button type="submit">Sign in</button><button type="button" class="secondary" id="use-dev" hidden>Use the dev key</button></div>
</form>
</section>
<div id="account" hidden>
<div class="row"><p id="who" class="muted"></p><button type="button" class="secondary" id="signout">Sign out</button></div>
<div id="admin-accounts" hidden></div>
<div id="account-view"></div>
</div>
${connectCard(mcpUrl)}`;
  return frame({ ...c, title: 'Account · werkbank', page: 'account', body });
}

/** /docs/redoc: Redoc under the site header (its own small stylesheet: the pages' one would restyle Redoc). */
export function docsPage(redocUrl: string, docsCss: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Interactive API reference · werkbank</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${docsCss}">
</head>
<body class="docs">
${header('docs', undefined, '', true)}
<redoc spec-url="/openapi.json" untrusted-spec></redoc>
<script src="${redocUrl}"></script>
</body>
</html>`;
}
