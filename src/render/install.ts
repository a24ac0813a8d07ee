/**
 * The browser werkbank installs for itself: `werkbank-mcp install-browser`
 * (or the first render, when the operator allows it with
 * WERKBANK_BROWSER_AUTO_INSTALL=1) fetches the npm package
 * `@sparticuz/chromium` (a headless Chromium for Linux x64, brotli-compressed,
 * about 64 MB) from the npm registry, checks the tarball against the integrity
 * pinned below (the package-lock's), unpacks the browser and its SwiftShader
 * libraries into `<browser dir>/chromium-<version>/`, checks the unpacked
 * files' hashes, and records what it installed. Nothing of the package is
 * imported: its JavaScript (which unpacks into /tmp on every start) is not used.
 *
 * The browser dir is WERKBANK_BROWSER_DIR, else `<data dir>/browser`. Renders
 * look there (src/render/browser.ts) after a configured and an installed
 * system browser. The Docker image installs it at build time.
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { HttpError } from '../core/errors.js';

/** The package and version installed, with the integrity of its registry tarball and the hashes of the files used. */
export const BROWSER_PACKAGE = {
  name: '@sparticuz/chromium',
  version: '143.0.4',
  /** `dist.integrity` of the tarball on the npm registry (= package-lock.json's entry). */
  integrity: 'sha512-/6I7uQTRhRDD2/gGPQ1Gkf+Dqk0RYDACPJDZfSzz0OWk4JmUTonNHPXbrn6UIklOHlnDLf8xAAzkOZKB/cJpLA==',
  /** SHA-256 of the compressed files unpacked (checked also when installing from a local copy of the package). */
  files: {
    'bin/chromium.br': 'dc18266bc60b0c9556054808b7a63d1079b56665074ff42bf5b980d27b8bd5b5',
    'bin/swiftshader.tar.br': '1b4c63ac0f24bfedd469675c33b09c84f7d6d26acb30bed2ab8e875e084cf3a2',
  } as Record<string, string>,
} as const;

/** The folder of one installed version, inside the browser dir. */
export const INSTALL_FOLDER = `chromium-${BROWSER_PACKAGE.version}`;

/** Where werkbank installs its browser and looks for it: WERKBANK_BROWSER_DIR, else `<data dir>/browser`. */
export function browserDir(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.WERKBANK_BROWSER_DIR?.trim();
  return resolve(configured || join(dataDir, 'browser'));
}

/** The browser dirs renders look in: this data dir's, then the one of the default stdio data dir (~/.werkbank). */
export function browserDirs(dataDir: string | undefined, env: NodeJS.ProcessEnv = process.env): string[] {
  const dirs = [dataDir ? browserDir(dataDir, env) : null, browserDir(env.WERKBANK_DATA_DIR?.trim() || join(homedir(), '.werkbank'), env)];
  return [...new Set(dirs.filter((d): d is string => !!d))];
}

/** The installed browser's binary in `dir`, if a complete install is there. */
export function installedBrowser(dir: string): string | null {
  const folder = join(dir, INSTALL_FOLDER);
  return existsSync(join(folder, 'install.json')) && existsSync(join(folder, 'chromium')) ? join(folder, 'chromium') : null;
}

/** Whether the operator lets the first render install the browser (WERKBANK_BROWSER_AUTO_INSTALL=1). */
export function autoInstallAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  return /^(1|true|yes|on)$/i.test(env.WERKBANK_BROWSER_AUTO_INSTALL?.trim() ?? '');
}

export interface InstallOptions {
  /** The browser dir (see `browserDir`). */
  dir: string;
  /** Install from a local copy instead of the registry: the package's folder (node_modules/@sparticuz/chromium) or its .tgz. */
  from?: string;
  /** The npm registry (default: npm_config_registry, else https://registry.npmjs.org/). */
  registry?: string;
  env?: NodeJS.ProcessEnv;
  /** Progress lines. */
  progress?: (line: string) => void;
  fetch?: typeof fetch;
}

export interface InstallReport {
  path: string;
  folder: string;
  version: string;
  source: string;
  /** Bytes fetched (the tarball), 0 from a folder. */
  downloadBytes: number;
  /** Bytes on disk after unpacking. */
  installedBytes: number;
  /** Already there: nothing was fetched. */
  alreadyInstalled: boolean;
  ms: number;
}

