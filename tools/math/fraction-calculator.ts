import { z } from 'zod';
import type FractionClass from 'fraction.js';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { lazy } from '../_lib/lazy.js';

/**
 * Exact rational arithmetic (catalogue §7) with fraction.js 5 (BigInt numerators and denominators), loaded on first use.
 * Operands: integers, decimals ("0.75"), repeating decimals in parentheses ("0.(3)" = 1/3, "0.1(6)" = 1/6),
 * fractions ("3/4") and mixed numbers ("1 1/2"; a sign applies to the whole: "-1 1/2" = −3/2, Unicode − accepted).
 * Decision on decimals: "0.333333" is 333333/1000000 literally; `approximate: true` replaces each DECIMAL operand by
 * its best rational approximation with denominator ≤ maxDenominator (continued fractions, as Python's
 * Fraction.limit_denominator), so 0.333333 → 1/3. Results are always exact and fully reduced.
 */
type FractionCtor = typeof FractionClass;
type Frac = InstanceType<FractionCtor>;
const loadFraction = lazy(async (): Promise<FractionCtor> => (await import('fraction.js')).default);

const OPS = ['simplify', 'add', 'subtract', 'multiply', 'divide'] as const;
const SYMBOL = { add: '+', subtract: '−', multiply: '×', divide: '÷' } as const;
/** Digits shown in `decimal` before it is cut with "…" (long division: at most 60 steps). */
const MAX_DECIMALS = 60;

const MIXED = /^([+-]?)(\d+)\s+(\d+)\s*\/\s*(\d+)$/;
const FRACTION = /^([+-]?)(\d+)\s*\/\s*(\d+)$/;
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*)(?:\((\d+)\))?)?$/;

interface Parsed {
  n: bigint;
  d: bigint;
  decimal: boolean;
}

function parse(text: string, field: string): Parsed {
  const s = text
    .trim()
    .replace(/[\u2212\u2013]/g, '-')
    .replace(/\s+/g, ' ');
  const zero = () => new ToolError(`\`${field}\`: the denominator must not be 0 (got "${text}")`, 400, { field });
  let m = MIXED.exec(s);
  if (m) {
    const d = BigInt(m[4]);
    if (d === 0n) throw zero();
    const n = BigInt(m[2]) * d + BigInt(m[3]);
    return { n: m[1] === '-' ? -n : n, d, decimal: false };
  }
  m = FRACTION.exec(s);
  if (m) {
    const d = BigInt(m[3]);
    if (d === 0n) throw zero();
    return { n: m[1] === '-' ? -BigInt(m[2]) : BigInt(m[2]), d, decimal: false };
  }
  m = DECIMAL.exec(s);
  if (m && (m[2] || m[3] || m[4])) {
    const [, sign, int = '', frac = '', rep] = m;
    // x = int.frac(rep) = (int frac rep − int frac) / (10^|frac| · (10^|rep| − 1))
    let n: bigint, d: bigint;
    const head = BigInt(int + frac || '0');
    if (rep) {
      n = BigInt(int + frac + rep) - head;
      d = 10n ** BigInt(frac.length) * (10n ** BigInt(rep.length) - 1n);
    } else {
      n = head;
      d = 10n ** BigInt(frac.length);
    }
    return { n: sign === '-' ? -n : n, d, decimal: !rep && frac.length > 0 };
  }
  throw new ToolError(`\`${field}\`: "${text}" is not a number, fraction (3/4), mixed number (1 1/2) or repeating decimal (0.(3))`, 400, {
    field,
  });
}

