/**
 * How a user runs this very werkbank again, for the commands werkbank prints
 * (`doctor`'s host configurations, the fix of a render without a browser):
 *
 *   - started by npx (the package lives in npx's cache, `…/_npx/<hash>/…`):
 *     `npx -y werkbank-mcp` (a path into that cache is temporary: never printed);
 *   - installed as a dependency or globally (inside a node_modules folder):
 *     `npx werkbank-mcp`;
 *   - a clone of the repository: `npx werkbank` in the clone (npm runs the
 *     project's own bin), else `node /abs/path/dist/werkbank.js`.
 */
import { join, relative, sep } from 'node:path';
import { packageRoot } from './paths.js';

export type Install = 'npx' | 'package' | 'clone';

/** Where this werkbank runs from (see the module comment). */
export function installKind(root: string = packageRoot): Install {
  const parts = root.split(/[\\/]+/);
  if (parts.includes('_npx')) return 'npx';
  if (parts.includes('node_modules')) return 'package';
  return 'clone';
}

/** The absolute path of the CLI bundle of this install. */
export function cliPath(root: string = packageRoot): string {
  return join(root, 'dist', 'werkbank.js');
}

/** The command line that runs `werkbank <args>` on this install, as a user would type it. */
export function selfCommand(args = '', opts: { root?: string; cwd?: string } = {}): string {
  const root = opts.root ?? packageRoot;
  const kind = installKind(root);
  let base: string;
  if (kind === 'npx') base = 'npx -y werkbank-mcp';
  else if (kind === 'package') base = 'npx werkbank-mcp';
  else {
    const rel = relative(root, opts.cwd ?? process.cwd());
    const inside = rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && !/^[a-zA-Z]:/.test(rel));
    base = inside ? 'npx werkbank' : `node ${quote(cliPath(root))}`;
  }
  return args ? `${base} ${args}` : base;
}

function quote(path: string): string {
  return /^[\w./:\\-]+$/.test(path) ? path : JSON.stringify(path);
}
