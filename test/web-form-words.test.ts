/**
 * The tool form's words, derived from the declarations without a browser: labels and hints cut where a sentence
 * part ends (never inside a time, a parenthesis or "http(s)"), units taken out of labels and hints, no ranges that
 * only keep numbers finite, two fields of one group never under one label, the default a select shows, the
 * fields that belong to one mode, and the pick lists' filter.
 */
import { describe as group, expect, it } from 'vitest';
import { describe, distinctLabels, extras, labelEnd, singularOf } from '../src/web/client/form/describe.js';
import { enumDefault } from '../src/web/client/form/controls.js';
import { advancedKeys } from '../src/web/client/form/form.js';
import { conditionValues } from '../src/web/client/form/conditions.js';
import { filterValues, listedValues } from '../src/web/client/form/pick-list.js';
import type { Ctx } from '../src/web/client/form/field.js';
import { resolve, type Schema } from '../src/web/client/schema.js';
import { Registry } from '../src/core/registry.js';
import { allToolsets, loadAllTools } from '../tools/index.js';

const ctx: Ctx = { fields: [], names: new Map(), examples: [], ids: new Set() };
const registry = Registry.of(await loadAllTools(), allToolsets);

/** A field's schema as the page receives it. */
function field(slug: string, path: string): Schema {
  const entry = registry.tools.find((e) => e.tool.slug === slug)!;
  let s: Schema = entry.inputSchema;
  for (const p of path.split('.')) s = resolve(p === '[]' ? s.items : s.properties![p]);
  return s;
}
/** Label, unit and hint of a declared field, as its form shows them. */
function words(slug: string, path: string, kind?: string) {
  const s = field(slug, path);
  const name = path.split('.').at(-1)!;
  return describe(name, s, ctx, kind ?? (Array.isArray(s.enum) ? 'enum' : String(s.type)));
}

group('labels and hints', () => {
  it('end where a sentence part ends, never inside a time, a parenthesis or http(s)', () => {
    expect(labelEnd('Describe times as 14:00 instead of 02:00 PM')).toBe(-1);
    expect(labelEnd('Public http(s) URL to render')).toBe(-1);
    expect(labelEnd('Time zone of the schedule, an IANA name (default UTC)')).toBe('Time zone of the schedule'.length);
    expect(labelEnd('Yearly property tax (OZB) in euros, shown per month')).toBe('Yearly property tax (OZB) in euros'.length);
    expect(labelEnd('Include ASCII punctuation !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~')).toBe(-1);
    expect(labelEnd('Weight lifted, e.g. 100. More')).toBe('Weight lifted'.length);
  });

  it('read as people’s words on the declared fields', () => {
    const cron = words('cron-parser', 'use24HourTimeFormat', 'boolean');
    expect(cron.label).not.toMatch(/14$/);
    expect(cron.hint).toContain('14:00 instead of 02:00 PM');
    expect(words('cron-parser', 'timezone').label).toBe('Time zone of the schedule');
    expect(words('html-to-pdf', 'html').hint).not.toContain('413');
    const qr = words('qr-code', 'size', 'integer');
    expect([qr.label, qr.unit, qr.hint]).toEqual(['Image width and height', 'px', '']);
    expect(words('url-screenshot', 'url').label).toBe('Public http(s) URL to render');
    expect(words('bmr-calculator', 'age', 'number')).toMatchObject({ label: 'Age', unit: 'years' });
    expect(words('macro-calculator', 'sex').label).toBe('Sex'); // not "For the computed target"
    expect(words('brp-test-data-generator', 'options.pctExoticNames', 'integer')).toMatchObject({ label: 'Exotic names', unit: '%' });
    expect(words('upa-file-generator', 'options.population.holidayAllowanceMonth', 'integer').label).toBe(
      'Month the holiday allowance is paid',
    );
  });

  it('name one item of a list without its preposition', () => {
    expect(['toZones', 'courses', 'entries', 'csvs', 'payrollTaxNumbers'].map(singularOf)).toEqual([
      'zone',
      'course',
      'entry',
      'CSV',
      'payroll tax number',
    ]);
  });

  it('leave out ranges that only keep numbers finite', () => {
    expect(extras(field('unit-converter', 'value'), 'number', '')).toEqual([]);
    expect(extras(field('qr-code', 'size'), 'integer', '')).toEqual(['64 to 4096', 'default 512']);
  });

  it('never give two fields of one group the same label', () => {
    const named = (slug: string, names: string[]) => names.map((n) => [n, words(slug, n, 'number')] as [string, ReturnType<typeof words>]);
    const mortgage = named('mortgage-calculator', ['downPayment', 'downPaymentPercent']);
    expect(mortgage[0][1].label).toBe(mortgage[1][1].label); // what the descriptions alone would say
    const relabelled = distinctLabels(mortgage);
    expect(relabelled.get('downPayment')).not.toBe(relabelled.get('downPaymentPercent'));
    expect([...relabelled.values()]).toEqual(['Down payment (€)', 'Down payment (%)']);
    const buy = distinctLabels(named('discount-calculator', ['buyQuantity', 'getQuantity', 'getDiscountPercent']));
    expect(new Set(buy.values()).size).toBe(3);
    expect(distinctLabels(named('loan-calculator', ['amount', 'term'])).size).toBe(0);
  });
});

