import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { aliasedEnum } from '../_lib/aliased-enum.js';

const MODES = ['percentOf', 'whatPercent', 'change', 'increase', 'decrease'] as const;
type Mode = (typeof MODES)[number];
/** Other spellings a caller may use (compared without case, spaces and punctuation, see aliasedEnum). */
const MODE_ALIASES: Record<string, Mode> = {
  percentof: 'percentOf',
  of: 'percentOf',
  percentageof: 'percentOf',
  whatpercent: 'whatPercent',
  iswhatpercent: 'whatPercent',
  whatpercentage: 'whatPercent',
  ratio: 'whatPercent',
  percentage: 'whatPercent',
  change: 'change',
  percentchange: 'change',
  percentagechange: 'change',
  difference: 'change',
  increase: 'increase',
  increaseby: 'increase',
  add: 'increase',
  raise: 'increase',
  plus: 'increase',
  decrease: 'decrease',
  decreaseby: 'decrease',
  subtract: 'decrease',
  lower: 'decrease',
  minus: 'decrease',
  discount: 'decrease',
};

const LIMIT = 1e15;

/** Remove binary noise (0.1 × 3 = 0.30000000000000004 → 0.3): 15 significant digits. */
const clean = (x: number) => Number(x.toPrecision(15)) + 0;
/** Numbers in sentences: at most 6 decimals, no exponent for the accepted range. */
const show = (x: number) => String(Number(x.toFixed(6)) + 0);

function compute(mode: Mode, x: number, y: number): { result: number; resultIsPercent: boolean; sentence: string } {
  switch (mode) {
    case 'percentOf': {
      const result = clean((x / 100) * y);
      return { result, resultIsPercent: false, sentence: `${show(x)}% of ${show(y)} is ${show(result)}` };
    }
    case 'whatPercent': {
      if (y === 0)
        throw new ToolError('`y` must not be 0 in mode whatPercent (x is what percent of y: division by zero)', 400, { field: 'y' });
      const result = clean((x / y) * 100);
      return { result, resultIsPercent: true, sentence: `${show(x)} is ${show(result)}% of ${show(y)}` };
    }
    case 'change': {
      if (x === 0)
        throw new ToolError('`x` must not be 0 in mode change (a change from 0 has no percentage: division by zero)', 400, { field: 'x' });
      const result = clean(((y - x) / Math.abs(x)) * 100);
      const word = result > 0 ? 'an increase' : result < 0 ? 'a decrease' : 'no change';
      return { result, resultIsPercent: true, sentence: `From ${show(x)} to ${show(y)} is ${word} of ${show(Math.abs(result))}%` };
    }
    case 'increase': {
      const result = clean(x * (1 + y / 100));
      return { result, resultIsPercent: false, sentence: `${show(x)} increased by ${show(y)}% is ${show(result)}` };
    }
    case 'decrease': {
      const result = clean(x * (1 - y / 100));
      return { result, resultIsPercent: false, sentence: `${show(x)} decreased by ${show(y)}% is ${show(result)}` };
    }
  }
}

export default defineTool({
  slug: 'percentage-calculator',
  title: 'Percentage calculator',
  summary: 'Percent of a number, percentage change, and what percent one number is of another.',
  featured: true,
  keywords: {
    en: ['percent', 'percent of', 'percentage change', 'increase', 'decrease', 'what percent', 'percentage'],
    nl: ['procent', 'percentage', 'procentuele stijging', 'toename', 'afname', 'hoeveel procent'],
  },
  description:
    'Five percentage calculations on `x` and `y` (`mode`): `percentOf` = x% of y (x/100·y); `whatPercent` = x is what percent of y (x/y·100; y = 0 → 400); `change` = percentage change from x to y ((y−x)/|x|·100; x = 0 → 400); `increase` = x raised by y% (x·(1+y/100)); `decrease` = x lowered by y% (x·(1−y/100)). ' +
    'Aliases: of, percentageOf; isWhatPercent, ratio; percentChange, difference; increaseBy, add, raise; decreaseBy, subtract, discount (case, spaces, - and _ ignored). ' +
    '`result` is exact to 15 significant digits; `resultIsPercent` says whether it is a percentage; `sentence` states the result in words (numbers with at most 6 decimals). |x| and |y| at most 1e15.',
  resultView: { kind: 'figure', field: 'result', label: 'Result', detail: ['sentence'] },
  input: z.strictObject({
    mode: aliasedEnum(MODES, { aliases: MODE_ALIASES }).describe('percentOf, whatPercent, change, increase or decrease'),
    x: z.number().min(-LIMIT).max(LIMIT).describe('First number (see mode)'),
    y: z.number().min(-LIMIT).max(LIMIT).describe('Second number (see mode)'),
  }),
  output: z.object({
    mode: z.enum(MODES),
    x: z.number(),
    y: z.number(),
    result: z.number(),
    resultIsPercent: z.boolean(),
    sentence: z.string(),
  }),
  examples: [
    {
      name: '15% of 80',
      input: { mode: 'percentOf', x: 15, y: 80 },
      output: { mode: 'percentOf', x: 15, y: 80, result: 12, resultIsPercent: false, sentence: '15% of 80 is 12' },
    },
    {
      name: 'What percent is 30 of 120',
      input: { mode: 'whatPercent', x: 30, y: 120 },
      output: { mode: 'whatPercent', x: 30, y: 120, result: 25, resultIsPercent: true, sentence: '30 is 25% of 120' },
    },
    {
      name: 'Change from 80 to 60',
      input: { mode: 'change', x: 80, y: 60 },
      output: { mode: 'change', x: 80, y: 60, result: -25, resultIsPercent: true, sentence: 'From 80 to 60 is a decrease of 25%' },
    },
    {
      name: 'Raise 200 by 7.5% (alias "add")',
      input: { mode: 'add', x: 200, y: 7.5 },
      output: { mode: 'increase', x: 200, y: 7.5, result: 215, resultIsPercent: false, sentence: '200 increased by 7.5% is 215' },
    },
  ],
  run({ mode, x, y }) {
    return { mode, x, y, ...compute(mode, x, y) };
  },
});
