/**
 * The MCP Apps view: a tool's result shown inside a conversation by a host that implements the
 * extension (`io.modelcontextprotocol/ui`). The host sends the call's arguments and result over
 * postMessage (`App` of @modelcontextprotocol/ext-apps); the result is drawn by the same renderer
 * as the tool's web page (../result/), and what the sandbox blocks (downloads, hosted files) goes
 * through the host. Bundled at build time (src/web/assets.ts); the server wraps it into one
 * document per view kind with the declarations of that kind's tools (src/apps/views.ts).
 */
import { App, applyDocumentTheme, applyHostFonts, applyHostStyleVariables, type McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import { h } from '../dom.js';
import { renderResult } from '../result/result.js';
import { resolveView, type ResultView } from '../result/view.js';
import { contentPreview, routeDownloads } from './files.js';
import { actionsFor } from './inputs.js';

type ToolResult = Parameters<NonNullable<App['ontoolresult']>>[0];

/** The declarations of this document's tools, by MCP tool name (written by the server). */
const declared = JSON.parse(document.getElementById('views')?.textContent ?? '{}') as Record<string, ResultView>;
const root = document.getElementById('view')!;
const app = new App({ name: 'werkbank', version: '1' }, {}, { autoResize: true });
let args: Record<string, unknown> = {};

/** The web pages' colour variables, taken from the host's where it gives them. */
const HOST_VARIABLES: Record<string, string> = {
  '--bg': '--color-background-primary',
  '--card': '--color-background-secondary',
  '--code': '--color-background-tertiary',
  '--fg': '--color-text-primary',
  '--muted': '--color-text-secondary',
  '--line': '--color-border-primary',
  '--accent': '--color-text-info',
  '--err': '--color-text-danger',
  '--ok': '--color-text-success',
  '--focus': '--color-ring-primary',
};

function follow(ctx: McpUiHostContext | undefined): void {
  if (!ctx) return;
  if (ctx.theme) applyDocumentTheme(ctx.theme);
  const variables = ctx.styles?.variables;
  if (variables) {
    applyHostStyleVariables(variables);
    const style = document.documentElement.style;
    for (const [own, host] of Object.entries(HOST_VARIABLES))
      if (variables[host as keyof typeof variables]) style.setProperty(own, `var(${host})`);
      else style.removeProperty(own);
    if (variables['--font-sans']) document.body.style.fontFamily = 'var(--font-sans)';
  }
  if (ctx.styles?.css?.fonts) applyHostFonts(ctx.styles.css.fonts);
  const inset = ctx.safeAreaInsets;
  if (inset) document.body.style.padding = `${inset.top}px ${inset.right}px ${inset.bottom}px ${inset.left}px`;
}

/** The tool's declaration: by its name when the host says which tool ran, else the first of this kind that fits the answer. */
function viewOf(name: string | undefined, data: unknown): ResultView | undefined {
  if (name && declared[name]) return declared[name];
  return Object.values(declared).find((v) => resolveView(data, v) !== undefined);
}

function show(result: ToolResult): void {
  const tool = app.getHostContext()?.toolInfo?.tool;
  const name = tool?.name;
  root.textContent = '';
  const heading = h('h2', { class: 'visually-hidden', text: `${tool?.title ?? name ?? 'werkbank'}: result` });
  if (result.isError) {
    const text = result.content?.find((c) => c.type === 'text');
    root.append(heading, h('p', { class: 'error', role: 'alert', text: text && 'text' in text ? String(text.text) : 'The call failed' }));
    return;
  }
  const data = result.structuredContent ?? parseText(result);
  const box = h('div', { class: 'result' });
  renderResult(box, data, viewOf(name, data), (name ?? 'result').replace(/_/g, '-'));
  contentPreview(box, result, app);
  root.append(heading, box);
  if (name) root.append(...actionsFor(name, args, data, tool?.inputSchema, rerun));
}

/** The answer's JSON text block, for a result without structuredContent. */
function parseText(result: ToolResult): unknown {
  const first = result.content?.[0];
  try {
    return first && first.type === 'text' ? JSON.parse(first.text) : undefined;
  } catch {
    return first && first.type === 'text' ? { text: first.text } : undefined;
  }
}

/** The tool called again from the view, through the host, as the person's own call. */
async function rerun(name: string, next: Record<string, unknown>): Promise<void> {
  root.setAttribute('aria-busy', 'true');
  try {
    const result = await app.callServerTool({ name, arguments: next });
    if (!result.isError) args = next;
    show(result);
  } catch (err) {
    root.append(h('p', { class: 'error', role: 'alert', text: `The call failed: ${(err as Error).message}` }));
  } finally {
    root.removeAttribute('aria-busy');
  }
}

app.ontoolinput = (params) => {
  args = params.arguments ?? {};
};
app.ontoolresult = show;
app.onhostcontextchanged = follow;
routeDownloads(app);
void app.connect().then(() => follow(app.getHostContext()));
