/**
 * The line in front of a worker pool's workers (./worker-pool.ts), kept per owner (the calling account, or the
 * address of a caller without one), so that one owner's backlog never stands between another owner and a worker:
 *
 * - the next job is the first of the owner with the fewest jobs running; among equals, of the owner served longest
 *   ago (one not served yet first). A worker that frees up goes to an owner waiting without one before it goes to
 *   an owner that already holds workers: no owner holds more than its share of workers while others wait longer
 *   than the job ahead of them runs;
 * - when the line is full, a newcomer with fewer waiting jobs takes the place of the newest job of the owner with
 *   the most, so one owner cannot hold the line against the others.
 */
export interface Queued {
  owner: string;
}

export class OwnerQueue<T extends Queued> {
  /** Waiting jobs per owner, oldest first. */
  private readonly lines = new Map<string, T[]>();
  /** When each owner with jobs running or waiting was last served (a counter; higher is later). */
  private readonly served = new Map<string, number>();
  private turn = 0;
  /** Jobs waiting, all owners. */
  size = 0;

  add(task: T): void {
    const line = this.lines.get(task.owner);
    if (line) line.push(task);
    else this.lines.set(task.owner, [task]);
    this.size++;
  }

  /** Takes `task` out of its owner's line (it left: cancelled, waited too long, or evicted); false if not waiting. */
  remove(task: T): boolean {
    const line = this.lines.get(task.owner);
    const i = line?.indexOf(task) ?? -1;
    if (!line || i < 0) return false;
    line.splice(i, 1);
    if (!line.length) this.lines.delete(task.owner);
    this.size--;
    return true;
  }

  /** Jobs of `owner` waiting. */
  waitingOf(owner: string): number {
    return this.lines.get(owner)?.length ?? 0;
  }

  /** The next job to run: see the rule above. `runningOf` counts an owner's running jobs. */
  next(runningOf: (owner: string) => number): T | undefined {
    let best: { owner: string; running: number; served: number } | undefined;
    for (const owner of this.lines.keys()) {
      const running = runningOf(owner);
      const served = this.served.get(owner) ?? -1;
      if (!best || running < best.running || (running === best.running && served < best.served)) best = { owner, running, served };
    }
    if (!best) return undefined;
    const line = this.lines.get(best.owner)!;
    const task = line.shift()!;
    if (!line.length) this.lines.delete(best.owner);
    this.size--;
    this.served.set(best.owner, ++this.turn);
    return task;
  }

  /**
   * The line is full and `owner` wants in: the newest job of the owner with the most waiting, if that is at least
   * two more than `owner` has (the caller takes it out and refuses it); undefined if there is no such job.
   */
  evictFor(owner: string): T | undefined {
    let biggest: T[] | undefined;
    for (const line of this.lines.values()) if (!biggest || line.length > biggest.length) biggest = line;
    if (!biggest || biggest.length <= this.waitingOf(owner) + 1) return undefined;
    return biggest[biggest.length - 1];
  }

  /** `owner` has nothing running: once it has nothing waiting either, when it was served is forgotten. */
  idle(owner: string): void {
    if (!this.lines.has(owner)) this.served.delete(owner);
  }
}
