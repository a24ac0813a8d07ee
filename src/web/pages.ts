/**
 * The pages, generated from the registry (never written per tool): the
 * catalogue (`/`), one page per tool (`/tools/<slug>`), the account page
 * (`/account`) and the API reference (`/docs`). The server writes the
 * content; the browser code (client.ts) adds search, the generated form,
 * Run and the account actions.
 */
import type { Registry, RegisteredTool } from '../core/registry.js';
import { esc, frame, jsonBlock, type Frame } from './html.js';

type Common = Pick<Frame, 'assets' | 'csrf' | 'dev' | 'session'>;

/**
 * What the search matches beyond the card's visible text (title, toolset, first
 * sentence): the MCP name, the slug and the rest of the description.
 */
function searchText(e: RegisteredTool): string {
  const t = e.tool;
  const rest = t.description.slice(firstSentence(t.description).length);
  return [t.name, t.slug, rest].join(' ').toLowerCase().replace(/\s+/g, ' ').trim();
}

function firstSentence(text: string): string {
  const m = /^(.{20,220}?[.!?])(\s|$)/s.exec(text);
  return (m ? m[1] : text.slice(0, 220)).trim();
}

export function cataloguePage(registry: Registry, c: Common): string {
  const tools = registry.listed();
  const sets = registry.toolsets.filter((s) => tools.some((e) => e.tool.toolset === s.name));
  const items = tools
    .map(
      (e) =>
        `<li data-toolset="${esc(e.tool.toolset)}" data-search="${esc(searchText(e))}"><a href="/tools/${esc(e.tool.slug)}">${esc(e.tool.title)}</a>` +
        `<span class="tag">${esc(e.tool.toolset)}</span><p>${esc(firstSentence(e.tool.description))}</p></li>`,
    )
    .join('\n');
  const body = `<h1>Tools</h1>
<p class="muted">${tools.length} deterministic tools: try one here, then call it over REST or MCP.</p>
<div class="controls" role="search">
<div class="search"><label for="q">Search tools</label><input type="search" id="q" placeholder="e.g. iban, json, pdf" autocomplete="off" aria-describedby="count"></div>
<div class="filter"><label for="toolset">Toolset</label><select id="toolset"><option value="">All toolsets</option>${sets
    .map((s) => `<option value="${esc(s.name)}">${esc(s.name)}</option>`)
    .join('')}</select></div>
</div>
<p id="count" class="muted" role="status" aria-live="polite">${tools.length} tools</p>
<ul class="tools" id="tools">
${items}
</ul>
<p id="none" class="muted" hidden>No tool matches. Try fewer or other words.</p>`;
  return frame({ ...c, title: 'werkbank: tools', page: 'catalogue', body });
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
  examples: { name?: string; input: unknown }[];
}

export function toolPage(registry: Registry, entry: RegisteredTool, examples: ToolPageData['examples'], c: Common): string {
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
    examples,
  };
  const price = t.metering === 'render' ? 'render allowance, then credits' : `${t.cost} credit${t.cost === 1 ? '' : 's'} per call`;
  const body = `<p><a href="/">← All tools</a></p>
<h1>${esc(t.title)}</h1>
<p class="muted"><span class="tag">${esc(t.toolset)}</span> <code>POST ${esc(path)}</code> · ${esc(price)}</p>
<p>${esc(t.description)}</p>
<div class="layout">
<section aria-labelledby="input-h">
<h2 id="input-h">Input</h2>
${
  examples.length
    ? `<div class="examples" role="group" aria-label="Examples: fill the form">${examples
        .map((ex, i) => `<button type="button" class="secondary" data-example="${i}">${esc(ex.name ?? `Example ${i + 1}`)}</button>`)
        .join('')}</div>`
    : ''
}
<div id="keybox" class="card" hidden></div>
<form id="tool-form" novalidate>
<div id="fields"><p class="muted">The form needs JavaScript; the API and curl below work without it.</p></div>
<div id="form-error" class="alert" role="alert" hidden></div>
<div class="row"><button type="submit" id="run">Run</button><span id="status" class="muted" role="status" aria-live="polite"></span></div>
</form>
</section>
<section aria-labelledby="result-h">
<h2 id="result-h">Result</h2>
<div id="result"><p class="muted">Run the tool to see its result.</p></div>
</section>
</div>
<section aria-labelledby="call-h">
<h2 id="call-h">Call it yourself</h2>
<div class="card"><h3>curl</h3><pre id="curl"></pre><button type="button" class="secondary" data-copy="curl">Copy curl</button></div>
<div class="card"><h3>MCP</h3><p>Tool <code id="mcp-name">${esc(t.name)}</code> with the arguments:</p><pre id="mcp-args"></pre><button type="button" class="secondary" data-copy="mcp-args">Copy arguments</button></div>
<p><a href="/docs#operation/${esc(encodeURIComponent(t.name))}">OpenAPI operation <code>${esc(t.name)}</code></a> · <a href="/openapi.json">openapi.json</a></p>
</section>`;
  return frame({ ...c, title: `${t.title} · werkbank`, page: 'tool', body, data: jsonBlock('tool-data', data) });
}

export function accountPage(c: Common): string {
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
</div>`;
  return frame({ ...c, title: 'Account · werkbank', page: 'account', body });
}

export function docsPage(redocUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>API reference · werkbank</title>
</head>
<body>
<a href="/">← werkbank tools</a>
<redoc spec-url="/openapi.json" untrusted-spec></redoc>
<script src="${redocUrl}"></script>
</body>
</html>`;
}