/** Best rational approximation n/d with denominator ≤ maxD (Python's Fraction.limit_denominator). */
export function limitDenominator(num: bigint, den: bigint, maxD: bigint): [bigint, bigint] {
  const neg = num < 0n;
  let n = neg ? -num : num;
  let d = den;
  const g = gcd(n, d);
  n /= g;
  d /= g;
  if (d <= maxD) return [neg ? -n : n, d];
  let [p0, q0, p1, q1] = [0n, 1n, 1n, 0n];
  let [nn, dd] = [n, d];
  for (;;) {
    const a = nn / dd;
    const q2 = q0 + a * q1;
    if (q2 > maxD) break;
    [p0, q0, p1, q1] = [p1, q1, p0 + a * p1, q2];
    [nn, dd] = [dd, nn - a * dd];
  }
  const k = (maxD - q0) / q1;
  const b1: [bigint, bigint] = [p0 + k * p1, q0 + k * q1];
  const b2: [bigint, bigint] = [p1, q1];
  // |b2 − x| ≤ |b1 − x|, compared exactly by cross-multiplying
  const dist = ([p, q]: [bigint, bigint]) => {
    const v = p * d - n * q;
    return (v < 0n ? -v : v) * (q1 === q ? q0 + k * q1 : q1);
  };
  const r = dist(b2) <= dist(b1) ? b2 : b1;
  return [neg ? -r[0] : r[0], r[1]];
}

function gcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

/** Long division: "2.25", "0.(3)", "0.1(6)"; cut at MAX_DECIMALS digits with "…". */
function decimalText(n: bigint, d: bigint): string {
  const neg = n < 0n;
  let r = neg ? -n : n;
  const int = r / d;
  r %= d;
  if (r === 0n) return `${neg ? '-' : ''}${int}`;
  const digits: string[] = [];
  const seen = new Map<bigint, number>();
  while (r !== 0n && digits.length < MAX_DECIMALS) {
    if (seen.has(r)) {
      const at = seen.get(r) as number;
      return `${neg ? '-' : ''}${int}.${digits.slice(0, at).join('')}(${digits.slice(at).join('')})`;
    }
    seen.set(r, digits.length);
    r *= 10n;
    digits.push(String(r / d));
    r %= d;
  }
  return `${neg ? '-' : ''}${int}.${digits.join('')}${r === 0n ? '' : '…'}`;
}

const show = (n: bigint, d: bigint) => (d === 1n ? `${n}` : `${n}/${d}`);
function mixed(n: bigint, d: bigint): string {
  const neg = n < 0n;
  const a = neg ? -n : n;
  const whole = a / d;
  const rest = a % d;
  if (rest === 0n || whole === 0n) return `${neg ? '-' : ''}${show(whole === 0n ? rest : whole, whole === 0n ? d : 1n)}`;
  return `${neg ? '-' : ''}${whole} ${rest}/${d}`;
}

const valueSchema = z.object({
  numerator: z.string(),
  denominator: z.string(),
  fraction: z.string(),
  mixed: z.string(),
  decimal: z.string(),
  decimalValue: z.number(),
});

function describeValue(f: Frac) {
  const n = f.s * f.n;
  const d = f.d;
  return {
    numerator: String(n),
    denominator: String(d),
    fraction: show(n, d),
    mixed: mixed(n, d),
    decimal: decimalText(n, d),
    decimalValue: Number(f.valueOf()) + 0,
  };
}

