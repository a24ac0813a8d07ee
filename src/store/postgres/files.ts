/**
 * Hosted files in the shared database, so every server process on every machine serves every file: a row per
 * file (`hosted_files`), its bytes in chunks of `CHUNK_BYTES` (`hosted_file_chunks`), and the bytes all chunks
 * take in one row (`hosted_files_space`), which each chunk's insert raises in the same statement while under
 * the quota, and each deletion lowers in the same statement (migration 12).
 *
 * A write inserts the file's row unfinished, then its chunks one statement each (each durable before the next is
 * sent: the pool commits synchronously), then marks it complete: readers see only complete files. A write that
 * fails is deleted at once when the database still answers, else by the sweep once stale. A read fetches one
 * chunk (or the slice of it a Range asks for) at a time, when the consumer wants it.
 */
import type pg from 'pg';
import { QuotaExceededError, type FileBlobs, type HostedFileMeta } from '../store.js';
import { one } from './pool.js';

/** Chunk size: a statement moves at most this much (about twice over the wire as hex), whatever the file's size. */
export const CHUNK_BYTES = 1024 * 1024;

type Row = { content_type: string; filename: string; created_at: string; expires_at: string; bytes: string };

const toMeta = (r: Row): HostedFileMeta => ({
  contentType: r.content_type,
  filename: r.filename,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  bytes: Number(r.bytes),
});

/**
 * Delete the files (with their chunks) matching `where` over hosted_files `f`, giving their bytes back, in one
 * statement (PostgreSQL runs every data-modifying part of a WITH to completion, read or not).
 */
const deleteWhere = (where: string) => `
  WITH gone AS (DELETE FROM hosted_files f WHERE ${where} RETURNING id),
       chunks AS (DELETE FROM hosted_file_chunks WHERE file_id IN (SELECT id FROM gone) RETURNING octet_length(data) AS n),
       space AS (UPDATE hosted_files_space SET bytes = bytes - (SELECT coalesce(sum(n), 0) FROM chunks))
  SELECT count(*)::int AS n FROM gone`;

/** Cut a body into chunks of exactly `CHUNK_BYTES` (the last one shorter), copying only across input boundaries. */
async function* rechunk(body: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let pending: Uint8Array[] = [];
  let size = 0;
  for await (const part of body) {
    let rest = part;
    while (size + rest.byteLength >= CHUNK_BYTES) {
      const take = CHUNK_BYTES - size;
      yield size ? Buffer.concat([...pending, rest.subarray(0, take)]) : rest.subarray(0, take);
      pending = [];
      size = 0;
      rest = rest.subarray(take);
    }
    if (rest.byteLength) {
      pending.push(rest);
      size += rest.byteLength;
    }
  }
  if (size) yield Buffer.concat(pending);
}

export function postgresFiles(pool: pg.Pool): FileBlobs {
  const remove = (id: string) => pool.query(deleteWhere('f.id = $1'), [id]);

  async function writeChunks(id: string, body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<number> {
    let seq = 0;
    let bytes = 0;
    for await (const chunk of rechunk(body)) {
      const { rowCount } = await pool.query(
        `WITH space AS (UPDATE hosted_files_space SET bytes = bytes + $3 WHERE bytes + $3 <= $4 RETURNING 1)
         INSERT INTO hosted_file_chunks (file_id, seq, data) SELECT $1, $2, $5 FROM space`,
        [id, seq, chunk.byteLength, maxBytes, Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)],
      );
      if (!rowCount) {
        const used = await one<{ bytes: string }>(pool, 'SELECT bytes FROM hosted_files_space', []);
        throw new QuotaExceededError(Number(used?.bytes ?? 0), maxBytes, chunk.byteLength);
      }
      seq++;
      bytes += chunk.byteLength;
    }
    return bytes;
  }

  return {
    async write(id, meta, body, limits) {
      await pool.query('INSERT INTO hosted_files (id, content_type, filename, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
        id,
        meta.contentType,
        meta.filename,
        meta.createdAt,
        meta.expiresAt,
      ]);
      try {
        const bytes = await writeChunks(id, body, limits.maxBytes);
        await pool.query('UPDATE hosted_files SET complete = true, bytes = $2 WHERE id = $1', [id, bytes]);
        return { ...meta, bytes };
      } catch (err) {
        await remove(id).catch(() => undefined); // else the sweep deletes it once stale
        throw err;
      }
    },

    async meta(id) {
      const row = await one<Row>(
        pool,
        'SELECT content_type, filename, created_at, expires_at, bytes FROM hosted_files WHERE id = $1 AND complete',
        [id],
      );
      return row && toMeta(row);
    },

    async *read(id, start, end) {
      for (let seq = Math.floor(start / CHUNK_BYTES); seq <= Math.floor(end / CHUNK_BYTES); seq++) {
        const from = Math.max(start - seq * CHUNK_BYTES, 0);
        const to = Math.min(end - seq * CHUNK_BYTES, CHUNK_BYTES - 1);
        // substring counts from 1; on an uncompressed (EXTERNAL) value it fetches only the slice's TOAST pages.
        const { rows } = await pool.query<{ data: Buffer }>(
          'SELECT substring(data FROM $3 FOR $4) AS data FROM hosted_file_chunks WHERE file_id = $1 AND seq = $2',
          [id, seq, from + 1, to - from + 1],
        );
        const row = rows[0];
        if (!row) throw new Error(`hosted file ${id}: chunk ${seq} is gone (the file expired or was deleted)`);
        yield row.data;
      }
    },

    async sweep(now, staleBefore) {
      const row = await one<{ n: number }>(pool, deleteWhere('f.expires_at <= $1 OR (NOT f.complete AND f.created_at < $2)'), [
        now,
        staleBefore,
      ]);
      return row?.n ?? 0;
    },

    async bytes() {
      return Number((await one<{ bytes: string }>(pool, 'SELECT bytes FROM hosted_files_space', []))?.bytes ?? 0);
    },
  };
}
