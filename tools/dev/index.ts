import type { Tool } from '../../src/tool.js';
import hashGenerator from './hash-generator.js';
import uuidGenerator from './uuid-generator.js';
import jwtDecoder from './jwt-decoder.js';
import timestampConverter from './timestamp-converter.js';
import numberBaseConverter from './number-base-converter.js';
import chmodCalculator from './chmod-calculator.js';
import httpStatusCodes from './http-status-codes.js';
import pxRemConverter from './px-rem-converter.js';
import utmBuilder from './utm-builder.js';
import colorConverter from './color-converter.js';
import colorContrastChecker from './color-contrast-checker.js';

/** The `dev` toolset. One import and one entry per tool. */
export default [
  hashGenerator,
  uuidGenerator,
  jwtDecoder,
  timestampConverter,
  numberBaseConverter,
  chmodCalculator,
  httpStatusCodes,
  pxRemConverter,
  utmBuilder,
  colorConverter,
  colorContrastChecker,
] as Tool[];
