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

/**
 * Names and places a toolset folder's declarations, keyed by file name (the
 * generated tool index calls this). A file must declare the slug it is named after.
 */
export function placeToolset(
  name: Toolset,
  spec: ToolsetSpec,
  declarations: Readonly<Record<string, ToolDeclaration>>,
): { toolset: ToolsetDeclaration; tools: Tool[] } {
  const toolset: ToolsetDeclaration = { name, description: spec.description, listedByDefault: spec.listedByDefault ?? false, rest: spec.rest ?? 'tools' };
  const tools = Object.entries(declarations).map(([file, d]) => {
    if (d?.slug !== file) throw new Error(`tools/${name}/${file}.ts must default-export defineTool({ slug: '${file}', ... }) (found ${d?.slug === undefined ? 'no tool' : `slug '${d.slug}'`})`);
    return { ...d, toolset: name };
  });
  const rank = (slug: string) => {
    const i = spec.order?.indexOf(slug) ?? -1;
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  for (const slug of spec.order ?? []) if (!(slug in declarations)) throw new Error(`tools/${name}/toolset.ts orders "${slug}", which is not a tool in tools/${name}/`);
  tools.sort((a, b) => rank(a.slug) - rank(b.slug) || (a.slug < b.slug ? -1 : 1));
  return { toolset, tools };
}
