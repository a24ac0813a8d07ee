/**
 * Fields that belong to one mode: a field whose description says it is for some values of a choice in the same
 * form ("join: the key column name", "(mode business) to add", "For katch-mcardle", "per-hour-worked") is shown
 * only while that choice has one of them. A field holding a value stays shown whatever the choice (nothing
 * typed disappears), and every field shows while the choice is still empty.
 */
import type { Schema } from '../schema.js';
import type { Field } from './field.js';

/** A choice in the form: its field, its values and its select. */
export interface Choice {
  path: string[];
  values: string[];
  el: HTMLSelectElement;
}

/** A field shown only while `choice` has one of `values`. */
export interface Condition {
  choice: Choice;
  values: string[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The values of `choice` a description makes its field depend on: leading values and a colon ("cvte:",
 * "json and csv:", "mode rows:"), "(mode business)", "for katch-mcardle" or "bmi method", or a hint that is
 * only values ("per-period", "Simplify, divide"). Several mentions of different values all count.
 */
export function conditionValues(description: string, hint: string, values: readonly string[]): string[] {
  const byKey = new Map(values.map((v) => [v.toLowerCase(), v]));
  const alt = [...values]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');
  if (!alt) return [];
  const found = new Set<string>();
  const list = `(?:${alt})(?:(?:, | and | or |/| & )(?:${alt}))*`;
  const take = (text: string) => {
    const re = new RegExp(`(?<![\\w-])(${alt})(?![\\w-])`, 'gi');
    for (const m of text.matchAll(re)) found.add(byKey.get(m[1].toLowerCase())!);
  };
  const lead = new RegExp(`^(?:mode |in )?(${list})(?: only| mode| method| format)?\\s*(?::\\s|:?$)`, 'i').exec(description.trim());
  if (lead) take(lead[1]);
  const onlyValues = new RegExp(`^\\(?(${list})\\)?$`, 'i').exec(hint.trim());
  if (onlyValues) take(onlyValues[1]);
  const mention = new RegExp(
    `\\((?:mode )?(${alt})(?=[,):])|(?<!not )\\b(?:for|needs|needed for) (?:the )?(${list})(?![\\w-])|(?<![\\w-])(${alt}) (?:method|mode)\\b`,
    'gi',
  );
  for (const m of description.matchAll(mention)) take(m[1] ?? m[2] ?? m[3]);
  return [...found];
}

/** The condition of a field, from the choices of the form (its own group's first), if its words name one. */
export function conditionOf(field: Field, s: Schema, hint: string, choices: Choice[]): Condition | undefined {
  const own = field.path.join('.');
  const parent = field.path.slice(0, -1).join('.');
  const ranked = [...choices].sort(
    (a, b) => Number(b.path.slice(0, -1).join('.') === parent) - Number(a.path.slice(0, -1).join('.') === parent),
  );
  for (const choice of ranked) {
    if (choice.path.join('.') === own) continue;
    const values = conditionValues(String(s.description ?? ''), hint, choice.values);
    // A field for every value of the choice depends on none of them.
    if (values.length && values.length < choice.values.length) return { choice, values };
  }
  return undefined;
}

/** The value a choice shows (its default included), or undefined while it is empty. */
export function chosen(choice: Choice): string | undefined {
  const i = choice.el.value;
  return i === '' ? undefined : choice.values[Number(i)];
}

/** Show each conditional field while its choice fits or it holds a value; answers how to refresh after a fill. */
export function applyConditions(conditional: { field: Field; condition: Condition }[]): () => void {
  const refresh = () => {
    for (const { field, condition } of conditional) {
      const box = field.focusEl.closest<HTMLElement>('.field');
      if (!box) continue;
      const value = chosen(condition.choice);
      let held = false;
      try {
        held = field.get() !== undefined;
      } catch {
        held = true; // unreadable input is still input
      }
      box.hidden = !(value === undefined || condition.values.includes(value) || held);
    }
  };
  for (const el of new Set(conditional.map((c) => c.condition.choice.el))) el.addEventListener('change', refresh);
  refresh();
  return refresh;
}
