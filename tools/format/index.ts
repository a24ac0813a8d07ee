import type { Tool } from '../../src/tool.js';
import jsonFormatter from './json-formatter.js';
import base64 from './base64.js';
import urlEncoder from './url-encoder.js';
import csvToJson from './csv-to-json.js';

/** The `format` toolset. One import and one entry per tool. */
export default [
  jsonFormatter,
  base64,
  urlEncoder,
  csvToJson,
] as Tool[];
