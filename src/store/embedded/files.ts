/**
 * Hosted files in a directory (the embedded store's `<data dir>/files`, or `WERKBANK_FILES_DIR`): each file is
 * `<id>.<ext>` (the extension of its type, so a `file://` link opens in the right program) and a JSON sidecar
 * `<id>.json` with its description, renamed into place last: a reader never sees half a file, and a server and
 * `werkbank stdio` can share the directory. Several processes may share it too (a volume, a network file
 * system); concurrent sweeps only race to delete the same expired files.
 *
 * The bytes stored count toward the quota as this process writes them; the sweep recounts the directory, so
 * with several processes on one directory the quota is exact only to what the others wrote since.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createReadStream } from 'node:fs';
import { open, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { QuotaExceededError, type FileBlobs, type HostedFileMeta } from '../store.js';

const ID = /^[A-Za-z0-9_-]{43}$/;
const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/svg+xml': 'svg',
  'application/zip': 'zip',
};
const BODY_EXTENSIONS = [...new Set([...Object.values(EXTENSIONS), 'bin'])];
const extensionOf = (contentType: string) => EXTENSIONS[contentType] ?? 'bin';

export class DirectoryFiles implements FileBlobs {
  /** Bytes of the stored files, counted by the last sweep plus this process's writes since (null: not counted yet). */
  private stored: number | null = null;

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  bodyPath(id: string, contentType: string): string {
    return join(this.dir, `${id}.${extensionOf(contentType)}`);
  }

  async write(id: string, meta: Omit<HostedFileMeta, 'bytes'>, body: AsyncIterable<Uint8Array>, limits: { maxBytes: number }) {
    const used = await this.bytes();
    const path = this.bodyPath(id, meta.contentType);
    let bytes = 0;
    try {
      // Body first (synced), then the sidecar (atomically): a file is downloadable only once complete.
      const handle = await open(path, 'w', 0o600);
      try {
        for await (const chunk of body) {
          if (used + bytes + chunk.byteLength > limits.maxBytes)
            throw new QuotaExceededError(used + bytes, limits.maxBytes, chunk.byteLength);
          await handle.write(chunk);
          bytes += chunk.byteLength;
        }
        await handle.sync();
      } finally {
        await handle.close();
      }
      const full: HostedFileMeta = { ...meta, bytes };
      await writeFile(join(this.dir, `${id}.json.tmp`), JSON.stringify(full), { mode: 0o600 });
      await rename(join(this.dir, `${id}.json.tmp`), join(this.dir, `${id}.json`));
      this.stored = (this.stored ?? 0) + bytes;
      return full;
    } catch (err) {
      await this.remove(id);
      throw err;
    }
  }

  async meta(id: string): Promise<HostedFileMeta | undefined> {
    if (!ID.test(id)) return undefined;
    try {
      return JSON.parse(await readFile(join(this.dir, `${id}.json`), 'utf8')) as HostedFileMeta;
    } catch {
      return undefined;
    }
  }

  async *read(id: string, start: number, end: number): AsyncGenerator<Uint8Array> {
    const meta = await this.meta(id);
    if (!meta) throw new Error(`hosted file ${id} is gone`);
    if (end < start) return;
    yield* createReadStream(this.bodyPath(id, meta.contentType), { start, end }) as AsyncIterable<Buffer>;
  }

  /** A file's description and bytes, synchronously (MCP previews read a file just made); null when absent or over `max`. */
  readSync(id: string, max: number): { meta: HostedFileMeta; body: Buffer } | null {
    if (!ID.test(id)) return null;
    try {
      const meta = JSON.parse(readFileSync(join(this.dir, `${id}.json`), 'utf8')) as HostedFileMeta;
      return meta.bytes > max ? null : { meta, body: readFileSync(this.bodyPath(id, meta.contentType)) };
    } catch {
      return null;
    }
  }

  /** The ids of the files in the directory (complete or not). */
  async ids(): Promise<Set<string>> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    return new Set(names.map((n) => n.split('.')[0]).filter((id) => ID.test(id)));
  }

  async sweep(now: string, staleBefore: string): Promise<number> {
    const ids = await this.ids();
    let removed = 0;
    let kept = 0;
    for (const id of ids) {
      const meta = await this.meta(id);
      // No (readable) sidecar: an interrupted write, or one in progress; removed once it is stale.
      const expired = meta ? meta.expiresAt <= now : (await this.writtenAt(id)) < Date.parse(staleBefore);
      if (!expired) {
        kept += meta?.bytes ?? 0;
        continue;
      }
      await this.remove(id);
      removed++;
    }
    this.stored = kept;
    return removed;
  }

  async bytes(): Promise<number> {
    if (this.stored === null) await this.sweep('', new Date(0).toISOString());
    return this.stored ?? 0;
  }

  private async writtenAt(id: string): Promise<number> {
    const times = await Promise.all(
      BODY_EXTENSIONS.map((ext) =>
        stat(join(this.dir, `${id}.${ext}`)).then(
          (s) => s.mtimeMs,
          () => 0,
        ),
      ),
    );
    return Math.max(0, ...times);
  }

  private async remove(id: string): Promise<void> {
    await Promise.all(['json', 'json.tmp', ...BODY_EXTENSIONS].map((ext) => rm(join(this.dir, `${id}.${ext}`), { force: true })));
  }
}
