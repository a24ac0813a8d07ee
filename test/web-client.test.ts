/**
 * The pages' browser modules that need no browser: reading typed numbers (never a different
 * number than typed), showing numbers, words for field names and enum values, the result view a
 * declaration resolves to and what its copy button copies, card summaries and the 404's
 * did-you-mean.
 */
import { describe, expect, it } from 'vitest';
import {
  DATE_KEY,
  IDENTIFIER,
  formatDate,
  formatDateTime,
  formatField,
  formatMoney,
  formatNumber,
  formatNumbersInText,
  inChosenUnit,
  isMoneyKey,
  parseNumber,
} from '../src/web/client/numbers.js';
import { answerError, errorLine, headlineOf, positionOf } from '../src/web/client/result/error.js';
import { humanize, labelAndUnit, valueLabel } from '../src/web/client/words.js';
import { copyValue } from '../src/web/client/result/copy-value.js';
import { toCsv } from '../src/web/client/result/csv.js';
import { resolveView, valueAt } from '../src/web/client/result/view.js';
import { firstSentence, summaryOf, toolsetName } from '../src/web/pages.js';
import { suggestions } from '../src/web/feature.js';
import { Registry } from '../src/core/registry.js';
import { allToolsets, loadAllTools } from '../tools/index.js';

const testRegistry = async () => Registry.of(await loadAllTools(), allToolsets);

const read = (s: string, integer = false) => {
  const r = parseNumber(s, integer);
  return r.ok ? r.value : `error: ${r.error}`;
};

