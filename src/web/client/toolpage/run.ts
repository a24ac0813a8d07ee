/**
 * Run on the tool page: the form read (a field that cannot be read is marked and Run stops), the
 * call made with the key in use (in dev mode the dev key when there is none), a refused key
 * forgotten, and the result shown in its view (an answer that carries an error as an error, its input
 * marked). A tool that runs long is asked for a task, whose progress is shown until its answer is there (task.ts).
 * A run the person asked for (Run, an example) scrolls to the result, focuses and announces it;
 * a live one (as they type) leaves focus and scroll where they are.
 */
import { $, announce, h, isDev, sessionCsrf, storage } from '../dom.js';
import { api, devKey } from '../api.js';
import { isFieldError } from '../form/field.js';
import { enumDefault } from '../form/controls.js';
import type { Schema } from '../schema.js';
import { answerError, errorLine } from '../result/error.js';
import { renderResult } from '../result/result.js';
import { fitResult } from './wide.js';
import { clearErrors, markInput, showError } from './field-errors.js';
import type { Keybox } from './keybox.js';
import type { ToolPage } from './page.js';
import { followTask } from './task.js';

/** Who asked for a run: the Run button (or Ctrl+Enter), an example, or typing (live). */
export type RunHow = 'button' | 'example' | 'live';

export interface Runner {
  /** Run now; answers false when the form cannot be read or a run is under way. */
  run(how: RunHow): boolean;
  /** Whether a run can be made without asking for a key (a key, a session, dev mode, or a render). */
  canRun(): boolean;
  /** The input of the result on the page (JSON), '' when there is none. */
  shownFor(): string;
  /** The result is gone (Reset): nothing on the page is out of date. */
  forget(): void;
}

export function initRun(page: ToolPage, keybox: Keybox): Runner {
  const run = $<HTMLButtonElement>('#run')!;
  let shownFor = '';
  const runner: Runner = {
    canRun: () => Boolean(storage.key() || sessionCsrf() || isDev() || page.data.metering === 'render'),
    shownFor: () => shownFor,
    forget: () => (shownFor = ''),
    run(how) {
      if (run.disabled) return false;
      // Everything up to the call happens at once, in the event: tests and the reader see it synchronously.
      if (how !== 'live') clearErrors(page);
      const args = readForm(page, how === 'live');
      if (!args) return false;
      if (how === 'live') clearErrors(page);
      run.disabled = true;
      page.status.textContent = 'Running…';
      // A run asked for replaces the result at once (nothing of the old one is read as the new one's); a live one
      // keeps it, marked out of date, until the new one is there.
      if (how !== 'live') page.result.replaceChildren(h('p', { class: 'muted', text: 'Running…' }));
      shownFor = JSON.stringify(args);
      // Failures are caught and shown inside runCall, so nothing is left to handle here.
      void runCall(page, keybox, run, args, how);
      return true;
    },
  };
  page.formEl.addEventListener('submit', (e) => {
    e.preventDefault();
    runner.run('button');
  });
  return runner;
}

/** Makes the call and shows its failure on the page; Run is enabled again when it is over. */
async function runCall(page: ToolPage, keybox: Keybox, run: HTMLButtonElement, args: Record<string, unknown>, how: RunHow): Promise<void> {
  try {
    await call(page, keybox, args, how);
  } catch (err) {
    showError(page, (err as Error).message, 0, how === 'live');
    page.status.textContent = 'Failed.';
  } finally {
    run.disabled = false;
    page.result.closest('section')?.classList.remove('stale');
    page.result.dispatchEvent(new CustomEvent('werkbank:shown', { bubbles: true }));
  }
}

/** The form's values, or undefined when a field cannot be read (then marked and focused, unless `quiet`). */
function readForm({ form, status }: ToolPage, quiet: boolean): Record<string, unknown> | undefined {
  try {
    return form.collect();
  } catch (err) {
    if (isFieldError(err) && !quiet) {
      err.field.mark(err.message);
      (err.el ?? err.field.focusEl).setAttribute('aria-invalid', 'true');
      (err.el ?? err.field.focusEl).focus();
      status.textContent = 'Not run: a field needs a fix.';
    }
    return undefined;
  }
}

async function call(page: ToolPage, keybox: Keybox, args: Record<string, unknown>, how: RunHow): Promise<void> {
  const { data, status } = page;
  let key = storage.key();
  if (!key && isDev() && !sessionCsrf()) key = await devKey().catch(() => '');
  const started = performance.now();
  let r = await api(data.path, { method: 'POST', body: args, key, prefer: data.long ? 'respond-async' : undefined });
  if (r.status === 202 && r.ok) {
    status.textContent = 'Running as a task…';
    const answer = await followTask(page, (r.json as unknown as { task: Parameters<typeof followTask>[1] }).task, key);
    if (answer === 'cancelled') {
      status.textContent = 'Cancelled; nothing was charged.';
      page.result.replaceChildren(h('p', { class: 'muted', text: 'Cancelled before it finished; nothing was charged.' }));
      announce('Cancelled; nothing was charged.');
      return;
    }
    r = answer;
  }
  const ms = Math.round(performance.now() - started);
  if (!r.ok) {
    const message = r.json?.error ?? `HTTP ${r.status}`;
    status.textContent = `Failed with ${r.status}.`;
    if (r.status === 401 && key) {
      // A key the server refuses is forgotten, so the next Run does not send it again.
      storage.setKey('');
      keybox.refused = `The key ${key.slice(0, 10)}… was not accepted (${message}). It is forgotten in this browser: enter another one.`;
      keybox.draw(keybox.refused);
    } else if (r.status === 401) keybox.draw(keybox.refused || 'This tool needs an API key: enter one below.');
    showError(page, message, r.status, how === 'live');
    if (how !== 'live') announce(`Failed: ${message}`);
    return;
  }
  showResult(page, r.json.data, args, how, ms);
}

/**
 * The input as the tool read it: the form leaves out a value equal to its default, and the result still shows what
 * was chosen (a term in the default unit).
 */
function withDefaults(schema: Schema, args: Record<string, unknown>): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const def = field.enum ? enumDefault(field) : field.default;
    if (def !== undefined) defaults[name] = def;
  }
  return { ...defaults, ...args };
}

function showResult(page: ToolPage, value: unknown, args: Record<string, unknown>, how: RunHow, ms: number): void {
  const { data, result, status } = page;
  const focus = renderResult(result, value, data.resultView, data.slug, { input: withDefaults(data.inputSchema, args) });
  fitResult(result);
  const failed = answerError(value, data.resultView);
  if (failed) {
    status.textContent = `Not valid: ${errorLine(failed)}.`;
    markInput(page, errorLine(failed));
  } else status.textContent = how === 'live' ? `Updated in ${ms} ms.` : `Done in ${ms} ms.`;
  if (how === 'live') return;
  const section = $('#result-section') ?? result;
  const rect = section.getBoundingClientRect();
  // Bring the result into view when it is not (a tall form, a phone), then move focus to it.
  if (rect.top < 0 || rect.top > window.innerHeight * 0.6) section.scrollIntoView({ block: 'start' });
  focus.focus({ preventScroll: true });
  const said = $('#primary')?.querySelector('.figure, .answer')?.textContent;
  announce(failed ? `Not valid: ${errorLine(failed)}.` : `Result ready${said ? `: ${said}` : ''}.`);
}
