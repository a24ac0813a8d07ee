/**
 * What a person can do from a view: change the call's simple inputs and run it again, and ask for every
 * row of an answer an MCP answer cut short (`truncated`, src/mcp/rows.ts). Both call the tool through the
 * host, as the person's own call.
 */
import { h } from '../dom.js';
import { isPrimitive, isRecord, resolve, typeOf, type JsonSchema } from '../schema.js';
import { humanize } from '../words.js';

type Rerun = (name: string, args: Record<string, unknown>) => Promise<void>;

/** At most this many inputs in the form: a calculator's, not a generator's whole configuration. */
const MAX_FIELDS = 12;
const ALL_ROWS = 'allRows';

export function actionsFor(name: string, args: Record<string, unknown>, data: unknown, inputSchema: unknown, rerun: Rerun): HTMLElement[] {
  const out: HTMLElement[] = [];
  const truncated = isRecord(data) && isRecord(data.truncated) ? Object.entries(data.truncated) : [];
  if (truncated.length) {
    const total = truncated.map(([, t]) => (isRecord(t) ? Number(t.total) : 0)).reduce((a, b) => Math.max(a, b), 0);
    out.push(
      h(
        'p',
        { class: 'row' },
        h(
          'button',
          { type: 'button', class: 'secondary', onclick: () => rerun(name, { ...args, [ALL_ROWS]: true }) },
          `Show all ${total} rows`,
        ),
      ),
    );
  }
  const form = inputsForm(name, args, inputSchema, rerun);
  if (form) out.push(form);
  return out;
}

/** The scalar inputs of the call (numbers, words, choices, switches) as a form that runs the tool again. */
function inputsForm(name: string, args: Record<string, unknown>, inputSchema: unknown, rerun: Rerun): HTMLElement | null {
  const properties = (isRecord(inputSchema) ? (inputSchema as JsonSchema).properties : undefined) ?? {};
  const fields = Object.entries(properties)
    .filter(([key, s]) => key !== ALL_ROWS && isPrimitive(s) && (key in args || resolve(s).default !== undefined))
    .filter(([key]) => typeof args[key] !== 'string' || (!String(args[key]).includes('\n') && String(args[key]).length <= 200))
    .slice(0, MAX_FIELDS);
  if (!fields.length) return null;
  const form = h('div', { class: 'rerun', role: 'group', 'aria-label': 'Inputs' });
  const readers: (() => [string, unknown])[] = [];
  for (const [key, raw] of fields) {
    const s = resolve(raw);
    const value = key in args ? args[key] : s.default;
    const id = `in-${key}`;
    const type = typeOf(s);
    const label = h('label', { for: id, text: humanize(key) });
    if (type === 'boolean') {
      const box = h('input', { id, type: 'checkbox', checked: value === true }) as HTMLInputElement;
      form.append(h('div', { class: 'field check' }, box, label));
      readers.push(() => [key, box.checked]);
    } else if (Array.isArray(s.enum)) {
      const select = h('select', { id }, ...s.enum.map((o) => h('option', { value: String(o), selected: o === value }, String(o))));
      form.append(h('div', { class: 'field' }, label, select));
      readers.push(() => [key, (select as HTMLSelectElement).value]);
    } else {
      const numeric = type === 'number' || type === 'integer';
      const input = h('input', {
        id,
        type: numeric ? 'number' : 'text',
        step: numeric ? 'any' : undefined,
        value: typeof value === 'string' || typeof value === 'number' ? String(value) : '',
      });
      form.append(h('div', { class: 'field' }, label, input));
      readers.push(() => {
        const text = (input as HTMLInputElement).value.trim();
        return [key, numeric ? (text === '' ? undefined : Number(text)) : text];
      });
    }
  }
  const run = () => {
    const next: Record<string, unknown> = { ...args };
    for (const read of readers) {
      const [key, value] = read();
      if (value === undefined) delete next[key];
      else next[key] = value;
    }
    void rerun(name, next);
  };
  // A button and Enter, not a form submission: a host's sandbox may block forms (no `allow-forms`).
  form.append(h('button', { type: 'button', onclick: run }, 'Run again'));
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
      event.preventDefault();
      run();
    }
  });
  return h('details', { class: 'card rerun-box' }, h('summary', { text: 'Change the inputs' }), form);
}
