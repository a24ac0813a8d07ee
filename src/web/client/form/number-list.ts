/** An array of numbers: one text area, the numbers one per line (or separated by spaces or semicolons). */
import { h } from '../dom.js';
import { parseNumber } from '../numbers.js';
import { typeOf, type Schema } from '../schema.js';
import { labelAndUnit, unitFromText } from '../words.js';
import { fieldBox } from './controls.js';
import { describe, fmt, hintNode } from './describe.js';
import { fieldError, setError, type Ctx, type Field } from './field.js';

/** Numbers, one per line (or separated by spaces or semicolons); a decimal comma is read as such. */
export function numberList(
  path: string[],
  s: Schema,
  items: Schema,
  required: boolean,
  parent: HTMLElement,
  ctx: Ctx,
  id: string,
  err: HTMLElement,
): Field {
  const name = path[path.length - 1];
  const d = describe(name, s, ctx, 'list');
  const ta = h('textarea', {
    id,
    rows: 3,
    spellcheck: 'false',
    inputmode: 'decimal',
    'aria-required': required ? 'true' : undefined,
  }) as HTMLTextAreaElement;
  const integer = typeOf(items) === 'integer';
  const unit = labelAndUnit(name)[1] || unitFromText(String(items.description ?? s.description ?? ''));
  const hint = hintNode(id + '-hint', [d.hint, 'Numbers separated by new lines, spaces or semicolons'].filter(Boolean).join('. '), [], ctx);
  parent.append(
    fieldBox(
      id,
      { ...d, unit },
      { el: ta, focusEl: ta, read: () => undefined, write: () => undefined, check: () => '' },
      required,
      hint,
      err,
      'long',
    ),
  );
  const split = (text: string): string[] => {
    let parts = text
      .split(/[\n;]+|\s+|,\s+/)
      .map((p) => p.trim())
      .filter(Boolean);
    // "1,2,3": commas separate when there are several and no decimal reading works.
    if (parts.length === 1 && (parts[0].match(/,/g) ?? []).length > 1 && !parts[0].includes('.') && !parseNumber(parts[0]).ok)
      parts = parts[0].split(',');
    return parts;
  };
  const f: Field = {
    path,
    get: () => {
      const parts = split(ta.value);
      if (!parts.length) return undefined;
      return parts.map((p, i) => {
        const r = parseNumber(p, integer);
        if (!r.ok) throw fieldError(f, `Item ${i + 1}: ${r.error}`);
        return r.value;
      });
    },
    set: (v) =>
      (ta.value = Array.isArray(v)
        ? v.map((x) => (typeof x === 'number' ? fmt(x) : String(x))).join('\n')
        : v === undefined
          ? ''
          : typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
            ? String(v)
            : JSON.stringify(v)),
    clear: () => (ta.value = ''),
    focusEl: ta,
    errEl: err,
    mark: (message) => setError(ta, err, message),
  };
  ta.addEventListener('change', () => {
    try {
      f.get();
      setError(ta, err, '');
    } catch (e) {
      setError(ta, err, (e as Error).message);
    }
  });
  return f;
}
