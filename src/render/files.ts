/**
 * Hosted render files: written to `<data dir>/files/`, served at
 * `<base URL>/files/<id>`, gone after 24 hours.
 *
 * The id is 256 random bits (base64url, 43 characters), so a URL cannot be
 * guessed or enumerated; it is the only capability needed to download. Each
 * file has a small JSON sidecar (type, name, expiry): the files need no
 * database, so a server and `werkbank stdio` can share the directory.
 *
 * After expiry a download answers 410 Gone until the sweeper (every 10
 * minutes, and at start-up) deletes the file; then 404. Without an HTTP
 * server (stdio, direct use) the `url` is a `file://` URL of the stored file.
 *
 * Several instances: `WERKBANK_FILES_DIR` names the directory instead of
 * `<data dir>/files`; point every instance at one shared directory (a volume
 * on one machine, or a network file system across machines) and `GET
 * /files/<id>` works on each. The sidecar is renamed into place last, so a
 * reader on another instance never sees half a file; concurrent sweeps of
 * the same directory only race to delete the same expired files.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HostedFile } from '../core/render-api.js';

export const FILE_TTL_MS = 24 * 3600_000;
const ID = /^[A-Za-z0-9_-]{43}$/;
/** Bodies are stored under the extension of their type, so a `file://` link (stdio) opens in the right program. */
const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/svg+xml': 'svg',
  'application/zip': 'zip',
};
const BODY_EXTENSIONS = [...new Set([...Object.values(EXTENSIONS), 'bin'])];
const extensionOf = (contentType: string) => EXTENSIONS[contentType] ?? 'bin';

interface Meta {
  contentType: string;
  filename: string;
  createdAt: string;
  expiresAt: string;
  bytes: number;
}

export interface FileStoreOptions {
  dir: string;
  /**
   * Public base URL (`https://werkbank.example`), read at each store (a server
   * knows its port only once it listens); '' gives root-relative `/files/<id>`
   * links; null gives `file://` URLs (no HTTP server: stdio, direct use).
   */
  baseUrl: () => string | null;
  now?: () => Date;
  ttlMs?: number;
}

export type Download = { status: 200; meta: Meta; body: Buffer; maxAgeSeconds: number } | { status: 404 | 410; message: string };

export class FileStore {
  readonly dir: string;
  private readonly now: () => Date;
  private readonly ttlMs: number;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly opts: FileStoreOptions) {
    this.dir = process.env.WERKBANK_FILES_DIR ? resolve(process.env.WERKBANK_FILES_DIR) : opts.dir;
    this.now = opts.now ?? (() => new Date());
    this.ttlMs = opts.ttlMs ?? FILE_TTL_MS;
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
  }

  /** Store `body`; returns the render result fields (without `metering`). */
  async put(body: Uint8Array, contentType: string, filename: string): Promise<HostedFile> {
    const id = randomBytes(32).toString('base64url');
    const created = this.now();
    const meta: Meta = {
      contentType,
      filename,
      createdAt: created.toISOString(),
      expiresAt: new Date(created.getTime() + this.ttlMs).toISOString(),
      bytes: body.byteLength,
    };
    // Body first, then the sidecar (atomically): a file is downloadable only once complete.
    await writeFile(this.bodyPath(id, contentType), body, { mode: 0o600 });
    await writeFile(join(this.dir, `${id}.json.tmp`), JSON.stringify(meta), { mode: 0o600 });
    await rename(join(this.dir, `${id}.json.tmp`), join(this.dir, `${id}.json`));
    return { url: this.urlFor(id, contentType), expiresAt: meta.expiresAt, bytes: meta.bytes, contentType };
  }

  private bodyPath(id: string, contentType: string): string {
    return join(this.dir, `${id}.${extensionOf(contentType)}`);
  }

  urlFor(id: string, contentType: string): string {
    const base = this.opts.baseUrl();
    return base === null ? pathToFileURL(this.bodyPath(id, contentType)).href : `${base.replace(/\/+$/, '')}/files/${id}`;
  }

  /** The id in one of our URLs (hosted or file://), or null. */
  idOf(url: string): string | null {
    const m = /\/files\/([A-Za-z0-9_-]{43})(?:\.[a-z]{3})?$/.exec(url);
    return m ? m[1] : null;
  }

  async download(id: string): Promise<Download> {
    const gone: Download = { status: 404, message: 'No such file (hosted files are kept 24 hours)' };
    if (!ID.test(id)) return gone;
    let meta: Meta;
    try {
      meta = JSON.parse(await readFile(join(this.dir, `${id}.json`), 'utf8')) as Meta;
    } catch {
      return gone;
    }
    const left = Date.parse(meta.expiresAt) - this.now().getTime();
    if (left <= 0) return { status: 410, message: `This file expired at ${meta.expiresAt} (hosted files are kept 24 hours)` };
    try {
      return { status: 200, meta, body: await readFile(this.bodyPath(id, meta.contentType)), maxAgeSeconds: Math.floor(left / 1000) };
    } catch {
      return gone;
    }
  }

  /** A still-valid file's bytes, synchronously (MCP image previews); null if missing, expired or larger than `max`. */
  readSync(id: string, max: number): Buffer | null {
    if (!ID.test(id)) return null;
    try {
      const meta = JSON.parse(readFileSync(join(this.dir, `${id}.json`), 'utf8')) as Meta;
      if (meta.bytes > max || Date.parse(meta.expiresAt) <= this.now().getTime()) return null;
      return readFileSync(this.bodyPath(id, meta.contentType));
    } catch {
      return null;
    }
  }

  /** Delete expired files (and orphans of interrupted writes older than the TTL). Returns how many went. */
  async sweep(): Promise<number> {
    const now = this.now().getTime();
    let removed = 0;
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const ids = new Set(names.map((n) => n.split('.')[0]).filter((id) => ID.test(id)));
    for (const id of ids) {
      let expired: boolean;
      try {
        const meta = JSON.parse(await readFile(join(this.dir, `${id}.json`), 'utf8')) as Meta;
        expired = Date.parse(meta.expiresAt) <= now;
      } catch {
        // No (readable) sidecar: an interrupted write, or one in progress; remove it once it is old.
        const written = Math.max(
          0,
          ...(await Promise.all(
            BODY_EXTENSIONS.map((ext) =>
              stat(join(this.dir, `${id}.${ext}`)).then(
                (s) => s.mtimeMs,
                () => 0,
              ),
            ),
          )),
        );
        expired = Date.now() - written > 3600_000;
      }
      if (!expired) continue;
      await Promise.all(['json', 'json.tmp', ...BODY_EXTENSIONS].map((ext) => rm(join(this.dir, `${id}.${ext}`), { force: true })));
      removed++;
    }
    return removed;
  }

  startSweeper(everyMs = 10 * 60_000): void {
    void this.sweep();
    this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), everyMs);
    this.sweeper.unref();
  }

  stopSweeper(): void {
    clearInterval(this.sweeper);
  }
}
