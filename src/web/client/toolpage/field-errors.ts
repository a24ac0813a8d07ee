/**
 * A failed call on the tool page: the message above the form, and on every field a 400 names
 * (the API's message names fields in backticks, `a.b` or `courses[0].credits`, several joined by
 * "; "); focus moves to the first such field.
 */
import { h } from '../dom.js';
import type { Field } from '../form/field.js';
import type { Form } from '../form/form.js';
import type { ToolPage } from './page.js';

export function clearErrors({ form, formError }: ToolPage): void {
  form.clearErrors();
  formError.hidden = true;
  formError.textContent = '';
}

export function showError({ form, formError, result }: ToolPage, message: string, code: number): void {
  const marked = code === 400 ? markFields(form, message) : [];
  for (const f of marked) f.focusEl.closest('details')?.setAttribute('open', '');
  formError.hidden = false;
  formError.textContent = `${code ? `${code}: ` : ''}${message}`;
  result.replaceChildren(
    h('p', { class: 'muted', text: code === 401 ? 'Not run: the key was not accepted.' : 'The call failed; nothing was charged.' }),
  );
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
