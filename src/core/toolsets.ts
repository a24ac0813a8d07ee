/**
 * Toolset selection: which groups of tools a connection lists. Chosen with
 * `--toolsets a,b` / `WERKBANK_TOOLSETS` / `?toolsets=` on `/mcp`; `all` lists
 * everything. Tools outside the selection stay reachable through the discovery
 * meta-tools (list_toolsets, describe_toolset, call_tool).
 */
import { type Toolset } from './tool.js';
import { HttpError } from './errors.js';
import type { ToolsetDeclaration } from './toolset.js';
import { didYouMean } from './validate.js';

export type ToolsetSelection = ReadonlySet<Toolset>;

/** Parse a comma-separated list (`all` = every toolset). Throws a 400 naming `field` on an unknown name. */
export function parseToolsets(value: string, known: readonly ToolsetDeclaration[], field = 'toolsets'): Toolset[] {
  const names = value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const all = known.map((t) => t.name);
  if (names.includes('all')) return all;
  const out: Toolset[] = [];
  for (const name of names) {
    if (!all.includes(name)) {
      const hint = didYouMean(name, all);
      throw new HttpError(
        `Invalid ${field}: unknown toolset "${name}"${hint ? ` (did you mean "${hint}"?)` : ''}; toolsets: all, ${all.join(', ')}`,
      );
    }
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

/**
 * The default selection: the toolsets whose toolset.ts says `listedByDefault`
 * (format conversion, the Dutch helpers, the generators and agent memory),
 * well under the 40 tools where clients start to degrade.
 */
export function defaultToolsets(known: readonly ToolsetDeclaration[]): Toolset[] {
  return known.filter((t) => t.listedByDefault).map((t) => t.name);
}

export function selection(value: string | undefined, known: readonly ToolsetDeclaration[]): ToolsetSelection {
  return new Set(value === undefined || value.trim() === '' ? defaultToolsets(known) : parseToolsets(value, known));
}

/**
 * One toolset named by a caller (find_tools, describe_toolset, the catalogue's filter), of the toolsets this
 * process lists (hidden ones are unknown here too); otherwise a 400 naming the visible ones.
 */
export function parseVisibleToolset(
  registry: { visibleToolsets(): readonly { name: Toolset }[] },
  value: unknown,
  field = 'toolset',
): Toolset {
  if (typeof value !== 'string') throw new HttpError(`Invalid input: \`${field}\` is required (string)`);
  if (value.includes(',') || value.trim().toLowerCase() === 'all') throw new HttpError(`Invalid input: \`${field}\` must name one toolset`);
  const name = value.trim().toLowerCase();
  const visible = registry.visibleToolsets().map((t) => t.name);
  if (visible.includes(name)) return name;
  const close = didYouMean(name, visible);
  throw new HttpError(
    `Invalid ${field}: unknown toolset "${name}"${close ? ` (did you mean "${close}"?)` : ''}; toolsets: ${visible.join(', ')}`,
  );
}
