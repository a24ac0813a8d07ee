import type { Tool } from '../../src/tool.js';
import dutchHolidays from './dutch-holidays.js';
import workingDays from './working-days.js';
import testBsnGenerator from './test-bsn-generator.js';
import testIbanGenerator from './test-iban-generator.js';

/** The `dutch` toolset. One import and one entry per tool. */
export default [
  dutchHolidays,
  workingDays,
  testBsnGenerator,
  testIbanGenerator,
] as Tool[];
