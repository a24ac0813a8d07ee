/**
 * The control for one primitive value, by kind: a choice (enum), a check box, a number box (read
 * with a decimal comma or point), a text area, a line or a date/time picker; and the labelled box
 * around it (label, unit, hint, error).
 */
import { h } from '../dom.js';
import { parseNumber } from '../numbers.js';
import type { Schema } from '../schema.js';
import { valueLabel } from '../words.js';
import { fmt, type Described } from './describe.js';
import { DATE, DATETIME, TIME, type Kind } from './kind.js';
import { attachPickList, listedValues, zoneNames } from './pick-list.js';

/** One control for a primitive value: its element, reader and writer. */
export interface Control {
  el: HTMLElement;
  focusEl: HTMLElement;
  read(): unknown; // undefined: empty
  write(v: unknown): void;
  /** An error on the input as typed (numbers, dates), or ''. */
  check(): string;
}

/** The attributes every control carries. */
type Common = { id: string; 'aria-label'?: string; 'aria-required'?: string };

export function control(kind: Kind, s: Schema, id: string, ariaLabel?: string, required = false): Control {
  const common: Common = { id, 'aria-label': ariaLabel, 'aria-required': required ? 'true' : undefined };
  if (kind === 'enum') return enumControl(s, common, required);
  if (kind === 'boolean') return booleanControl(s, common);
  if (kind === 'number' || kind === 'integer') return numberControl(s, common, kind === 'integer');
  if (kind === 'long') return longControl(s, common);
  return lineControl(kind, s, common);
}

/** The default an enum's description names: "pretty (default) or minify", "(default auto)". */
export function enumDefault(s: Schema): unknown {
  if (s.default !== undefined) return s.default;
  const desc = String(s.description ?? '');
  const values: unknown[] = s.enum ?? [];
  const m = /([^\s,;:(]+) \(default\b/.exec(desc) ?? /\bdefault:? ["“]?([^\s"”,;)]+)/i.exec(desc);
  if (m) {
    const found = values.find((v) => String(v).toLowerCase() === m[1].toLowerCase().replace(/[.:]$/, ''));
    if (found !== undefined) return found;
  }
  return undefined;
}

function enumControl(s: Schema, common: Common, required: boolean): Control {
  const values: unknown[] = s.enum ?? [];
  const def = enumDefault(s);
  const sel = h('select', common) as HTMLSelectElement;
  // A default the schema does not carry is the tool's own: the empty choice leaves it out and names no value.
  if (def === undefined) sel.append(h('option', { value: '', text: required ? 'Choose…' : '' }));
  values.forEach((v, i) => sel.append(h('option', { value: String(i), text: valueLabel(v) + (v === def ? ' (default)' : '') })));
  const initial = def === undefined ? '' : String(values.indexOf(def));
  sel.value = initial;
  return {
    el: sel,
    focusEl: sel,
    read: () => (sel.value === '' || sel.value === initial ? undefined : values[Number(sel.value)]),
    write: (v) => {
      const i = values.findIndex((e) => e === v || String(e).toLowerCase() === String(v).toLowerCase());
      sel.value = v === undefined || i < 0 ? initial : String(i);
    },
    check: () => '',
  };
}

function booleanControl(s: Schema, common: Common): Control {
  const box = h('input', { ...common, type: 'checkbox' }) as HTMLInputElement;
  const initial = s.default === true;
  box.checked = initial;
  let touched = false;
  box.addEventListener('change', () => (touched = true));
  return {
    el: box,
    focusEl: box,
    read: () => (touched || box.checked !== initial ? box.checked : undefined),
    write: (v) => {
      box.checked = v === undefined ? initial : Boolean(v);
      touched = v !== undefined;
    },
    check: () => '',
  };
}

function numberControl(s: Schema, common: Common, integer: boolean): Control {
  const input = h('input', {
    ...common,
    type: 'text',
    inputmode: integer && !(typeof s.minimum === 'number' && s.minimum < 0) ? 'numeric' : 'decimal',
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: typeof s.default === 'number' ? fmt(s.default) : undefined,
  }) as HTMLInputElement;
  const parse = () => (input.value.trim() === '' ? undefined : parseNumber(input.value, integer));
  return {
    el: input,
    focusEl: input,
    read: () => {
      const p = parse();
      return p && p.ok ? p.value : undefined;
    },
    write: (v) =>
      (input.value =
        v === undefined || v === null
          ? ''
          : typeof v === 'number'
            ? fmt(v)
            : typeof v === 'string' || typeof v === 'boolean'
              ? String(v)
              : JSON.stringify(v)),
    check: () => {
      const p = parse();
      return p && !p.ok ? p.error : '';
    },
  };
}

function longControl(s: Schema, common: Common): Control {
  const ta = h('textarea', { ...common, rows: 6, spellcheck: 'false', maxlength: s.maxLength }) as HTMLTextAreaElement;
  return {
    el: ta,
    focusEl: ta,
    read: () => (ta.value === '' ? undefined : ta.value),
    write: (v) => (ta.value = v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v, null, 2)),
    check: () => '',
  };
}

/** A line of text (with a pick list for a zone or listed values), or a date, time or date-and-time picker. */
function lineControl(kind: Kind, s: Schema, common: Common): Control {
  const type = kind === 'date' ? 'date' : kind === 'time' ? 'time' : kind === 'datetime' ? 'datetime-local' : 'text';
  const input = h('input', {
    ...common,
    type,
    autocomplete: 'off',
    spellcheck: 'false',
    maxlength: s.maxLength,
    placeholder: type === 'text' && typeof s.default === 'string' ? s.default : undefined,
  }) as HTMLInputElement;
  const values = kind === 'zone' ? zoneNames() : type === 'text' ? listedValues(s) : undefined;
  return {
    el: values ? attachPickList(input, values) : input,
    focusEl: input,
    read: () => (input.value === '' ? undefined : input.value),
    write: (v) => {
      const text = v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v);
      // A value a picker cannot hold (an example's "today", a full ISO instant): a plain text box then.
      if (type !== 'text' && text && !(type === 'date' ? DATE : type === 'time' ? TIME : DATETIME).test(text)) input.type = 'text';
      input.value = type === 'time' && /^\d:\d{2}$/.test(text) ? '0' + text : text;
      if (text && input.value === '') {
        input.type = 'text';
        input.value = text;
      }
    },
    check: () => (input.validity?.badInput ? (type === 'date' ? 'Enter a complete date' : 'Enter a complete time') : ''),
  };
}

/** A labelled field (label, control with its unit, hint, error). */
export function fieldBox(
  id: string,
  d: Described,
  ctl: Control,
  required: boolean,
  hint: HTMLElement | null,
  err: HTMLElement,
  kind: Kind,
): HTMLElement {
  const described = [hint?.id, err.id].filter(Boolean).join(' ');
  ctl.focusEl.setAttribute('aria-describedby', described);
  const label = h('label', { for: id }, d.label, required ? h('span', { class: 'req', text: ' required' }) : null);
  if (kind === 'boolean') {
    return h('div', { class: 'field check' }, ctl.el, h('div', {}, label, hint, err));
  }
  const unit = d.unit ? h('span', { class: 'unit', id: id + '-unit', text: d.unit }) : null;
  if (unit) ctl.focusEl.setAttribute('aria-describedby', `${id}-unit ${described}`);
  const wide = kind === 'long' ? ' wide' : kind === 'number' || kind === 'integer' || kind === 'date' || kind === 'time' ? ' short' : '';
  return h('div', { class: 'field' + wide }, label, unit ? h('div', { class: 'with-unit' }, ctl.el, unit) : ctl.el, hint, err);
}
