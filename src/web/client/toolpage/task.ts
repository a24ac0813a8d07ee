/**
 * A run answered as a task (`Prefer: respond-async` → 202): its status URL polled at the task's own interval, its
 * message and progress shown in the result area (a polite live status and a labelled `<progress>`), a Cancel button
 * that deletes it, and at the end the answer `/result` gives, which the page shows as it shows a direct call's.
 */
import { api, type ApiResult } from '../api.js';
import { h } from '../dom.js';
import { formatNumber } from '../numbers.js';
import type { ToolPage } from './page.js';

/** A task as REST shows it (src/tasks/rest-task.ts). */
interface RestTask {
  status: 'working' | 'completed' | 'failed' | 'cancelled';
  statusMessage?: string;
  progress?: { done?: number; total?: number };
  pollIntervalMs: number;
  links: { self: string; result: string };
}

/** Never poll faster than this, whatever a task says. */
const MIN_POLL_MS = 250;

/** The task's progress panel: its status line, bar and Cancel button. */
function panel(page: ToolPage, onCancel: () => void) {
  const status = h('p', { id: 'task-status', role: 'status', 'aria-live': 'polite', text: 'Started…' });
  const bar = h('progress', { id: 'task-progress', 'aria-labelledby': 'task-status' }) as HTMLProgressElement;
  const cancel = h('button', {
    type: 'button',
    class: 'secondary',
    id: 'task-cancel',
    text: 'Cancel',
    onclick: onCancel,
  }) as HTMLButtonElement;
  page.result.replaceChildren(h('div', { class: 'task' }, status, bar, cancel));
  return {
    cancel,
    show(task: RestTask) {
      const { done, total } = task.progress ?? {};
      const counted = done !== undefined && total ? ` (${formatNumber(done)} of ${formatNumber(total)})` : '';
      status.textContent = `${task.statusMessage ?? 'Working…'}${counted}`;
      if (done !== undefined && total) {
        bar.max = total;
        bar.value = done;
      }
    },
  };
}

/** The answer of a task: what `/result` gives, or 'cancelled' when it was cancelled. */
export async function followTask(page: ToolPage, first: RestTask, key: string): Promise<ApiResult | 'cancelled'> {
  let cancelled = false;
  const view = panel(page, () => {
    cancelled = true;
    view.cancel.disabled = true;
    view.cancel.textContent = 'Cancelling…';
    void api(first.links.self, { method: 'DELETE', key });
  });
  let task = first;
  view.show(task);
  while (task.status === 'working') {
    await new Promise((r) => setTimeout(r, Math.max(MIN_POLL_MS, task.pollIntervalMs)));
    const r = await api<RestTask>(first.links.self, { key });
    if (!r.ok) return r;
    task = r.json.data;
    view.show(task);
    if (cancelled && task.status === 'working') view.cancel.textContent = 'Cancelling…';
  }
  if (task.status === 'cancelled') return 'cancelled';
  return api(first.links.result, { key });
}