describe('typed numbers', () => {
  it('reads a decimal comma or point, and thousands separators that cannot be misread', () => {
    expect(read('3000,50')).toBe(3000.5);
    expect(read('3000.50')).toBe(3000.5);
    expect(read('1.234,56')).toBe(1234.56);
    expect(read('1,234.56')).toBe(1234.56);
    expect(read('1.000.000')).toBe(1_000_000);
    expect(read('1,000,000')).toBe(1_000_000);
    expect(read('1 250 000')).toBe(1_250_000);
    expect(read("1'250'000,5")).toBe(1_250_000.5);
    expect(read('0,125')).toBe(0.125);
    expect(read(',5')).toBe(0.5);
    expect(read('-5')).toBe(-5);
    expect(read('−5,5')).toBe(-5.5);
    expect(read('+7')).toBe(7);
    expect(read('1e6')).toBe(1_000_000);
    expect(read('2.5E-3')).toBe(0.0025);
    expect(read(' 42 ')).toBe(42);
    expect(read('12,5678')).toBe(12.5678); // four decimals: no thousands group
    expect(read('1234,567')).toBe(1234.567); // four digits before: not a group
  });

  it('refuses anything else, saying why: never a different number than typed', () => {
    for (const s of ['7e', '5ft', 'abc', '1,2,3.4', '1.2.3', '12 34', '1.234.56', '€5', '5%', '--5', '1,,5', '.', ''])
      expect(read(s), s).toMatch(/^error: /);
    // One or a thousand? Refused with both readings named.
    expect(read('1,000')).toBe('error: “1,000” could be 1 or 1000: write 1 or 1000');
    expect(read('12.500')).toBe('error: “12.500” could be 12.5 or 12500: write 12.5 or 12500');
    expect(read('3,5', true)).toMatch(/whole number/);
    expect(read('3', true)).toBe(3);
    expect(read('7e')).toContain('“7e” is not a number');
  });

  it('shows numbers for the reader in one style: grouped from 1,000, decimals trimmed, money with two decimals and its currency', () => {
    expect(formatNumber(199736.63)).toBe('199,736.63');
    expect(formatNumber(1013.37)).toBe('1,013.37'); // grouped from 1,000, like 164,813.83 beside it
    expect(formatNumber(2025)).toBe('2,025');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(12345)).toBe('12,345');
    expect(formatNumber(3.24444444444444)).toBe('3.2444');
    expect(formatNumber(0.000123456)).toBe('0.0001235');
    expect(formatNumber(2880.48, 'EUR')).toBe('€2,880.48');
    expect(formatNumber(2880, 'EUR')).toBe('€2,880.00');
    expect(formatNumber(37.5, '%')).toBe('37.5%');
    expect(formatNumber(1649, 'kcal/day')).toBe('1,649 kcal/day');
    expect(formatMoney(20.1)).toBe('20.10');
    expect(formatMoney(-1234.5, 'USD')).toBe('-$1,234.50');
    // Numbers that name something are never grouped; amounts of money by their name get two decimals.
    expect(['seed', 'year', 'weekYear', 'unixSeconds', 'aNumber'].filter((k) => !IDENTIFIER.test(k))).toEqual([]);
    expect(['totalPaid', 'years', 'amount', 'count'].filter((k) => IDENTIFIER.test(k))).toEqual([]);
    expect(formatField('year', 2026)).toBe('2026');
    expect(formatField('monthlyPayment', 340)).toBe('340.00');
    expect(formatField('totalInterest', 20.07, 'EUR')).toBe('€20.07');
    expect(formatField('interestToPrincipalRatio', 0.0201)).toBe('0.0201');
    expect(formatField('count', 1200)).toBe('1,200');
    expect(['monthlyPayment', 'taxedAmount', 'balance', 'netSalary'].every(isMoneyKey)).toBe(true);
    expect(['ratePercent', 'month', 'count', 'seed'].some(isMoneyKey)).toBe(false);
    expect(['totalPay', 'overtimePay', 'regularPay'].every(isMoneyKey)).toBe(true);
  });

  it('writes the amounts of a note in the one style, and leaves years, codes, dates and small counts as written', () => {
    const rule = 'annual gross 51840 (incl. 8% holiday allowance); box 1 18767.32 − credits 6979.04 = 11788.28; net 40248.2.';
    expect(formatNumbersInText(rule, 'EUR')).toBe(
      'annual gross €51,840.00 (incl. 8% holiday allowance); box 1 €18,767.32 − credits €6,979.04 = €11,788.28; net €40,248.20.',
    );
    expect(formatNumbersInText(rule)).toBe(
      'annual gross 51,840 (incl. 8% holiday allowance); box 1 18,767.32 − credits 6,979.04 = 11,788.28; net 40,248.2.',
    );
    const kept = 'tables of 2026 (from 2026-01-01, 10:30), version 1.2.3, code 0503, id x123456, factor 1.5, 12.5%';
    expect(formatNumbersInText(kept, 'EUR')).toBe(kept);
  });

  it('shows dates and times readable in the chosen zone, and quantities in the unit the user chose', () => {
    expect(formatDateTime('2025-01-03T17:00:00Z')).toBe('Jan 3, 2025, 5:00 PM UTC');
    expect(formatDateTime('2025-01-03T17:00:00Z', 'Europe/Amsterdam')).toBe('Jan 3, 2025, 6:00 PM GMT+1');
    expect(formatDateTime('2024-03-31T03:30:00+02:00')).toBe('Mar 31, 2024, 3:30 AM UTC+02:00');
    expect(formatDateTime('2024-03-30T21:30:00')).toBe('Mar 30, 2024, 9:30 PM'); // a wall time: as written
    expect(formatDateTime('2024-03-30T21:30:15Z')).toBe('Mar 30, 2024, 9:30:15 PM UTC');
    expect(formatDateTime('2025-02-30T10:00:00Z')).toBe('2025-02-30T10:00:00Z'); // no such day: unchanged
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDate('1945-11-22')).toBe('Nov 22, 1945');
    expect(formatDate('19451122', true)).toBe('Nov 22, 1945');
    expect(formatDate('19451122')).toBe('19451122'); // eight digits are a date only where the field says so
    expect(formatDate('20251340', true)).toBe('20251340');
    expect(['dateOfBirth', 'startDate', 'registrationDate', 'birth_date'].every((k) => DATE_KEY.test(k))).toBe(true);
    expect(['update', 'mandate', 'bsn'].some((k) => DATE_KEY.test(k))).toBe(false);
    expect(inChosenUnit(360, 'months', ['years'])).toEqual([30, 'years']);
    expect(inChosenUnit(361, 'months', ['years'])).toEqual([361, 'months']);
    expect(inChosenUnit(360, 'months', ['months'])).toEqual([360, 'months']);
    expect(inChosenUnit(360, 'months', [])).toEqual([360, 'months']);
  });

  it('finds the error an answer carries instead of its result, with its line and column', () => {
    const view = { kind: 'code', field: 'formatted', language: 'json', or: { kind: 'text', field: 'error' } } as const;
    const invalid = { formatted: '', valid: false, error: 'expected a property name at line 3, column 1', line: 3, column: 1 };
    expect(answerError(invalid, view)).toEqual({ message: invalid.error, line: 3, column: 1 });
    expect(answerError({ formatted: '{}', valid: true, error: null, line: null, column: null }, view)).toBeUndefined();
    // A validator's verdict beside its filled field is a result, not an error.
    expect(answerError({ valid: false, errors: ['checksum'], error: 'x' }, { kind: 'figure', field: 'valid' })).toBeUndefined();
    expect(positionOf('`yaml`: not valid YAML (line 2, column 5)')).toEqual({ line: 2, column: 5 });
    expect(headlineOf({ message: invalid.error, line: 3, column: 1 })).toBe('Expected a property name');
    expect(errorLine({ message: '`yaml`: not valid YAML (line 2, column 5)', line: 2, column: 5 })).toBe(
      '`yaml`: not valid YAML (line 2, column 5)',
    );
    expect(errorLine({ message: 'too deep' })).toBe('Too deep');
    expect(positionOf('no place named')).toEqual({});
  });
});

