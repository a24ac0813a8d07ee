/**
 * How a user runs this very werkbank again, for the commands werkbank prints
 * (`doctor`'s host configurations, the fix of a render without a browser):
 *
 *   - started by npx (the package lives in npx's cache, `…/_npx/<hash>/…`):
 *     `npx -y werkbank-mcp` (a path into that cache is temporary: never printed);
 *   - installed as a dependency (inside a node_modules folder): `npx werkbank-mcp` in that project (npx
 *     finds the project's own bin there only), else `node /abs/path/dist/werkbank.js`; a global install too
 *     (its node_modules belongs to no project the user is in);
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
  const cwd = opts.cwd ?? process.cwd();
  if (kind === 'npx') base = 'npx -y werkbank-mcp';
  else if (kind === 'package') {
    // The project that installed it: the folder holding the node_modules it is in.
    const parts = root.split(/[\\/]+/);
    const project = parts.slice(0, parts.lastIndexOf('node_modules')).join(sep) || sep;
    base = within(project, cwd) ? 'npx werkbank-mcp' : `node ${quote(cliPath(root))}`;
  } else base = within(root, cwd) ? 'npx werkbank' : `node ${quote(cliPath(root))}`;
  return args ? `${base} ${args}` : base;
}

/** Whether `dir` is `folder` or inside it. */
function within(folder: string, dir: string): boolean {
  const rel = relative(folder, dir);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && !/^[a-zA-Z]:/.test(rel));
}

function quote(path: string): string {
  return /^[\w./:\\-]+$/.test(path) ? path : JSON.stringify(path);
}
