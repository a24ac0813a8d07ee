import type { Tool } from '../../src/tool.js';
import vatCalculator from './vat-calculator.js';
import percentageCalculator from './percentage-calculator.js';
import compoundInterestCalculator from './compound-interest-calculator.js';
import loanCalculator from './loan-calculator.js';
import cronParser from './cron-parser.js';

/** The `calc` toolset. One import and one entry per tool. */
export default [
  vatCalculator,
  percentageCalculator,
  compoundInterestCalculator,
  loanCalculator,
  cronParser,
] as Tool[];
