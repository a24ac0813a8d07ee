/**
 * Whether dist/ was built from the sources as they are now, so `npm start` builds only when it has to.
 *
 *   node scripts/build-stamp.mjs write    after a build (postbuild.mjs): records the sources' fingerprint
 *   node scripts/build-stamp.mjs ensure   `npm start`: builds (npm run build) only when the fingerprint differs
 *
 * The fingerprint is a digest of every build input's path, size and modification time (the folders tsc and the
 * bundler read, the package and lock files, the installed dependencies' lock): an edit, a pull, a checkout, an
 * added or deleted file or an `npm install` changes it; reading some 2,000 file entries takes milliseconds, where a
 * build takes half a minute. dist/ itself and the generated tools/index.ts are outputs, not inputs.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const stampOf = (root) => join(root, 'dist', '.build-stamp');
const INPUT_DIRS = ['src', 'tools', 'resources', 'prompts', 'scripts', 'bench', 'assets'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'node_modules/.package-lock.json'];
const GENERATED = new Set(['tools/index.ts']);

/** Every input file under `dir`, relative to `root`, in a stable order. */
function files(root, dir) {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath ?? e.path, e.name)))
    .filter((f) => !GENERATED.has(f.split('\\').join('/')))
    .sort();
}

export function fingerprint(root = ROOT) {
  const hash = createHash('sha256');
  for (const file of [...INPUT_DIRS.flatMap((dir) => files(root, dir)), ...INPUT_FILES.filter((f) => existsSync(join(root, f)))]) {
    const st = statSync(join(root, file));
    hash.update(`${file}\0${st.size}\0${st.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/** Whether dist/ holds a complete build of the sources as they are now. */
export function current(root = ROOT) {
  if (!existsSync(join(root, 'dist', 'werkbank.js')) || !existsSync(stampOf(root))) return false;
  return readFileSync(stampOf(root), 'utf8').trim() === fingerprint(root);
}

/** Records that dist/ under `root` was built from its sources as they are now. */
export function writeStamp(root = ROOT) {
  writeFileSync(stampOf(root), fingerprint(root) + '\n');
}

// Run as a script (not imported by a test).
const command = process.argv[1] === fileURLToPath(import.meta.url) ? process.argv[2] : undefined;
if (command === 'write') writeStamp();
else if (command === 'ensure') {
  if (!current()) {
    process.stderr.write('werkbank: the sources changed since the last build (or there is none): building first (npm run build)\n');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const build = spawnSync(npm, ['run', 'build'], { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
    process.exit(build.status ?? 1);
  }
} else if (command !== undefined) {
  process.stderr.write(`Unknown command "${command}": use write or ensure\n`);
  process.exit(2);
}
