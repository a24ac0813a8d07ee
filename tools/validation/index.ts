import type { Tool } from '../../src/tool.js';
import ibanValidator from './iban-validator.js';

/** The `validation` toolset. One import and one entry per tool. */
export default [
  ibanValidator,
] as Tool[];
