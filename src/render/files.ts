/**
 * Hosted files (renders, QR codes, generated archives): stored for 24 hours, served at `<base URL>/files/<id>`.
 *
 * Where they are kept: in the shared store when it has hosted files (PostgreSQL: `Store.files`), so every
 * server process on every machine serves every file and nothing but the database is shared; else (the embedded
 * store, stdio) in a directory (`<data dir>/files`, see src/store/embedded/files.ts). `WERKBANK_FILES_DIR` names a directory
 * to use instead, with either store.
 *
 * The id is 256 random bits (base64url, 43 characters), so a URL cannot be guessed or enumerated; it is the
 * only capability needed to download. Files are written and read a chunk at a time: memory holds a chunk, not
 * a file (a file given whole, as renders are, is only cut into chunks).
 *
 * After expiry a download answers 410 Gone until the sweep (every 10 minutes and at start-up, on one process at
 * a time with a shared store) deletes the file; then 404. Without an HTTP server (stdio, direct use) the `url`
 * is a `file://` URL of the stored file.
 *
 * Limits: a file is at most `FILE_MAX_BYTES` (413 past it); all stored files together at most `maxBytes`
 * (`WERKBANK_FILES_MAX_BYTES`), past which a write is refused (503 with Retry-After) until files expire.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HttpError } from '../core/errors.js';
import type { HostedFile } from '../core/render-api.js';
import { QuotaExceededError, type FileBlobs, type HostedFileMeta, type Store } from '../store/store.js';
import { DirectoryFiles } from '../store/embedded/files.js';

export const FILE_TTL_MS = 24 * 3600_000;
/** The largest hosted file: above the largest ZIP a generator builds (128 MB) and the largest render (50 MB). */
export const FILE_MAX_BYTES = 256 * 1024 * 1024;
/** What all hosted files may take together, unless WERKBANK_FILES_MAX_BYTES says otherwise. */
export const FILES_MAX_BYTES_DEFAULT = 10 * 1024 * 1024 * 1024;
/** How long a refused write's caller waits before trying again (files expire over the day). */
const FULL_RETRY_AFTER_S = 600;
/** Files up to this size are kept in memory briefly for `readSync` (MCP previews of a render just made). */
const RECENT_MAX_BYTES = 1024 * 1024;
const RECENT_COUNT = 8;
const ID = /^[A-Za-z0-9_-]{43}$/;

type Meta = HostedFileMeta;

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
  /** The shared store: its hosted files (when it has them) instead of the directory, its `exclusive` for the sweep. */
  store?: Pick<Store, 'files' | 'exclusive'>;
  /** What all stored files may take together (default WERKBANK_FILES_MAX_BYTES, else `FILES_MAX_BYTES_DEFAULT`). */
  maxBytes?: number;
}

export type Download = { status: 200; meta: Meta; body: Buffer; maxAgeSeconds: number } | { status: 404 | 410; message: string };

/** A file found and live: its description, and its bytes `start`..`end` (inclusive) read as consumed. */
export type Opened =
  | { status: 200; meta: Meta; maxAgeSeconds: number; read(start: number, end: number): AsyncIterable<Uint8Array> }
  | { status: 404 | 410; message: string };

async function* once(body: Uint8Array): AsyncGenerator<Uint8Array> {
  yield body;
}

/** `body`, refused with a 413 once it passes `FILE_MAX_BYTES`. */
async function* capped(body: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let bytes = 0;
  for await (const chunk of body) {
    bytes += chunk.byteLength;
    if (bytes > FILE_MAX_BYTES) throw new HttpError(`The file exceeds the ${FILE_MAX_BYTES} byte limit of hosted files`, 413);
    yield chunk;
  }
}

