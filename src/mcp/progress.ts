/**
 * MCP progress notifications: a `tools/call` that carries `_meta.progressToken` hears its tool's progress
 * (src/core/progress.ts) as `notifications/progress`, on the request's own stream, with a `progress` that increases
 * with each notification as the protocol requires.
 */
import type { Progress, ProgressHook } from '../core/progress.js';

type Notify = (notification: { method: 'notifications/progress'; params: Record<string, unknown> }) => Promise<void>;

/** The progress token of a request's `_meta`, when it carries a valid one (a string or an integer). */
export function progressTokenOf(meta: unknown): string | number | undefined {
  const token = (meta as { progressToken?: unknown } | undefined)?.progressToken;
  return typeof token === 'string' || (typeof token === 'number' && Number.isSafeInteger(token)) ? token : undefined;
}

/** The hook that turns a call's progress into notifications for `token`; reports that would not increase `progress` are left out. */
export function progressNotifier(token: string | number, notify: Notify): ProgressHook {
  let last = -Infinity;
  return (update: Progress) => {
    const progress = update.done ?? (last === -Infinity ? 0 : last + 1);
    if (progress <= last) return;
    last = progress;
    const params: Record<string, unknown> = { progressToken: token, progress, message: update.message };
    if (update.total !== undefined) params.total = update.total;
    void notify({ method: 'notifications/progress', params }).catch(() => undefined);
  };
}
