/** The embedded store's lock on its data dir: one server process at a time. */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { FILE_MODE } from '../append-file.js';

/** Refuses a second server process on the same data dir. */
export class DirLock {
  private readonly path: string;
  constructor(dir: string) {
    this.path = join(dir, 'werkbank.lock');
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(this.path, 'wx', FILE_MODE);
        writeSync(fd, String(process.pid));
        closeSync(fd);
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        const pid = Number(readFileSync(this.path, 'utf8').trim());
        if (pid && pid !== process.pid && isAlive(pid))
          throw new Error(
            `The data dir ${dir} is in use by another werkbank process (pid ${pid}). ` +
              'Stop it, or start this one with another --data dir (the embedded store serves one process).',
          );
        unlinkSync(this.path); // stale lock from a process that died
      }
    }
    throw new Error(`Could not lock the data dir ${dir}`);
  }
  release(): void {
    try {
      if (readFileSync(this.path, 'utf8').trim() === String(process.pid)) unlinkSync(this.path);
    } catch {
      /* already gone */
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