describe('words', () => {
  it('turns field names and enum values into labels, with units from the name', () => {
    expect(labelAndUnit('annualRatePercent')).toEqual(['Annual rate', '%']);
    expect(labelAndUnit('heightCm')).toEqual(['Height', 'cm']);
    expect(labelAndUnit('termYears')).toEqual(['Term', 'years']);
    expect(labelAndUnit('years')).toEqual(['Years', '']);
    expect(humanize('characters_no_spaces')).toBe('Characters no spaces');
    expect(humanize('ibanCountry')).toBe('IBAN country');
    expect(valueLabel('aowBornBefore1946')).toBe('At AOW age, born before 1946');
    expect(valueLabel('perPerson')).toBe('Per person');
    expect(valueLabel('interest-only')).toBe('Interest only');
    expect(valueLabel('lPer100km')).toBe('L/100 km');
    expect(valueLabel('SHA-256')).toBe('SHA-256');
    expect(valueLabel(12)).toBe('12');
  });

  it('card summaries are plain text, one sentence, cut only between words', () => {
    expect(firstSentence('Adds VAT, e.g. 21 %. Then more.')).toBe('Adds VAT, e.g. 21 %.');
    const text = `Computes ${'the long words '.repeat(20)}and ends.`;
    const long = summaryOf(text);
    expect(long.length).toBeLessThanOrEqual(110);
    expect(long.endsWith('…')).toBe(true);
    expect(text.startsWith(long.slice(0, -1) + ' ')).toBe(true); // cut between words
    expect(summaryOf('Converts `termUnit` and fixedCosts for people.')).toBe('Converts term unit and fixed costs for people.');
    expect(toolsetName('dutch-calc')).toBe('Dutch calculators');
  });
});

