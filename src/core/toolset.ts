/**
 * The toolset declaration: `tools/<toolset>/toolset.ts` default-exports
 * `defineToolset({...})`. The folder name is the toolset's name; every tool
 * file beside it belongs to it (scripts/gen-tool-index.mjs finds them).
 */
import type { Tool, ToolDeclaration, Toolset } from './tool.js';

export interface ToolsetSpec {
  /** One line for an agent choosing toolsets: what its tools are for. */
  description: string;
  /** Listed on MCP connections that choose no toolsets (keep the default listing within its token budget). */
  listedByDefault?: boolean;
  /** The REST prefix of its tools: `/api/v1/<rest>/<slug>` (default `tools`; renders use `render`). */
  rest?: 'tools' | 'render';
  /**
   * Listing order, where it helps an agent (memory-set before memory-get); the
   * tools not named follow in name order. Not a registration: every file is listed.
   */
  order?: readonly string[];
}

export interface ToolsetDeclaration extends Required<Omit<ToolsetSpec, 'order'>> {
  name: Toolset;
}

export function defineToolset(spec: ToolsetSpec): ToolsetSpec {
  return spec;
}

export function declareToolset(name: Toolset, spec: ToolsetSpec): ToolsetDeclaration {
  return { name, description: spec.description, listedByDefault: spec.listedByDefault ?? false, rest: spec.rest ?? 'tools' };
}

/** The tool files of a toolset folder in listing order: `spec.order` first, then by name. */
export function orderTools(name: Toolset, spec: ToolsetSpec, files: readonly string[]): string[] {
  for (const slug of spec.order ?? [])
    if (!files.includes(slug)) throw new Error(`tools/${name}/toolset.ts orders "${slug}", which is not a tool in tools/${name}/`);
  const rank = (slug: string) => {
    const i = spec.order?.indexOf(slug) ?? -1;
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  return [...files].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
}

/** Places a tool file's declaration in its toolset; the file must declare the slug it is named after. */
export function placeTool(toolset: Toolset, file: string, declaration: ToolDeclaration | undefined): Tool {
  if (declaration?.slug !== file)
    throw new Error(
      `tools/${toolset}/${file}.ts must default-export defineTool({ slug: '${file}', ... }) (found ${declaration?.slug === undefined ? 'no tool' : `slug '${declaration.slug}'`})`,
    );
  return { ...declaration, toolset };
}