/** The installer is for Linux x64 (the only build the package has). */
export function installSupported(platform: NodeJS.Platform = process.platform, arch: string = process.arch): boolean {
  return platform === 'linux' && arch === 'x64';
}

/** Fetch, verify and unpack the browser into `<dir>/chromium-<version>/`. Idempotent. */
export async function installBrowser(opts: InstallOptions): Promise<InstallReport> {
  const started = Date.now();
  const say = opts.progress ?? (() => undefined);
  if (!installSupported())
    throw new HttpError(
      `werkbank installs its browser on Linux x64 only (this is ${process.platform} ${process.arch}); install Chrome, Chromium or Edge instead, or set WERKBANK_CHROMIUM_PATH`,
      400,
    );
  const folder = join(opts.dir, INSTALL_FOLDER);
  const existing = installedBrowser(opts.dir);
  if (existing) {
    const meta = JSON.parse(readFileSync(join(folder, 'install.json'), 'utf8')) as { source: string; downloadBytes: number };
    return {
      path: existing,
      folder,
      version: BROWSER_PACKAGE.version,
      source: meta.source,
      downloadBytes: 0,
      installedBytes: folderBytes(folder),
      alreadyInstalled: true,
      ms: Date.now() - started,
    };
  }

  const { files, source, downloadBytes } = await packageFiles(opts, say);
  checkFiles(files, source);
  unpack(opts.dir, folder, files, { source, downloadBytes });
  return {
    path: join(folder, 'chromium'),
    folder,
    version: BROWSER_PACKAGE.version,
    source,
    downloadBytes,
    installedBytes: folderBytes(folder),
    alreadyInstalled: false,
    ms: Date.now() - started,
  };
}

/** The package's files wanted, where they came from, and the bytes fetched. */
interface PackageFiles {
  files: Map<string, Buffer>;
  source: string;
  downloadBytes: number;
}

/** The files an install takes from the package (paths as in its tarball). */
const WANTED = ['package/package.json', 'package/LICENSE', ...Object.keys(BROWSER_PACKAGE.files).map((f) => `package/${f}`)];

/** The package's files: from the registry (tarball checked against the pinned integrity) or a local copy (a folder or a .tgz). */
async function packageFiles(opts: InstallOptions, say: (line: string) => void): Promise<PackageFiles> {
  if (opts.from && statSync(opts.from).isDirectory()) return folderFiles(opts.from);
  let tarball: Buffer;
  let source: string;
  if (opts.from) {
    source = resolve(opts.from);
    tarball = readFileSync(opts.from);
  } else {
    const env = opts.env ?? process.env;
    const registry = (opts.registry ?? env.npm_config_registry ?? 'https://registry.npmjs.org/').replace(/\/?$/, '/');
    const url = `${registry}${BROWSER_PACKAGE.name}/-/${BROWSER_PACKAGE.name.split('/')[1]}-${BROWSER_PACKAGE.version}.tgz`;
    source = url;
    say(`Fetching ${BROWSER_PACKAGE.name}@${BROWSER_PACKAGE.version} from ${url} (about 64 MB) ...`);
    tarball = await download(url, opts.fetch ?? fetch);
  }
  const integrity = 'sha512-' + createHash('sha512').update(tarball).digest('base64');
  if (integrity !== BROWSER_PACKAGE.integrity)
    throw new HttpError(
      `The fetched ${BROWSER_PACKAGE.name}@${BROWSER_PACKAGE.version} (${source}) does not match its published integrity ` +
        `(${integrity.slice(0, 24)}… instead of ${BROWSER_PACKAGE.integrity.slice(0, 24)}…); nothing was installed`,
      502,
    );
  say(`Verified the tarball (${mb(tarball.length)}, ${BROWSER_PACKAGE.integrity.slice(0, 20)}…); unpacking ...`);
  return { files: readTar(gunzipSync(tarball), new Set(WANTED)), source, downloadBytes: tarball.length };
}

