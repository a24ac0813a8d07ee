/**
 * The clock of one worker job (./worker-pool.ts): its deadline counts the job's own time, not the time it spends
 * paused waiting for its caller (a streamed job waiting for a slow reader to take its text, ./chunk-flow.ts). Two
 * more limits bound what pausing allows: a single pause may last at most `idleMs` (a reader that takes nothing
 * for that long has stopped reading), and the job may take at most `wallMs` from start to end, pauses included
 * (a reader that trickles cannot hold the worker for ever).
 */

export interface JobLimits {
  /** The job's own time, ms: runs while the job runs, stands still while it is paused. */
  timeMs: number;
  /** Longest single pause, ms (none if absent). */
  idleMs?: number;
  /** Longest the job may take from start to end, pauses included, ms (none if absent). */
  wallMs?: number;
}

/** Which limit ended the job: its own time (`timeout`), one pause (`idle`) or start to end (`overtime`). */
export type JobClockEnd = 'timeout' | 'idle' | 'overtime';

export class JobClock {
  private state: 'ready' | 'running' | 'paused' | 'stopped' = 'ready';
  /** The job's own time left, ms, as of `since`. */
  private left: number;
  private since = 0;
  /** While running: the deadline of the job's own time; while paused: the idle limit. */
  private timer: NodeJS.Timeout | undefined;
  private wallTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly limits: JobLimits,
    /** Called once, when a limit is reached (the clock has stopped by then). */
    private readonly onEnd: (why: JobClockEnd) => void,
  ) {
    this.left = limits.timeMs;
  }

  /** Starts the clock (the job is under way). */
  start(): void {
    if (this.state !== 'ready') return;
    if (this.limits.wallMs !== undefined) this.wallTimer = setTimeout(() => this.end('overtime'), this.limits.wallMs);
    this.run();
  }

  /** The job waits for its caller: its own time stands still, the idle limit runs. */
  pause(): void {
    if (this.state !== 'running') return;
    clearTimeout(this.timer);
    this.left -= performance.now() - this.since;
    this.state = 'paused';
    if (this.limits.idleMs !== undefined) this.timer = setTimeout(() => this.end('idle'), this.limits.idleMs);
  }

  /** The job goes on: its own time runs again from where it stood. */
  resume(): void {
    if (this.state !== 'paused') return;
    clearTimeout(this.timer);
    this.run();
  }

  /** The job's own time left, ms: how much longer it may still run by its deadline (pauses aside). */
  remainingMs(): number {
    if (this.state === 'stopped') return 0;
    if (this.state !== 'running') return Math.max(0, this.left);
    return Math.max(0, this.left - (performance.now() - this.since));
  }

  /** The job has ended: no limit fires any more. */
  stop(): void {
    this.state = 'stopped';
    clearTimeout(this.timer);
    clearTimeout(this.wallTimer);
  }

  private run(): void {
    this.state = 'running';
    this.since = performance.now();
    this.timer = setTimeout(() => this.end('timeout'), Math.max(0, this.left));
  }

  private end(why: JobClockEnd): void {
    if (this.state === 'stopped') return;
    this.stop();
    this.onEnd(why);
  }
}
