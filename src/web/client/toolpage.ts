/**
 * The tool page: the form from the input schema, example fills, Run (Ctrl/Cmd+Enter too), Reset,
 * the result in its declared view (focus and view move to it, and it is announced), every field a
 * 400 names marked, the key box (a key refused with 401 is forgotten), and the curl/MCP snippets.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { $, $$, announce, copyText, h, isDev, sessionCsrf, storage } from './dom.js';
import { api, devKey } from './api.js';
import { buildForm, isFieldError, type Field } from './form.js';
import { renderResult, type ResultView } from './result.js';

interface ToolData {
  slug: string;
  name: string;
  title: string;
  path: string;
  metering: string;
  inputSchema: any;
  resultView?: ResultView;
  examples: { name?: string; input: unknown }[];
}

export function initTool(): void {
  const data: ToolData = JSON.parse($('#tool-data')!.textContent!);
  const root = $('#fields')!;
  const form = buildForm(root, data.inputSchema, data.examples.map((e) => e.input));
  const formEl = $<HTMLFormElement>('#tool-form')!;
  const result = $('#result')!;
  const status = $('#status')!;
  const formError = $('#form-error')!;

  const clearErrors = () => {
    form.clearErrors();
    formError.hidden = true;
    formError.textContent = '';
  };

  // ---- snippets: curl and MCP, in step with the form (never with the key) ----
  const snippets = () => {
    let args: Record<string, unknown>;
    try {
      args = form.collect();
    } catch {
      return;
    }
    const json = JSON.stringify(args);
    const quoted = `'${json.replace(/'/g, `'\\''`)}'`;
    $('#curl')!.textContent = `curl -s ${location.origin}${data.path} \\\n  -H "X-API-Key: $WERKBANK_API_KEY" \\\n  -H 'Content-Type: application/json' \\\n  -d ${quoted}`;
    $('#mcp-args')!.textContent = JSON.stringify(args, null, 2);
  };
  root.addEventListener('input', snippets);
  root.addEventListener('change', snippets);
  root.addEventListener('click', (e) => (e.target as HTMLElement).closest('button') && setTimeout(snippets));
  snippets();
  $$('[data-copy]').forEach((b) => b.addEventListener('click', () => copyText($('#' + b.dataset.copy)!.textContent ?? '', b)));

  $$('[data-example]').forEach((b) =>
    b.addEventListener('click', () => {
      const ex = data.examples[Number(b.dataset.example)];
      clearErrors();
      form.fill(ex.input);
      snippets();
      status.textContent = `Filled in from the example “${ex.name ?? ''}”.`;
    }),
  );

  // ---- the key box: which key Run uses ----
  const keybox = $('#keybox')!;
  const drawKeybox = (notice?: string) => {
    keybox.textContent = '';
    keybox.hidden = false;
    const key = storage.key();
    if (notice) keybox.append(h('p', { class: 'alert', role: 'alert', text: notice }));
    if (!key && sessionCsrf()) {
      keybox.append(h('p', { id: 'session-run', text: 'Runs on your own account (signed in with a passkey).' }));
      return;
    }
    if (key) {
      keybox.append(
        h('p', { class: 'row keyline' }, h('span', { text: `Runs with the API key ${key.slice(0, 10)}… kept in this browser.` }),
          h('button', { type: 'button', class: 'secondary small', onclick: () => (storage.setKey(''), drawKeybox()) }, 'Forget key')),
      );
      return;
    }
    const input = h('input', { type: 'password', id: 'apikey', autocomplete: 'off', 'aria-describedby': 'apikey-hint' }) as HTMLInputElement;
    const save = () => {
      const k = input.value.trim();
      if (k) (storage.setKey(k), drawKeybox());
    };
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') (e.preventDefault(), save());
    });
    keybox.append(
      h('label', { for: 'apikey', text: 'API key' }),
      h('div', { class: 'row' }, input, h('button', { type: 'button', onclick: save }, 'Save key'),
        isDev() ? h('button', { type: 'button', class: 'secondary', onclick: () => devKey().then(() => drawKeybox()) }, 'Use the dev key') : null),
      h('p', { class: 'hint', id: 'apikey-hint' },
        data.metering === 'render' ? 'Renders also run without a key (a few a day). ' : 'Needed to run the tool; kept in this browser only. ',
        h('a', { href: '/account', text: 'Get or manage keys' }), '.'),
    );
  };
  drawKeybox();
  let refused = '';
  document.addEventListener('werkbank:key-refused', (e) => {
    refused = `The key kept in this browser was not accepted (${(e as CustomEvent).detail}); it is forgotten: enter another one.`;
    drawKeybox(refused);
  });

  // ---- errors ----
  /** The API's message names fields in backticks (`a.b`, `courses[0].credits`), several joined by "; ". */
  const showError = (message: string, code: number) => {
    const marked: Field[] = [];
    if (code === 400) {
      const parts = message.replace(/^Invalid input:\s*/, '').split(/;\s+(?=[^;]*`)/);
      for (const part of parts) {
        const paths = [...part.matchAll(/`([^`]+)`/g)].map((m) => m[1].replace(/…$/, ''));
        for (const p of paths) {
          const hit = form.fieldAt(p);
          if (!hit) continue;
          const [field, rest] = hit;
          const text = marked.includes(field) ? `${field.errEl.textContent} ${part}` : part.charAt(0).toUpperCase() + part.slice(1);
          field.mark(text, rest);
          if (!marked.includes(field)) marked.push(field);
          break;
        }
      }
      if (!marked.length) {
        // A message without backticks may still name a field by its name.
        for (const f of form.fields) {
          const last = f.path[f.path.length - 1];
          if (last && last.length > 2 && new RegExp(`\\b${last.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(message)) {
            f.mark(message);
            marked.push(f);
          }
        }
      }
    }
    for (const f of marked) f.focusEl.closest('details')?.setAttribute('open', '');
    formError.hidden = false;
    formError.textContent = `${code ? `${code}: ` : ''}${message}`;
    result.replaceChildren(h('p', { class: 'muted', text: code === 401 ? 'Not run: the key was not accepted.' : 'The call failed; nothing was charged.' }));
    const first = marked[0]?.focusEl;
    if (first) {
      first.focus({ preventScroll: true });
      first.scrollIntoView({ block: 'center' });
    } else formError.scrollIntoView({ block: 'nearest' });
  };

  // ---- Run ----
  const run = $<HTMLButtonElement>('#run')!;
  formEl.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (run.disabled) return;
    clearErrors();
    let args: Record<string, unknown>;
    try {
      args = form.collect();
    } catch (err) {
      if (isFieldError(err)) {
        err.field.mark(err.message);
        (err.el ?? err.field.focusEl).setAttribute('aria-invalid', 'true');
        (err.el ?? err.field.focusEl).focus();
        status.textContent = 'Not run: a field needs a fix.';
      }
      return;
    }
    run.disabled = true;
    status.textContent = 'Running…';
    try {
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
          refused = `The key ${key.slice(0, 10)}… was not accepted (${message}). It is forgotten in this browser: enter another one.`;
          drawKeybox(refused);
        } else if (r.status === 401) drawKeybox(refused || 'This tool needs an API key: enter one below.');
        showError(message, r.status);
        announce(`Failed: ${message}`);
        return;
      }
      status.textContent = `Done in ${ms} ms.`;
      show(r.json.data);
    } catch (err) {
      showError((err as Error).message, 0);
      status.textContent = 'Failed.';
    } finally {
      run.disabled = false;
    }
  });

  const show = (value: unknown) => {
    const focus = renderResult(result, value, data.resultView, data.slug);
    const section = $('#result-section') ?? result;
    const rect = section.getBoundingClientRect();
    // Bring the result into view when it is not (a tall form, a phone), then move focus to it.
    if (rect.top < 0 || rect.top > window.innerHeight * 0.6) section.scrollIntoView({ block: 'start' });
    focus.focus({ preventScroll: true });
    const primary = $('#primary');
    const said = primary?.querySelector('.figure, .answer')?.textContent;
    announce(`Result ready${said ? `: ${said}` : ''}.`);
  };

  // Ctrl/Cmd+Enter runs from anywhere in the form (a text area included).
  formEl.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      formEl.requestSubmit();
    }
  });
  $('#reset')?.addEventListener('click', () => {
    form.reset();
    clearErrors();
    snippets();
    result.replaceChildren(h('p', { class: 'muted', text: 'Run the tool to see its result.' }));
    status.textContent = 'The form is cleared.';
    form.fields[0]?.focusEl.focus();
  });
}
