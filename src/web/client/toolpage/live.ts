/**
 * A result in step with its input. After an edit the result on the page says it is out of date until it is
 * refreshed; tools that cost nothing, and text tools (a required text area, a credit a run at most), run
 * by themselves a moment after the typing stops, when a run needs no key to be asked for.
 */
import { h } from '../dom.js';
import type { Runner } from './run.js';
import type { ToolPage } from './page.js';

/** How long typing must pause before a live run. */
const PAUSE_MS = 700;

/** A text tool: its input is a text to type (a required text area), as in a formatter or a counter. */
const textInput = (el: HTMLElement) => el instanceof HTMLTextAreaElement && el.getAttribute('aria-required') === 'true';

/** Whether the tool runs as you type: free, or a text tool that costs at most a credit a run; never one that runs long. */
export function isLive(page: ToolPage): boolean {
  const { cost = 1, metering, long } = page.data;
  if (long) return false;
  if (cost === 0) return true;
  return metering === 'credits' && cost <= 1 && page.form.fields.some((f) => textInput(f.focusEl));
}

export function initLive(page: ToolPage, runner: Runner): void {
  const live = isLive(page);
  const section = page.result.closest('section') ?? page.result;
  const notice = h('p', { class: 'stale-note', id: 'stale', role: 'status', hidden: true });
  section.querySelector('h2')?.after(notice);
  const cost = page.data.cost ?? 1;
  if (live) page.formEl.querySelector('.kbd-hint')?.prepend(`Runs as you type${cost ? ` (${cost} credit a run)` : ''}. `);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const current = () => {
    try {
      return JSON.stringify(page.form.collect());
    } catch {
      return '';
    }
  };
  const check = () => {
    const shown = runner.shownFor();
    const stale = Boolean(shown) && current() !== shown;
    section.classList.toggle('stale', stale);
    notice.hidden = !stale;
    if (!stale) return;
    const auto = live && runner.canRun();
    notice.textContent = auto
      ? 'The input changed: updating the result…'
      : 'The input changed: this result is for the previous input. Run to update it.';
    page.status.textContent = 'Out of date.';
    clearTimeout(timer);
    if (auto) timer = setTimeout(() => current() !== runner.shownFor() && runner.run('live'), PAUSE_MS);
  };
  page.formEl.addEventListener('input', check);
  page.formEl.addEventListener('change', check);
  // A button (adding or removing an item) changes the form in its own click handler: check after it.
  page.formEl.addEventListener('click', (e) => (e.target as HTMLElement).closest('button[type="button"]') && setTimeout(check));
  // A result shown: in step again, unless the input changed while it ran.
  page.result.addEventListener('werkbank:shown', () => {
    notice.hidden = true;
    check();
  });
}
