/**
 * The "Connect an MCP host" card of both account pages (the key page, src/web/pages.ts, and the passkey
 * page, src/web/account-auth.ts): the server's `/mcp` address at its public base URL
 * (src/http/public-base.ts), a copy button (src/web/client/account/connect.ts) and the short steps for
 * Claude, ChatGPT, Cursor and VS Code. Hosts that speak OAuth need no key: they open werkbank's sign-in
 * and consent page themselves.
 */
import { esc } from './html.js';

/** A JSON snippet for a host's configuration file, with the address in it. */
const snippet = (value: unknown) =>
  `<pre class="code" tabindex="0">${esc(JSON.stringify(value, null, 2))}</pre><button type="button" class="secondary small" data-copy-snippet>Copy configuration</button>`;

function hostSteps(url: string): string {
  const claude = `<ol>
<li>In Claude (claude.ai or Claude Desktop) open <strong>Settings → Connectors</strong> and choose <strong>Add custom connector</strong>.</li>
<li>Name it <em>werkbank</em> and paste the address above; leave the OAuth fields empty. Choose <strong>Add</strong>.</li>
<li>Choose <strong>Connect</strong>: werkbank asks you to sign in and to approve Claude.</li></ol>`;
  const chatgpt = `<ol>
<li>In ChatGPT open <strong>Settings → Apps → Advanced settings</strong> and turn on <strong>Developer mode</strong>.</li>
<li>Back in <strong>Settings → Apps</strong> choose <strong>Create app</strong>: paste the address above as the MCP server URL and pick <strong>OAuth</strong>.</li>
<li>Confirm that you trust the app and choose <strong>Create</strong>: werkbank asks you to sign in and to approve ChatGPT.</li></ol>`;
  const cursor = `<ol>
<li>Add werkbank to <code>~/.cursor/mcp.json</code> (every project) or <code>.cursor/mcp.json</code> (one project):</li></ol>
${snippet({ mcpServers: { werkbank: { url } } })}
<ol start="2"><li>In Cursor's MCP settings, turn werkbank on and choose <strong>Connect</strong> to sign in and approve it.</li></ol>`;
  const vscode = `<ol>
<li>Run <strong>MCP: Add Server</strong> from the Command Palette, pick <strong>HTTP</strong> and paste the address above, or add to <code>.vscode/mcp.json</code>:</li></ol>
${snippet({ servers: { werkbank: { type: 'http', url } } })}
<ol start="2"><li>Start the server when VS Code offers it and allow it to sign in: werkbank asks you to approve VS Code.</li></ol>`;
  const host = (id: string, name: string, steps: string) =>
    `<details class="host" id="connect-${id}"><summary>${name}</summary>${steps}</details>`;
  return (
    host('claude', 'Claude', claude) +
    host('chatgpt', 'ChatGPT', chatgpt) +
    host('cursor', 'Cursor', cursor) +
    host('vscode', 'VS Code', vscode)
  );
}

export function connectCard(mcpUrl: string): string {
  const local = /^http:\/\/(localhost|127\.|\[::1\])/.test(mcpUrl);
  return `<section class="card connect" id="connect" aria-labelledby="connect-h">
<h2 id="connect-h">Connect an MCP host</h2>
<p class="muted">Use werkbank's tools from Claude, ChatGPT, Cursor, VS Code or any MCP host that speaks Streamable HTTP. Its address:</p>
<div class="row copyline"><code id="mcp-url">${esc(mcpUrl)}</code><button type="button" class="secondary small" id="copy-mcp-url" data-url="${esc(mcpUrl)}">Copy address</button></div>
${local ? '<p class="hint" id="connect-local">Claude and ChatGPT connect from their own servers: they need this server at a public https address. Cursor and VS Code on this computer can use it as it is.</p>' : ''}
${hostSteps(mcpUrl)}
<p class="hint">A connected host spends this account's credits; remove it any time under Connected applications. A host that cannot sign in (or an account without a passkey) sends an API key in the header <code>X-API-Key</code> instead: in Cursor and VS Code add <code>"headers": {"X-API-Key": "…"}</code> next to <code>url</code>.</p>
</section>`;
}