export default defineTool({
  slug: 'fraction-calculator',
  title: 'Fraction calculator',
  summary: 'Add, subtract, multiply, divide and simplify fractions.',
  keywords: {
    en: ['fractions', 'add fractions', 'simplify fraction', 'numerator', 'denominator', 'fraction', 'simplify'],
    nl: ['breuken', 'breuk', 'vereenvoudigen', 'teller', 'noemer'],
  },
  description:
    'Exact fraction arithmetic: operation simplify (a alone) or add, subtract, multiply, divide (a, b). Operands: integers, decimals, repeating decimals (0.(3)), fractions (3/4) and mixed numbers ("1 1/2"; "-1 1/2" = −3/2). ' +
    'Returns the reduced fraction, mixed number, decimal (repeating part in parentheses, cut after 60 digits) and numerator/denominator as exact integer strings. ' +
    'Decimals are taken literally (0.333333 = 333333/1000000) unless approximate: true, which turns each decimal operand into its closest fraction with denominator ≤ maxDenominator.',
  resultView: { kind: 'figure', field: 'result.fraction', label: 'Result', detail: ['result.mixed', 'result.decimal'] },
  input: z.strictObject({
    operation: z.enum(OPS).default('simplify').describe('simplify, add, subtract, multiply or divide'),
    a: z.string().min(1).max(100).describe('First operand, e.g. "1 1/2", "3/4", "0.75"'),
    b: z.string().min(1).max(100).optional().describe('Second operand (not for simplify)'),
    approximate: z.boolean().default(false).describe('Replace decimal operands by their closest simple fraction'),
    maxDenominator: z.int().min(1).max(1e9).default(1000).describe('Largest denominator for approximate'),
  }),
  output: z.object({
    operation: z.enum(OPS),
    a: valueSchema,
    b: valueSchema.nullable(),
    result: valueSchema,
    expression: z.string(),
  }),
  examples: [
    // calculator.net Fraction Calculator (mixed numbers): 1 1/2 + 3/4 = 9/4 = 2 1/4 = 2.25.
    {
      name: '1 1/2 + 3/4',
      input: { operation: 'add', a: '1 1/2', b: '3/4' },
      output: {
        operation: 'add',
        a: { numerator: '3', denominator: '2', fraction: '3/2', mixed: '1 1/2', decimal: '1.5', decimalValue: 1.5 },
        b: { numerator: '3', denominator: '4', fraction: '3/4', mixed: '3/4', decimal: '0.75', decimalValue: 0.75 },
        result: { numerator: '9', denominator: '4', fraction: '9/4', mixed: '2 1/4', decimal: '2.25', decimalValue: 2.25 },
        expression: '3/2 + 3/4 = 9/4',
      },
    },
    // Wikipedia "Repeating decimal": 1/6 = 0.1(6); 2/3 ÷ 4 = 1/6.
    {
      name: '2/3 ÷ 4 (repeating decimal)',
      input: { operation: 'divide', a: '2/3', b: '4' },
      output: {
        operation: 'divide',
        a: { numerator: '2', denominator: '3', fraction: '2/3', mixed: '2/3', decimal: '0.(6)', decimalValue: 0.6666666666666666 },
        b: { numerator: '4', denominator: '1', fraction: '4', mixed: '4', decimal: '4', decimalValue: 4 },
        result: { numerator: '1', denominator: '6', fraction: '1/6', mixed: '1/6', decimal: '0.1(6)', decimalValue: 0.16666666666666666 },
        expression: '2/3 ÷ 4 = 1/6',
      },
    },
    {
      name: 'Decimal to fraction, approximated (0.333333 → 1/3)',
      input: { a: '0.333333', approximate: true },
      output: {
        operation: 'simplify',
        a: { numerator: '1', denominator: '3', fraction: '1/3', mixed: '1/3', decimal: '0.(3)', decimalValue: 0.3333333333333333 },
        b: null,
        result: { numerator: '1', denominator: '3', fraction: '1/3', mixed: '1/3', decimal: '0.(3)', decimalValue: 0.3333333333333333 },
        expression: '0.333333 ≈ 1/3',
      },
    },
  ],
  async run({ operation, a, b, approximate, maxDenominator }) {
    const Fraction = await loadFraction();
    const toFrac = (text: string, field: string): Frac => {
      const p = parse(text, field);
      const [n, d] = approximate && p.decimal ? limitDenominator(p.n, p.d, BigInt(maxDenominator)) : [p.n, p.d];
      return new Fraction(n, d);
    };
    const fa = toFrac(a, 'a');
    if (operation === 'simplify') {
      if (b !== undefined)
        throw new ToolError('`b` is not used by operation simplify; choose add, subtract, multiply or divide', 400, { field: 'b' });
      const v = describeValue(fa);
      return {
        operation,
        a: v,
        b: null,
        result: v,
        expression: `${a.trim()} ${approximate && parse(a, 'a').decimal ? '≈' : '='} ${v.fraction}`,
      };
    }
    if (b === undefined) throw new ToolError(`\`b\` is required for operation ${operation}`, 400, { field: 'b' });
    const fb = toFrac(b, 'b');
    if (operation === 'divide' && fb.n === 0n) throw new ToolError('`b` is 0: division by zero', 400, { field: 'b' });
    const r = operation === 'add' ? fa.add(fb) : operation === 'subtract' ? fa.sub(fb) : operation === 'multiply' ? fa.mul(fb) : fa.div(fb);
    const [va, vb, vr] = [describeValue(fa), describeValue(fb), describeValue(r)];
    return { operation, a: va, b: vb, result: vr, expression: `${va.fraction} ${SYMBOL[operation]} ${vb.fraction} = ${vr.fraction}` };
  },
});
