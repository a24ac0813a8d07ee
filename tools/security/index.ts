import type { Tool } from '../../src/tool.js';
import passwordStrength from './password-strength.js';
import passwordGenerator from './password-generator.js';
import randomNumberGenerator from './random-number-generator.js';

/** The `security` toolset. One import and one entry per tool. */
export default [
  passwordStrength,
  passwordGenerator,
  randomNumberGenerator,
] as Tool[];