export class FileStore {
  /** The directory of the files, when they are kept in one (also the directory stdio's `file://` URLs name). */
  readonly dir: string;
  private readonly blobs: FileBlobs;
  private readonly local: DirectoryFiles | null;
  private readonly now: () => Date;
  private readonly ttlMs: number;
  private readonly maxBytes: number;
  private readonly recent = new Map<string, { meta: Meta; body: Uint8Array }>();
  private sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly opts: FileStoreOptions) {
    const named = process.env.WERKBANK_FILES_DIR;
    this.dir = named ? resolve(named) : opts.dir;
    const shared = named ? undefined : opts.store?.files;
    this.local = shared ? null : new DirectoryFiles(this.dir);
    this.blobs = shared ?? (this.local as DirectoryFiles);
    this.now = opts.now ?? (() => new Date());
    this.ttlMs = opts.ttlMs ?? FILE_TTL_MS;
    this.maxBytes = opts.maxBytes ?? (Number(process.env.WERKBANK_FILES_MAX_BYTES) || FILES_MAX_BYTES_DEFAULT);
  }

  /** Where the files are kept, for the start-up line and `doctor`. */
  describe(): string {
    return this.local ? `directory ${this.dir}` : 'the database';
  }

  /** Store `body` (whole, or as chunks); returns the render result fields (without `metering`). */
  async put(body: Uint8Array | AsyncIterable<Uint8Array>, contentType: string, filename: string): Promise<HostedFile> {
    const id = randomBytes(32).toString('base64url');
    const created = this.now();
    const meta = {
      contentType,
      filename,
      createdAt: created.toISOString(),
      expiresAt: new Date(created.getTime() + this.ttlMs).toISOString(),
    };
    const whole = body instanceof Uint8Array ? body : null;
    let stored: Meta;
    try {
      stored = await this.blobs.write(id, meta, capped(whole ? once(whole) : (body as AsyncIterable<Uint8Array>)), {
        maxBytes: this.maxBytes,
      });
    } catch (err) {
      if (!(err instanceof QuotaExceededError)) throw err;
      throw new HttpError(
        `Hosted file storage is full (${err.used} of ${err.limit} bytes in use, this file needs more); files expire after 24 hours, try again later`,
        503,
        { retryAfter: FULL_RETRY_AFTER_S },
      );
    }
    if (whole && whole.byteLength <= RECENT_MAX_BYTES) this.remember(id, stored, whole);
    return { url: this.urlFor(id, contentType), expiresAt: stored.expiresAt, bytes: stored.bytes, contentType };
  }

  urlFor(id: string, contentType: string): string {
    const base = this.opts.baseUrl();
    if (base === null && this.local) return pathToFileURL(this.local.bodyPath(id, contentType)).href;
    return `${(base ?? '').replace(/\/+$/, '')}/files/${id}`;
  }

  /** The id in one of our URLs (hosted or file://), or null. */
  idOf(url: string): string | null {
    const m = /\/files\/([A-Za-z0-9_-]{43})(?:\.[a-z]{3})?$/.exec(url);
    return m ? m[1] : null;
  }

  /** The file to serve: found, live, and how to read it; else why not (404, 410). */
  async open(id: string): Promise<Opened> {
    const gone = { status: 404 as const, message: 'No such file (hosted files are kept 24 hours)' };
    if (!ID.test(id)) return gone;
    const meta = await this.blobs.meta(id);
    if (!meta) return gone;
    const left = Date.parse(meta.expiresAt) - this.now().getTime();
    if (left <= 0) return { status: 410, message: `This file expired at ${meta.expiresAt} (hosted files are kept 24 hours)` };
    return { status: 200, meta, maxAgeSeconds: Math.floor(left / 1000), read: (start, end) => this.blobs.read(id, start, end) };
  }

  /** The whole file in memory (small files; downloads stream through `open`). */
  async download(id: string): Promise<Download> {
    const file = await this.open(id);
    if (file.status !== 200) return file;
    const parts: Uint8Array[] = [];
    if (file.meta.bytes > 0) for await (const part of file.read(0, file.meta.bytes - 1)) parts.push(part);
    return { status: 200, meta: file.meta, body: Buffer.concat(parts), maxAgeSeconds: file.maxAgeSeconds };
  }

  /** A still-valid file's bytes, synchronously (MCP image previews); null if missing, expired or larger than `max`. */
  readSync(id: string, max: number): Buffer | null {
    const found = this.recent.get(id) ?? this.local?.readSync(id, max);
    if (!found || found.meta.bytes > max || Date.parse(found.meta.expiresAt) <= this.now().getTime()) return null;
    return Buffer.from(found.body);
  }

  private remember(id: string, meta: Meta, body: Uint8Array): void {
    this.recent.set(id, { meta, body });
    for (const old of this.recent.keys()) {
      if (this.recent.size <= RECENT_COUNT) break;
      this.recent.delete(old);
    }
  }

  /** Delete expired files (and writes left unfinished for an hour); on one process at a time with a shared store. Returns how many went. */
  async sweep(): Promise<number> {
    const now = this.now();
    const run = () => this.blobs.sweep(now.toISOString(), new Date(now.getTime() - 3600_000).toISOString());
    const store = this.local ? undefined : this.opts.store;
    return store?.exclusive ? ((await store.exclusive('hosted-files-sweep', run)) ?? 0) : run();
  }

  startSweeper(everyMs = 10 * 60_000): void {
    const sweep = () => void this.sweep().catch(() => undefined);
    sweep();
    this.sweeper = setInterval(sweep, everyMs);
    this.sweeper.unref();
  }

  stopSweeper(): void {
    clearInterval(this.sweeper);
  }
}