/** The package's files from an unpacked copy of it, which must be the pinned version. */
function folderFiles(from: string): PackageFiles {
  const files = new Map(
    WANTED.filter((w) => existsSync(join(from, w.slice('package/'.length)))).map((w) => [
      w,
      readFileSync(join(from, w.slice('package/'.length))),
    ]),
  );
  if (!files.has('package/package.json')) throw new HttpError(`${from} is not a copy of ${BROWSER_PACKAGE.name} (no package.json)`, 400);
  const manifest = JSON.parse(files.get('package/package.json')!.toString('utf8')) as { name: string; version: string };
  if (manifest.name !== BROWSER_PACKAGE.name || manifest.version !== BROWSER_PACKAGE.version)
    throw new HttpError(
      `${from} holds ${manifest.name}@${manifest.version}; werkbank installs ${BROWSER_PACKAGE.name}@${BROWSER_PACKAGE.version}`,
      400,
    );
  return { files, source: resolve(from), downloadBytes: 0 };
}

/** Every file werkbank runs is the one it was tested with (sha256 pinned per file), whatever the source. */
function checkFiles(files: Map<string, Buffer>, source: string): void {
  for (const [file, sha] of Object.entries(BROWSER_PACKAGE.files)) {
    const body = files.get(`package/${file}`);
    if (!body) throw new HttpError(`${source} has no ${file}; nothing was installed`, 502);
    const got = createHash('sha256').update(body).digest('hex');
    if (got !== sha)
      throw new HttpError(
        `${file} of ${source} does not match the file werkbank was tested with (sha256 ${got.slice(0, 12)}…); nothing was installed`,
        502,
      );
  }
}

/** Unpack into a temporary folder beside the final one, then rename: a half-done install is never found. */
function unpack(dir: string, folder: string, files: Map<string, Buffer>, origin: { source: string; downloadBytes: number }): void {
  mkdirSync(dir, { recursive: true });
  const temp = join(dir, `.installing-${process.pid}-${Date.now()}`);
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(temp);
  try {
    writeFileSync(join(temp, 'chromium'), brotliDecompressSync(files.get('package/bin/chromium.br')!), { mode: 0o755 });
    chmodSync(join(temp, 'chromium'), 0o755);
    for (const [name, body] of readTar(brotliDecompressSync(files.get('package/bin/swiftshader.tar.br')!))) {
      if (name.includes('/') || name.startsWith('.')) continue; // flat archive: anything else is not ours
      writeFileSync(join(temp, name), body, { mode: 0o755 });
    }
    const license = files.get('package/LICENSE');
    if (license) writeFileSync(join(temp, 'LICENSE'), license);
    writeFileSync(
      join(temp, 'install.json'),
      JSON.stringify(
        {
          package: BROWSER_PACKAGE.name,
          version: BROWSER_PACKAGE.version,
          integrity: BROWSER_PACKAGE.integrity,
          ...origin,
          installedAt: new Date().toISOString(),
        },
        null,
        2,
      ) + '\n',
    );
    rmSync(folder, { recursive: true, force: true });
    renameSync(temp, folder);
  } catch (err) {
    rmSync(temp, { recursive: true, force: true });
    throw err;
  }
}

async function download(url: string, fetchImpl: typeof fetch): Promise<Buffer> {
  let res: Response;
  try {
    res = await fetchImpl(url, { signal: AbortSignal.timeout(10 * 60_000) });
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message;
    throw new HttpError(
      `Cannot fetch ${url}: ${cause} (behind a proxy or offline: install Chrome or Chromium instead, or set WERKBANK_CHROMIUM_PATH)`,
      502,
    );
  }
  if (!res.ok) throw new HttpError(`Cannot fetch ${url}: HTTP ${res.status}`, 502);
  return Buffer.from(await res.arrayBuffer());
}

/** The regular files of a tar archive (ustar, with pax and GNU long names) whose names are in `only` (all when absent). */
export function readTar(archive: Buffer, only?: Set<string>): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  let offset = 0;
  let longName: string | null = null;
  const text = (start: number, length: number) => archive.toString('utf8', start, start + length).replace(/\0.*$/s, '');
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const size = parseInt(text(offset + 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156] || 48);
    const prefix = text(offset + 345, 155);
    let name = longName ?? (prefix ? `${prefix}/${text(offset, 100)}` : text(offset, 100));
    longName = null;
    const body = archive.subarray(offset + 512, offset + 512 + size);
    if (type === 'x') {
      const path = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'));
      if (path) longName = path[1];
    } else if (type === 'L') {
      longName = body.toString('utf8').replace(/\0.*$/s, '');
    } else if (type === '0' || type === '7') {
      name = name.replace(/^\.\//, '');
      if (!only || only.has(name)) out.set(name, Buffer.from(body));
    }
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return out;
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(path) : statSync(path).size;
  }
  return total;
}

export function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
