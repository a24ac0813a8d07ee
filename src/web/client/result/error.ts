/**
 * A result that is an error, shown as one: a red headline with the reason, where in the input (line and
 * column, when the tool or the API names them) and what to do, without the copy and download of a result.
 * Two sources: a failed call (the API's error), and an answer whose declared field is empty beside a reason
 * (json-formatter's `valid: false` with `error`, line and column).
 */
import { h } from '../dom.js';
import { isRecord } from '../schema.js';
import { valueAt, type ResultView } from './view.js';

export interface ResultError {
  message: string;
  line?: number;
  column?: number;
}

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** The line and column a message names (`at line 3, column 1`, `(line 3, column 1)`), if any. */
export function positionOf(message: string): { line?: number; column?: number } {
  const m = /\bline (\d+)(?:,? (?:column|col\.?) (\d+))?/i.exec(message);
  return m ? { line: Number(m[1]), column: m[2] ? Number(m[2]) : undefined } : {};
}

/**
 * The error an answer carries instead of its result: the declared field empty and a reason beside it
 * (`error`, else `reason`). A validator's verdict (`valid: false` beside a filled field) is a result, not this.
 */
export function answerError(data: unknown, declared: ResultView | undefined): ResultError | undefined {
  if (!isRecord(data) || !declared) return undefined;
  const message = [data.error, data.reason].find((m): m is string => typeof m === 'string' && m.trim() !== '');
  if (!message) return undefined;
  const fields = typeof declared.field === 'string' ? [declared.field] : declared.field;
  if (!fields.every((f) => f !== '' && empty(valueAt(data, f)))) return undefined;
  const at = positionOf(message);
  const num = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined);
  return { message, line: num(data.line) ?? at.line, column: num(data.column) ?? at.column };
}

/** The reason without the place it names (said on its own line): "Expected a property name in double quotes". */
export function headlineOf(e: ResultError): string {
  const text = e.line ? e.message.replace(/,?\s*\(?\b(at |on )?line \d+(,? (column|col\.?) \d+)?\)?/i, '').trim() : e.message;
  return (text.charAt(0).toUpperCase() + text.slice(1)).replace(/[.:]$/, '');
}

/** The error in one line, for a field or the status: "Expected a property name (line 3, column 1)". */
export const errorLine = (e: ResultError) => headlineOf(e) + (e.line ? ` (line ${e.line}${e.column ? `, column ${e.column}` : ''})` : '');

/** Where the error is, in words: "Line 3, column 1 of the input." */
export const whereText = (e: ResultError) => (e.line ? `Line ${e.line}${e.column ? `, column ${e.column}` : ''} of the input.` : '');

/** The error view: the headline, where it is, and a hint; `note` below (what a failed call cost). */
export function errorView(e: ResultError, note = ''): HTMLElement {
  const text = headlineOf(e);
  return h(
    'div',
    { class: 'result-error', id: 'result-error', tabindex: '-1', role: 'group', 'aria-labelledby': 'result-error-h' },
    h('p', { class: 'error-headline', id: 'result-error-h', text }),
    whereText(e) ? h('p', { class: 'error-where', text: whereText(e) }) : null,
    h('p', { class: 'hint', text: note || 'Fix the input and the result follows.' }),
  );
}
