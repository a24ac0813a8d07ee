import type { Tool } from '../../src/tool.js';
import ibanValidator from './iban-validator.js';
import vatNumberCheck from './vat-number-check.js';
import emailValidator from './email-validator.js';

/** The `validation` toolset. One import and one entry per tool. */
export default [
  ibanValidator,
  vatNumberCheck,
  emailValidator,
] as Tool[];