group('choices', () => {
  it('show the default the tool applies, also through aliases', () => {
    expect(enumDefault(field('loan-calculator', 'termUnit'))).toBe('years');
    expect(enumDefault(field('qr-code', 'format'))).toBe('png');
    expect(enumDefault(field('morse-code-translator', 'mode'))).toBe('encode');
    expect(enumDefault(field('text-diff', 'granularity'))).toBe('word');
  });

  it('name the fields that belong to a mode', () => {
    const modes = ['append', 'join'];
    expect(conditionValues('join: the key column name, present in every file', '', modes)).toEqual(['join']);
    expect(conditionValues('Business mode: also skip Dutch public days off', '', ['calendar', 'business'])).toEqual(['business']);
    expect(conditionValues('Business days (mode business) to add', '', ['calendar', 'business'])).toEqual(['business']);
    expect(conditionValues('Body fat %, for katch-mcardle', '', ['mifflin-st-jeor', 'harris-benedict', 'katch-mcardle'])).toEqual([
      'katch-mcardle',
    ]);
    expect(conditionValues('required for own and mapped', '', ['compact', 'own', 'mapped'])).toEqual(['own', 'mapped']);
    expect(conditionValues('A in A:B = C:D (mode solve: leave out the one to find)', '', ['simplify', 'solve', 'divide'])).toEqual([
      'solve',
    ]);
    // Not a mode: a field the description excludes from one, a time format, a field of every mode.
    expect(conditionValues('Percent (not for returnRate)', '', ['endAmount', 'returnRate'])).toEqual([]);
    expect(conditionValues('m:ss per paceUnit', '', ['km', 'mi', 'm'])).toEqual([]);
    expect(conditionValues('Net amount (exclusive) or GST-inclusive amount (inclusive)', '', ['exclusive', 'inclusive']).length).toBe(2);
  });
});

group('long forms', () => {
  it('fold the settings a person rarely changes, never the question itself', () => {
    const input = (slug: string) => registry.tools.find((e) => e.tool.slug === slug)!.inputSchema as Schema;
    expect([...advancedKeys(input('salary-converter'), ctx)]).toEqual(['hoursPerWeek', 'daysPerWeek', 'thirteenthMonth']);
    for (const slug of ['loan-calculator', 'date-calculator', 'retirement-calculator', 'text-cleaner'])
      expect(advancedKeys(input(slug), ctx).size, slug).toBe(0);
  });
});

group('pick lists', () => {
  it('find a value by any of its words, in any order', () => {
    const zones = ['UTC', 'America/New_York', 'Europe/Amsterdam', 'America/Sao_Paulo', 'Asia/Tokyo'];
    expect(filterValues(zones, 'new york')).toEqual(['America/New_York']);
    expect(filterValues(zones, 'amster')).toEqual(['Europe/Amsterdam']);
    expect(filterValues(zones, 'são paulo')).toEqual(['America/Sao_Paulo']);
    expect(filterValues(zones, 'america')).toHaveLength(2);
    expect(filterValues(zones, '')).toEqual(zones);
  });

  it('come from the declaration: units, letter grades and regex flags', () => {
    expect(listedValues(field('unit-converter', 'from'))).toEqual(expect.arrayContaining(['km', 'mi', 'kg', '°C', 'kWh']));
    expect(listedValues(field('gpa-calculator', 'courses.[].grade'))).toEqual(expect.arrayContaining(['A+', 'B-', 'F', 'P']));
    expect(listedValues(field('regex-tester', 'flags'))).toContain('gi');
    expect(listedValues(field('loan-calculator', 'amount'))).toBeUndefined();
  });
});
