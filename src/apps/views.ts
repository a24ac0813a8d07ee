/**
 * MCP Apps views (the extension `io.modelcontextprotocol/ui`): a host that implements it shows a tool's
 * result as a view inside the conversation; any other host shows the text result, unchanged. Every tool
 * that declares a `resultView` is listed with `_meta.ui.resourceUri` = `ui://werkbank/<kind>`, and that
 * resource is one self-contained HTML document: the web pages' stylesheet, the view's script (the web
 * pages' result renderer with an `App` adapter, src/web/client/app-view/, bundled at build time) and the
 * declarations of the tools of that kind. It loads nothing: what it shows comes from the tool result, so
 * the host's default Content Security Policy (no network) is all it needs.
 */
import { ResourceNotFoundError } from '@modelcontextprotocol/server';
import type { Registry } from '../core/registry.js';
import type { ResultView } from '../core/tool.js';
import { APPS_EXTENSION, VIEW_MIME_TYPE, VIEW_URI_PREFIX, viewUri, type ViewKind } from './meta.js';
import type { McpExtension } from '../mcp/surface.js';
import { appViewScript } from '../web/assets.js';
import { STYLE } from '../web/style.js';
import { VIEW_STYLE } from './view-style.js';

const TITLES: Record<ViewKind, string> = {
  figure: 'A figure with its details',
  text: 'Text',
  code: 'Code or data in a language',
  list: 'A list of values',
  table: 'A table',
  record: 'A record of labelled values',
  file: 'A file, with its preview and download',
  html: 'HTML with its preview',
  diff: 'A side-by-side diff',
};

/** JSON inside a <script> element: no `<` that could close it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The view document of one kind, with the declarations of the tools listed with it. */
export function viewDocument(kind: ViewKind, declarations: Record<string, ResultView>, script: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>werkbank: ${TITLES[kind].toLowerCase()}</title>` +
    `<style>${STYLE}${VIEW_STYLE}</style></head><body>` +
    `<main id="view" aria-label="Result" data-kind="${kind}"><p class="muted">Waiting for the result…</p></main>` +
    `<script type="application/json" id="views">${scriptJson(declarations)}</script>` +
    `<script>${script.replace(/<\/script/gi, '<\\/script')}</script></body></html>`
  );
}

/** The views as MCP resources, and the extension's entry in the server's capabilities. */
export function appViews(registry: Registry): McpExtension {
  const documents = new Map<ViewKind, string>();
  let script: Promise<string> | undefined;
  const kinds = () => [...new Set(registry.listed().flatMap((e) => (e.tool.resultView ? [e.tool.resultView.kind] : [])))].sort();
  const documentOf = async (kind: ViewKind) => {
    let html = documents.get(kind);
    if (html === undefined) {
      const declarations = Object.fromEntries(
        registry.listed().flatMap((e) => (e.tool.resultView?.kind === kind ? [[e.tool.name, e.tool.resultView]] : [])),
      );
      documents.set(kind, (html = viewDocument(kind, declarations, await (script ??= appViewScript()))));
    }
    return html;
  };
  return {
    capabilities: { extensions: { [APPS_EXTENSION]: {} } },
    resources: {
      templates: [],
      async list() {
        return {
          resources: kinds().map((kind) => ({
            uri: viewUri(kind),
            name: `view-${kind}`,
            title: `werkbank view: ${TITLES[kind].toLowerCase()}`,
            description: `How MCP Apps hosts show a werkbank result whose main part is ${TITLES[kind].toLowerCase()}.`,
            mimeType: VIEW_MIME_TYPE,
          })),
        };
      },
      async read(uri) {
        if (!uri.startsWith(VIEW_URI_PREFIX)) return null;
        const kind = uri.slice(VIEW_URI_PREFIX.length) as ViewKind;
        if (!kinds().includes(kind)) throw new ResourceNotFoundError(uri);
        return { contents: [{ uri, mimeType: VIEW_MIME_TYPE, text: await documentOf(kind), _meta: { ui: { prefersBorder: true } } }] };
      },
    },
  };
}
