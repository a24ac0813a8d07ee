import type { Tool } from '../../src/tool.js';
import jsonFormatter from './json-formatter.js';
import base64 from './base64.js';
import urlEncoder from './url-encoder.js';
import csvToJson from './csv-to-json.js';
import jsonToCsv from './json-to-csv.js';
import csvToMarkdown from './csv-to-markdown.js';
import yamlToJson from './yaml-to-json.js';
import jsonToYaml from './json-to-yaml.js';
import xmlToJson from './xml-to-json.js';
import jsonToXml from './json-to-xml.js';
import xmlFormatter from './xml-formatter.js';
import sqlFormatter from './sql-formatter.js';
import htmlEntityEncoder from './html-entity-encoder.js';
import jsonToTypescript from './json-to-typescript.js';

/** The `format` toolset. One import and one entry per tool. */
export default [
  jsonFormatter,
  base64,
  urlEncoder,
  csvToJson,
  jsonToCsv,
  csvToMarkdown,
  yamlToJson,
  jsonToYaml,
  xmlToJson,
  jsonToXml,
  xmlFormatter,
  sqlFormatter,
  htmlEntityEncoder,
  jsonToTypescript,
] as Tool[];