describe('result views', () => {
  it('resolve the declared field: a mode’s field, the first present one, or the fallback view', () => {
    const px = { kind: 'figure', field: 'remText', choose: { by: 'direction', fields: { 'rem-to-px': 'pxText' } } } as const;
    expect(resolveView({ direction: 'px-to-rem', remText: '1.5rem', pxText: '24px' }, px)?.[1]).toBe('remText');
    expect(resolveView({ direction: 'rem-to-px', remText: '1.5rem', pxText: '24px' }, px)?.[1]).toBe('pxText');
    const brp = { kind: 'table', field: 'people', or: { kind: 'file', field: '' } } as const;
    expect(resolveView({ people: [{ a: 1 }] }, brp)?.[0].kind).toBe('table');
    expect(resolveView({ fileName: 'x.csv', content: 'a\n' }, brp)?.[0].kind).toBe('file');
    const docs = { kind: 'list', field: 'documents[].mrz', or: { kind: 'record', field: 'validation' } } as const;
    expect(resolveView({ documents: [], validation: { valid: false } }, docs)).toEqual([docs.or, 'validation']);
    expect(valueAt({ ngrams: [{ terms: [1] }] }, 'ngrams.0.terms')).toEqual([1]);
    expect(valueAt({ d: [{ m: 'a' }, { m: 'b' }] }, 'd[].m')).toEqual(['a', 'b']);
  });

  it('copy gives the value itself: the text, the list one per line, a table as CSV', () => {
    expect(copyValue({ kind: 'code', field: 'yaml' }, 'a: 1\n')).toBe('a: 1\n');
    expect(copyValue({ kind: 'figure', field: 'x' }, 340.02)).toBe('340.02');
    expect(copyValue({ kind: 'list', field: 'x' }, ['a', 'b'])).toBe('a\nb');
    expect(copyValue({ kind: 'table', field: 'x' }, [{ a: 1, b: 'x,y' }])).toBe('a,b\n1,"x,y"\n');
    expect(copyValue({ kind: 'record', field: 'x' }, { 'SHA-256': 'abc' })).toBe('abc');
    expect(copyValue({ kind: 'file', field: '' }, { url: '/files/x', contentType: 'application/pdf' }, 'http://h')).toBe(
      'http://h/files/x',
    );
    expect(toCsv([{ a: 1 }, { b: 2 }])).toBe('a,b\n1,\n,2\n');
  });

  it('every tool declares a view of a known kind, and code views a language', async () => {
    const registry = await testRegistry();
    for (const { tool } of registry.tools) {
      const v = tool.resultView;
      expect(v, tool.slug).toBeDefined();
      for (let x = v; x; x = x.or) {
        expect(['figure', 'text', 'code', 'list', 'table', 'record', 'file', 'html', 'diff'], tool.slug).toContain(x.kind);
        if (x.kind === 'code') expect(x.language, tool.slug).toBeTruthy();
      }
    }
  });
});

describe('the 404', () => {
  it('suggests the tools an unknown slug is near', async () => {
    const registry = await testRegistry();
    const slugs = (s: string) => suggestions(registry.listed(), s).map((e) => e.tool.slug);
    expect(slugs('bmi')[0]).toBe('bmi-calculator');
    expect(slugs('json-yaml')[0]).toBe('json-to-yaml');
    expect(slugs('qqqqqqqqqq')).toEqual([]);
  });
});

describe('hosted files on the playground', () => {
  it("shows only files under /files/ on the page's own origin", async () => {
    const { ownFileUrl } = await import('../src/web/client/result/files.js');
    const origin = 'https://werkbank.example';
    expect(ownFileUrl('/files/abc.pdf', origin)).toBe('https://werkbank.example/files/abc.pdf');
    expect(ownFileUrl('https://werkbank.example/files/abc.png', origin)).toBe('https://werkbank.example/files/abc.png');
    for (const bad of [
      '//evil.example/files/x.pdf',
      'https://evil.example/files/x.pdf',
      '/api/v1/account',
      'javascript:alert(1)',
      '/files/../api/v1/account',
      'http://werkbank.example/files/x.pdf',
    ])
      expect(ownFileUrl(bad, origin), bad).toBeNull();
  });
});
