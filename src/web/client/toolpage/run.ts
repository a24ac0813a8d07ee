/**
 * Run on the tool page: the form read (a field that cannot be read is marked and Run stops), the
 * call made with the key in use (in dev mode the dev key when there is none), a refused key
 * forgotten, and the result shown in its view, scrolled to, focused and announced.
 */
import { $, announce, isDev, sessionCsrf, storage } from '../dom.js';
import { api, devKey } from '../api.js';
import { isFieldError } from '../form/field.js';
import { renderResult } from '../result/result.js';
import { clearErrors, showError } from './field-errors.js';
import type { Keybox } from './keybox.js';
import type { ToolPage } from './page.js';

export function initRun(page: ToolPage, keybox: Keybox): void {
  const run = $<HTMLButtonElement>('#run')!;
  page.formEl.addEventListener('submit', (e) => {
    e.preventDefault();
    if (run.disabled) return;
    // Everything up to the call happens at once, in the event: tests and the reader see it synchronously.
    clearErrors(page);
    const args = readForm(page);
    if (!args) return;
    run.disabled = true;
    page.status.textContent = 'Running…';
    // Failures are caught and shown inside runCall, so nothing is left to handle here.
    void runCall(page, keybox, run, args);
  });
}

/** Makes the call and shows its failure on the page; Run is enabled again when it is over. */
async function runCall(page: ToolPage, keybox: Keybox, run: HTMLButtonElement, args: Record<string, unknown>): Promise<void> {
  try {
    await call(page, keybox, args);
  } catch (err) {
    showError(page, (err as Error).message, 0);
    page.status.textContent = 'Failed.';
  } finally {
    run.disabled = false;
  }
}

/** The form's values, or undefined when a field cannot be read (then marked and focused). */
function readForm({ form, status }: ToolPage): Record<string, unknown> | undefined {
  try {
    return form.collect();
  } catch (err) {
    if (isFieldError(err)) {
      err.field.mark(err.message);
      (err.el ?? err.field.focusEl).setAttribute('aria-invalid', 'true');
      (err.el ?? err.field.focusEl).focus();
      status.textContent = 'Not run: a field needs a fix.';
    }
    return undefined;
  }
}

async function call(page: ToolPage, keybox: Keybox, args: Record<string, unknown>): Promise<void> {
  const { data, status } = page;
  let key = storage.key();
  if (!key && isDev() && !sessionCsrf()) key = await devKey().catch(() => '');
  const started = performance.now();
  const r = await api(data.path, { method: 'POST', body: args, key });
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
    showError(page, message, r.status);
    announce(`Failed: ${message}`);
    return;
  }
  status.textContent = `Done in ${ms} ms.`;
  showResult(page, r.json.data);
}

function showResult({ data, result }: ToolPage, value: unknown): void {
  const focus = renderResult(result, value, data.resultView, data.slug);
  const section = $('#result-section') ?? result;
  const rect = section.getBoundingClientRect();
  // Bring the result into view when it is not (a tall form, a phone), then move focus to it.
  if (rect.top < 0 || rect.top > window.innerHeight * 0.6) section.scrollIntoView({ block: 'start' });
  focus.focus({ preventScroll: true });
  const primary = $('#primary');
  const said = primary?.querySelector('.figure, .answer')?.textContent;
  announce(`Result ready${said ? `: ${said}` : ''}.`);
}
