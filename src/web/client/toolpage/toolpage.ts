/**
 * The tool page: the form from the input schema, example fills, Run (Ctrl/Cmd+Enter too), Reset,
 * the result in its declared view (focus and view move to it, and it is announced), every field a
 * 400 names marked, the key box (a key refused with 401 is forgotten), and the curl/MCP snippets.
 *
 * Where each part is: snippets.ts (curl and MCP), keybox.ts (which key Run uses), run.ts (Run and
 * the result), field-errors.ts (an error shown on the fields it names), page.ts (what they share).
 */
import { $, $$, h } from '../dom.js';
import { buildForm } from '../form/form.js';
import { clearErrors } from './field-errors.js';
import { initKeybox } from './keybox.js';
import { initLive } from './live.js';
import { initRun } from './run.js';
import type { ToolData, ToolPage } from './page.js';
import { initSnippets } from './snippets.js';

export function initTool(): void {
  const data = JSON.parse($('#tool-data')!.textContent) as ToolData;
  const root = $('#fields')!;
  const form = buildForm(
    root,
    data.inputSchema,
    data.examples.map((e) => e.input),
  );
  const page: ToolPage = {
    data,
    form,
    formEl: $<HTMLFormElement>('#tool-form')!,
    result: $('#result')!,
    status: $('#status')!,
    formError: $('#form-error')!,
  };
  const { formEl, result, status } = page;

  const snippets = initSnippets(root, form, data.path);

  const keybox = initKeybox(data.metering);
  const runner = initRun(page, keybox);
  initLive(page, runner);

  // An example fills the form and runs it (when a run needs no key to be asked for).
  $$('[data-example]').forEach((b) =>
    b.addEventListener('click', () => {
      const ex = data.examples[Number(b.dataset.example)];
      clearErrors(page);
      form.fill(ex.input);
      snippets();
      if (runner.canRun() && runner.run('example')) return;
      status.textContent = `Filled in from the example “${ex.name ?? ''}”${runner.canRun() ? '' : ': enter an API key below to run it'}.`;
    }),
  );

  // Ctrl/Cmd+Enter runs from anywhere in the form (a text area included).
  formEl.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      formEl.requestSubmit();
    }
  });
  $('#reset')?.addEventListener('click', () => {
    form.reset();
    clearErrors(page);
    snippets();
    result.replaceChildren(h('p', { class: 'muted', text: 'Run the tool to see its result.' }));
    delete result.dataset.outcome;
    runner.forget();
    result.dispatchEvent(new CustomEvent('werkbank:shown', { bubbles: true }));
    status.textContent = 'The form is cleared.';
    form.fields[0]?.focusEl.focus();
  });
}
