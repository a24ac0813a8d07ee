/**
 * A failed call on the tool page: the message above the form, and on every field a 400 names
 * (the API's message names fields in backticks, `a.b` or `courses[0].credits`, several joined by
 * "; "); focus moves to the first such field.
 */
import type { Field } from '../form/field.js';
import { errorView, positionOf } from '../result/error.js';
import type { Form } from '../form/form.js';
import type { ToolPage } from './page.js';

export function clearErrors({ form, formError }: ToolPage): void {
  form.clearErrors();
  formError.hidden = true;
  formError.textContent = '';
}

/** A failed call: its message above Run and as the result, the fields it names marked; `quiet` (a live run) moves nothing. */
export function showError({ form, formError, result }: ToolPage, message: string, code: number, quiet = false): void {
  const marked = code === 400 ? markFields(form, message) : [];
  for (const f of marked) f.focusEl.closest('details')?.setAttribute('open', '');
  formError.hidden = false;
  formError.textContent = `${code ? `${code}: ` : ''}${message}`;
  const note = code === 401 ? 'Not run: the key was not accepted.' : 'The call failed; nothing was charged.';
  result.dataset.outcome = 'error';
  result.replaceChildren(errorView({ message: message.replace(/^Invalid input:\s*/, ''), ...positionOf(message) }, note));
  if (quiet) return;
  const first = marked[0]?.focusEl;
  if (first) {
    first.focus({ preventScroll: true });
    first.scrollIntoView({ block: 'center' });
  } else formError.scrollIntoView({ block: 'nearest' });
}

/** Mark the fields a 400's message names; answers them. */
function markFields(form: Form, message: string): Field[] {
  const marked: Field[] = [];
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
  return marked;
}

/**
 * Mark the input an answer's error is about (json-formatter's invalid JSON): the first multi-line text field,
 * else the first text field.
 */
export function markInput({ form }: ToolPage, message: string): void {
  const text = (f: Field) => f.focusEl instanceof HTMLTextAreaElement;
  const field = form.fields.find(text) ?? form.fields.find((f) => f.focusEl instanceof HTMLInputElement && f.focusEl.type === 'text');
  field?.mark(message);
}
