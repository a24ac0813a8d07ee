/**
 * One append-only file, kept open: the embedded store's journal, usage and
 * collection logs are written through it.
 *
 * A failed append (disk full, I/O error) may leave part of its text in the
 * file. Every record is one line and readers skip a line they cannot parse,
 * so a torn tail is never read as a record; the next append starts with a line
 * break, so the torn tail cannot swallow the record written after it.
 */
import { chmodSync, closeSync, openSync, writeSync } from 'node:fs';

/** Called before every write of the embedded store (tests inject faults here: disk full, I/O errors). */
export type WriteHook = (target: WriteTarget, path: string) => void | Promise<void>;
export type WriteTarget = 'journal' | 'snapshot' | 'usage' | 'collection';

/** Files of the data dir are the owner's only (keys' hashes, memory, usage). */
export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;

/**
 * The file is opened once and written with a plain `write(2)` on the event loop: a group-committed append
 * is one small write into the page cache (microseconds), cheaper than a round trip through libuv's thread
 * pool and a promise per batch. Once `write` returns the text is the kernel's, so `kill -9` cannot lose it.
 */
export class AppendFile {
  private fd: number | null = null;
  /** A write failed since the last good one: the next starts a new line. */
  private torn = false;

  constructor(
    readonly path: string,
    private readonly target: WriteTarget,
    private readonly hook?: WriteHook,
  ) {}

  async append(text: string | Uint8Array): Promise<void> {
    try {
      if (this.hook) await this.hook(this.target, this.path);
      const data = typeof text === 'string' ? Buffer.from(this.torn ? '\n' + text : text, 'utf8') : text;
      this.fd ??= openAppend(this.path);
      if (this.torn && typeof text !== 'string') writeSync(this.fd, '\n');
      for (let done = 0; done < data.length;) done += writeSync(this.fd, data, done);
      this.torn = false;
    } catch (err) {
      this.torn = true;
      this.close(); // a descriptor in an unknown state is not reused
      throw err;
    }
  }

  close(): void {
    const fd = this.fd;
    this.fd = null;
    if (fd !== null)
      try {
        closeSync(fd);
      } catch {
        /* already gone */
      }
  }
}

function openAppend(path: string): number {
  const fd = openSync(path, 'a', FILE_MODE);
  try {
    chmodSync(path, FILE_MODE); // a file made before 1.2 was 0644
  } catch {
    /* not ours to change: it still works */
  }
  return fd;
}

/** The lines of an append-only file's text that parse as JSON (torn and blank lines are skipped). */
export function* parseLines<T>(text: string): Generator<T> {
  for (const line of text.split('\n')) {
    if (!line) continue;
    let value: T;
    try {
      value = JSON.parse(line) as T;
    } catch {
      continue; // torn by a crash or a failed write: never acknowledged
    }
    yield value;
  }
}

/**
 * Text waiting for its append, held as UTF-8 bytes in one buffer that doubles as it fills: outside the JS heap, so
 * the collector neither scans nor promotes it. Usage lines wait here for the next snapshot (up to a second); held as
 * strings they were nearly all the collector promoted under load, ~200 bytes a call.
 */
export class PendingText {
  private buf = Buffer.allocUnsafe(256);
  private used = 0;

  append(text: string): void {
    const most = this.used + 3 * text.length; // UTF-8 takes at most 3 bytes per UTF-16 unit
    if (most > this.buf.length) this.grow(most);
    this.used += this.buf.write(text, this.used, 'utf8');
  }

  appendBytes(bytes: Uint8Array): void {
    if (this.used + bytes.length > this.buf.length) this.grow(this.used + bytes.length);
    this.buf.set(bytes, this.used);
    this.used += bytes.length;
  }

  /** The bytes so far (a view: valid until the next append). */
  bytes(): Buffer {
    return this.buf.subarray(0, this.used);
  }

  text(): string {
    return this.buf.toString('utf8', 0, this.used);
  }

  private grow(atLeast: number): void {
    const next = Buffer.allocUnsafe(Math.max(atLeast, 2 * this.buf.length));
    this.buf.copy(next, 0, 0, this.used);
    this.buf = next;
  }
}
