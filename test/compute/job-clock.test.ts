/**
 * The clock of a worker job (src/compute/job-clock.ts), on fake timers: the deadline counts only the time the job
 * runs, one pause may last at most the idle limit, and the whole job at most the overall limit.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobClock, type JobClockEnd, type JobLimits } from '../../src/compute/job-clock.js';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

function clock(limits: JobLimits) {
  const ends: { why: JobClockEnd; at: number }[] = [];
  const t0 = Date.now();
  const c = new JobClock(limits, (why) => ends.push({ why, at: Date.now() - t0 }));
  return { c, ends };
}

describe('JobClock', () => {
  it('the deadline counts only the time the job runs: pauses do not use it up', () => {
    const { c, ends } = clock({ timeMs: 1_000 });
    c.start();
    vi.advanceTimersByTime(600);
    c.pause();
    vi.advanceTimersByTime(60_000); // no idle limit: a pause of any length
    expect(ends).toEqual([]);
    c.resume();
    vi.advanceTimersByTime(399);
    expect(ends).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ends).toEqual([{ why: 'timeout', at: 61_000 }]);
  });

  it('without pauses the deadline is the plain time limit', () => {
    const { c, ends } = clock({ timeMs: 1_000, idleMs: 100, wallMs: 5_000 });
    c.start();
    vi.advanceTimersByTime(10_000);
    expect(ends).toEqual([{ why: 'timeout', at: 1_000 }]);
  });

  it('one pause longer than the idle limit ends the job; many shorter ones add up to nothing', () => {
    const { c, ends } = clock({ timeMs: 1_000, idleMs: 300 });
    c.start();
    for (let i = 0; i < 20; i++) {
      c.pause();
      vi.advanceTimersByTime(299); // 20 pauses, 5,980 ms paused in all
      c.resume();
      vi.advanceTimersByTime(10);
    }
    expect(ends).toEqual([]);
    c.pause();
    vi.advanceTimersByTime(300);
    expect(ends).toEqual([{ why: 'idle', at: 20 * 309 + 300 }]);
  });

  it('a job that runs little and pauses often ends at the overall limit', () => {
    const { c, ends } = clock({ timeMs: 1_000, idleMs: 300, wallMs: 5_000 });
    c.start();
    // 50 ms of work per 300 ms: 833 ms of its own time by the overall limit, under the deadline.
    while (!ends.length) {
      vi.advanceTimersByTime(50);
      c.pause();
      vi.advanceTimersByTime(250);
      c.resume();
    }
    expect(ends).toEqual([{ why: 'overtime', at: 5_000 }]);
  });

  it('ends once; nothing fires after stop; pause and resume out of turn change nothing', () => {
    const { c, ends } = clock({ timeMs: 1_000, idleMs: 100, wallMs: 2_000 });
    c.pause(); // not started: no idle limit runs
    c.resume();
    vi.advanceTimersByTime(5_000);
    expect(ends).toEqual([]);
    c.start();
    c.resume(); // not paused: the deadline keeps running
    vi.advanceTimersByTime(500);
    c.pause();
    c.pause(); // already paused: the idle limit is not restarted
    vi.advanceTimersByTime(100);
    expect(ends).toEqual([{ why: 'idle', at: 5_600 }]);
    c.resume();
    vi.advanceTimersByTime(10_000);
    expect(ends).toHaveLength(1);

    const stopped = clock({ timeMs: 1_000, idleMs: 100, wallMs: 2_000 });
    stopped.c.start();
    vi.advanceTimersByTime(500);
    stopped.c.stop();
    vi.advanceTimersByTime(10_000);
    expect(stopped.ends).toEqual([]);
  });
});
