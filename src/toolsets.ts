/**
 * Toolset selection: which groups of tools a connection lists. Chosen with
 * `--toolsets a,b` / `WERKBANK_TOOLSETS` / `?toolsets=` on `/mcp`; `all` lists
 * everything. Tools outside the selection stay reachable through the discovery
 * meta-tools (list_toolsets, describe_toolset, call_tool).
 */
import { TOOLSETS, ToolError, type Toolset } from './tool.js';
import { didYouMean } from './validate.js';

export type ToolsetSelection = ReadonlySet<Toolset>;

/**
 * The default selection: 26 tools (plus the three discovery tools), well under
 * the 40 where clients start to degrade: format conversion, the Dutch helpers,
 * the generators and agent memory. Everything else is one `call_tool` away.
 */
export const DEFAULT_TOOLSETS: readonly Toolset[] = ['format', 'dutch', 'generators', 'memory'];

/** Parse a comma-separated list (`all` = every toolset). Throws a 400 naming `field` on an unknown name. */
export function parseToolsets(value: string, field = 'toolsets'): Toolset[] {
  const names = value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (names.includes('all')) return Object.keys(TOOLSETS) as Toolset[];
  const out: Toolset[] = [];
  for (const name of names) {
    if (!(name in TOOLSETS)) {
      const hint = didYouMean(name, Object.keys(TOOLSETS));
      throw new ToolError(
        `Invalid ${field}: unknown toolset "${name}"${hint ? ` (did you mean "${hint}"?)` : ''}; toolsets: all, ${Object.keys(TOOLSETS).join(', ')}`,
      );
    }
    if (!out.includes(name as Toolset)) out.push(name as Toolset);
  }
  return out;
}

export function selection(value: string | undefined, fallback: readonly Toolset[] = DEFAULT_TOOLSETS): ToolsetSelection {
  return new Set(value === undefined || value.trim() === '' ? fallback : parseToolsets(value));
}
