/** Any other value (maps, unions): a text area for JSON, with its shape shown. */
import { h } from '../dom.js';
import { isRecord, typeOf, type Schema } from '../schema.js';
import { fieldBox } from './controls.js';
import { describe, hintNode } from './describe.js';
import { exampleValues, fieldError, setError, type Ctx, type Field } from './field.js';

/** Anything else (maps, unions): JSON, with its shape shown. */
export function jsonField(
  path: string[],
  s: Schema,
  required: boolean,
  parent: HTMLElement,
  ctx: Ctx,
  id: string,
  err: HTMLElement,
): Field {
  const name = path[path.length - 1] ?? 'body';
  const d = describe(name, s, ctx, 'json');
  const ta = h('textarea', { id, rows: 4, spellcheck: 'false', 'aria-required': required ? 'true' : undefined }) as HTMLTextAreaElement;
  const sample = exampleValues(ctx, path)[0];
  const shape =
    sample !== undefined
      ? JSON.stringify(sample).slice(0, 120)
      : typeOf(s) === 'object' && isRecord(s.additionalProperties) && s.additionalProperties.type
        ? `{"name": ${s.additionalProperties.type === 'string' ? '"text"' : s.additionalProperties.type === 'boolean' ? 'true' : '1'}}`
        : typeOf(s) === 'array'
          ? '[…]'
          : '{…}';
  ta.placeholder = shape;
  const hint = hintNode(id + '-hint', d.hint, [`JSON, e.g. ${shape}`], ctx);
  parent.append(
    fieldBox(id, d, { el: ta, focusEl: ta, read: () => undefined, write: () => undefined, check: () => '' }, required, hint, err, 'long'),
  );
  const f: Field = {
    path,
    get: () => {
      if (ta.value.trim() === '') return undefined;
      try {
        return JSON.parse(ta.value) as unknown;
      } catch {
        throw fieldError(f, `${d.label}: not valid JSON`);
      }
    },
    set: (v) => (ta.value = v === undefined ? '' : JSON.stringify(v, null, 2)),
    clear: () => (ta.value = ''),
    focusEl: ta,
    errEl: err,
    mark: (message) => setError(ta, err, message),
  };
  return f;
}
