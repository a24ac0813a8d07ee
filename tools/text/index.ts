import type { Tool } from '../../src/tool.js';
import wordCounter from './word-counter.js';
import markdownToHtml from './markdown-to-html.js';
import slugGenerator from './slug-generator.js';
import textCaseConverter from './text-case-converter.js';
import loremIpsumGenerator from './lorem-ipsum-generator.js';
import sortLines from './sort-lines.js';
import removeDuplicateLines from './remove-duplicate-lines.js';
import reverseText from './reverse-text.js';
import rot13 from './rot13.js';
import morseCodeTranslator from './morse-code-translator.js';
import numbersToWords from './numbers-to-words.js';
import romanNumeralConverter from './roman-numeral-converter.js';
import regexTester from './regex-tester.js';
import findAndReplace from './find-and-replace.js';
import textDiff from './text-diff.js';
import textCleaner from './text-cleaner.js';
import wordFrequencyCounter from './word-frequency-counter.js';
import readingTimeCalculator from './reading-time-calculator.js';

/** The `text` toolset. One import and one entry per tool. */
export default [
  wordCounter,
  markdownToHtml,
  slugGenerator,
  textCaseConverter,
  loremIpsumGenerator,
  sortLines,
  removeDuplicateLines,
  reverseText,
  rot13,
  morseCodeTranslator,
  numbersToWords,
  romanNumeralConverter,
  regexTester,
  findAndReplace,
  textDiff,
  textCleaner,
  wordFrequencyCounter,
  readingTimeCalculator,
] as Tool[];
