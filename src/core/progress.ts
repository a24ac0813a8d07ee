/**
 * How far a long call is: what a tool reports through `ctx.progress` (src/core/tool.ts), and what the surfaces turn
 * it into (a task's status message, MCP `notifications/progress`, the status of an asynchronous REST call, the CLI's
 * progress bar). One hook for every listener: the platform throttles it, so a tool may report as often as it likes.
 */

/** One report: a sentence for people, and where known how many units of how many are done. */
export interface Progress {
  /** What the call is doing, e.g. "planned 10,000 people; writing period 3 of 36". */
  message: string;
  /** Units done so far (never decreasing within a call). */
  done?: number;
  /** Units in all, when known. */
  total?: number;
}

export type ProgressHook = (update: Progress) => void;

/** At most this many reports a second reach a listener (the first and the last always do). */
export const PROGRESS_PER_SECOND = 4;

/**
 * `hook`, passed at most PROGRESS_PER_SECOND reports a second: the first report at once, later ones when the
 * interval has passed since the last one passed on, and a report that completes the work (`done === total`) always.
 * Dropped reports are superseded by the next, so a listener sees the latest state within the interval.
 */
export function throttleProgress(hook: ProgressHook, perSecond: number = PROGRESS_PER_SECOND): ProgressHook {
  const interval = 1000 / perSecond;
  let last = -Infinity;
  let lastDone: number | undefined;
  return (update) => {
    const now = performance.now();
    const final = update.total !== undefined && update.done === update.total && update.done !== lastDone;
    if (!final && now - last < interval) return;
    last = now;
    lastDone = update.done;
    try {
      hook(update);
    } catch {
      // A listener's failure is its own: the work goes on.
    }
  };
}
