/**
 * One append-only file, kept open: the embedded store's journal, usage and
 * collection logs are written through it.
 *
 * A failed append (disk full, I/O error) may leave part of its text in the
 * file. Every record is one line and readers skip a line they cannot parse,
 * so a torn tail is never read as a record; the next append starts with a line
 * break, so the torn tail cannot swallow the record written after it.
 */
import { chmod, open, type FileHandle } from 'node:fs/promises';

/** Called before every write of the embedded store (tests inject faults here: disk full, I/O errors). */
export type WriteHook = (target: WriteTarget, path: string) => void | Promise<void>;
export type WriteTarget = 'journal' | 'snapshot' | 'usage' | 'collection';

/** Files of the data dir are the owner's only (keys' hashes, memory, usage). */
export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;

export class AppendFile {
  private handle: Promise<FileHandle> | null = null;
  /** A write failed since the last good one: the next starts a new line. */
  private torn = false;

  constructor(
    readonly path: string,
    private readonly target: WriteTarget,
    private readonly hook?: WriteHook,
  ) {}

  async append(text: string): Promise<void> {
    const data = this.torn ? '\n' + text : text;
    try {
      await this.hook?.(this.target, this.path);
      const handle = await (this.handle ??= openAppend(this.path));
      await handle.write(data);
      this.torn = false;
    } catch (err) {
      this.torn = true;
      // A handle in an unknown state is not reused.
      const h = this.handle;
      this.handle = null;
      void h?.then((fh) => fh.close()).catch(() => undefined);
      throw err;
    }
  }

  async close(): Promise<void> {
    const h = this.handle;
    this.handle = null;
    if (h) await (await h.catch(() => null))?.close().catch(() => undefined);
  }
}

async function openAppend(path: string): Promise<FileHandle> {
  const handle = await open(path, 'a', FILE_MODE);
  await chmod(path, FILE_MODE).catch(() => undefined); // a file made before 1.2 was 0644
  return handle;
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
