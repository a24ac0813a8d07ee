/**
 * What every part of the generated form shares: a `Field` (one value of the input, however it is
 * entered), the error a field throws when its input cannot be read, the build context, and the
 * field ids and error boxes.
 */
import { h } from '../dom.js';
import { isRecord } from '../schema.js';

export interface Field {
  path: string[];
  /** The value to send (undefined: not set). Throws a FieldError when the input cannot be read. */
  get(): unknown;
  set(v: unknown): void;
  clear(): void;
  focusEl: HTMLElement;
  errEl: HTMLElement;
  /** Show an error on the field; `rest`: the part of the API's path below the field (a table cell, `[0].credits`). */
  mark(message: string, rest?: string): void;
}

export type FieldError = Error & { field: Field; el?: HTMLElement };
export const fieldError = (field: Field, message: string, el?: HTMLElement): FieldError => Object.assign(new Error(message), { field, el });
export const isFieldError = (e: unknown): e is FieldError => e instanceof Error && 'field' in e;

/** What a form is built with: the fields made so far, the names, the examples, the ids taken. */
export interface Ctx {
  fields: Field[];
  /** Every field name → its label, to say "Term unit" where a description says `termUnit`. */
  names: Map<string, string>;
  /** The examples' inputs (for the shapes of values: dates, times). */
  examples: unknown[];
  ids: Set<string>;
}

export const idOf = (ctx: Ctx, path: string[]) => {
  const base = 'f-' + (path.join('.') || 'body').replace(/[^A-Za-z0-9_.-]/g, '_');
  let id = base;
  for (let i = 2; ctx.ids.has(id); i++) id = `${base}-${i}`;
  ctx.ids.add(id);
  return id;
};

/** Values of a path in the examples (`[]` steps into every item of an array). */
export function exampleValues(ctx: Ctx, path: string[]): unknown[] {
  let cur: unknown[] = ctx.examples;
  for (const p of path) {
    const next: unknown[] = [];
    for (const v of cur) {
      if (p === '[]') {
        if (Array.isArray(v)) next.push(...(v as unknown[]));
      } else if (isRecord(v) && v[p] !== undefined) next.push(v[p]);
    }
    cur = next;
  }
  return cur;
}

export function errBox(id: string): HTMLElement {
  return h('div', { class: 'error', id: id + '-err' });
}

export function setError(el: HTMLElement, errEl: HTMLElement, message: string): void {
  errEl.textContent = message;
  if (message) el.setAttribute('aria-invalid', 'true');
  else el.removeAttribute('aria-invalid');
}
