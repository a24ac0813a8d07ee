/**
 * What the listing says about MCP Apps views (the extension `io.modelcontextprotocol/ui`): every tool
 * that declares a `resultView` names the view of its kind, `ui://werkbank/<kind>` (src/apps/views.ts
 * serves them). Hosts without the extension ignore `_meta`.
 */
import type { ToolMeta } from '../core/registry.js';
import type { ResultView } from '../core/tool.js';

/** The extension's identifier, as clients and servers name it under `capabilities.extensions`. */
export const APPS_EXTENSION = 'io.modelcontextprotocol/ui';
/** The MIME type of an MCP Apps view document. */
export const VIEW_MIME_TYPE = 'text/html;profile=mcp-app';
export const VIEW_URI_PREFIX = 'ui://werkbank/';

export type ViewKind = ResultView['kind'];

export const viewUri = (kind: ViewKind) => `${VIEW_URI_PREFIX}${kind}`;

/** The `_meta` a tool is listed with: the view of its declared kind (none without a declared view). */
export function viewMeta(tool: Pick<ToolMeta, 'resultView'>): { ui: { resourceUri: string } } | undefined {
  return tool.resultView ? { ui: { resourceUri: viewUri(tool.resultView.kind) } } : undefined;
}
