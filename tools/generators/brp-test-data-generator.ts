import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { CATEGORIES, type CategoryDef } from './brp/fields.js';
import { DEFAULT_EVENT_MIX, FORMATS, LIFE_EVENTS, MAX_MCP_COUNT, MAX_REST_COUNT, checkOptions, inputSchema } from './brp/options.js';
import { generatePeople } from './brp/people.js';
import { personJson, renderCsv, renderTotaalfile } from './brp/render.js';
import { haalCentraalPersoon } from './brp/haal-centraal.js';
import { BRP_DOCS } from './brp/docs.js';
import { BRP_OUTPUT_SIZE } from './brp/size.js';
import { BrpProgress } from './brp/progress.js';
import type { Person } from './brp/people.js';

// ---------------------------------------------------------------- output schema (from the field table)

function categorySchema(c: CategoryDef) {
  const shape: Record<string, z.ZodType> = {};
  const nested: Record<string, Record<string, z.ZodType>> = {};
  for (const e of c.elements) {
    const [head, tail] = e.key.split('.');
    const s = z
      .string()
      .optional()
      .describe(`${e.doc}${e.element ? ` (LO ${String(c.cat).padStart(2, '0')}.${e.element.slice(0, 2)}.${e.element.slice(2)})` : ''}`);
    if (tail) (nested[head] ??= {})[tail] = s;
    else shape[head] = s;
  }
  for (const [k, inner] of Object.entries(nested)) shape[k] = z.object(inner).optional();
  return z.object(shape);
}

const personSchema = (() => {
  let shape: Record<string, z.ZodType> = {};
  for (const c of CATEGORIES) {
    if (c.json === '') {
      shape = { ...categorySchema(c).shape };
      shape.bsn = z
        .string()
        .regex(/^\d{9}$/)
        .describe('BSN, 9 digits, 11-proof, unique within the call');
      shape.lastName = z.string().describe('surname without prefix');
      shape.dateOfBirth = z.string().describe('date of birth in dateFormat');
      shape.lifeEvent = z.enum(LIFE_EVENTS);
    } else if (c.list) shape[c.json] = z.array(categorySchema(c));
    else shape[c.json] = categorySchema(c).optional();
  }
  return z.object(shape);
})();

const outputSchema = z.object({
  format: z.enum(FORMATS),
  count: z.int().describe('people generated (options.count; linked relatives not included)'),
  linked: z.int().optional().describe("linkedPersons: the relatives' records that follow the count persons"),
  seed: z.number().describe('seed used'),
  options: z
    .object({
      count: z.int(),
      seed: z.number(),
      minAge: z.int(),
      maxAge: z.int(),
      referenceYear: z.int(),
      eventMix: z.object(Object.fromEntries(LIFE_EVENTS.map((e) => [e, z.number()]))),
      includeParents: z.boolean(),
      linkedPersons: z.boolean(),
      maxChildren: z.int(),
      pctExoticNames: z.int(),
      pctExoticStreets: z.int(),
      pctAffix: z.int(),
      pctHouseAddition: z.int(),
      dateFormat: z.enum(['yyyymmdd', 'iso', 'dutch']),
      outputMode: z.enum(['compact', 'own', 'mapped']),
      headerRow: z.string(),
      mapping: z.record(z.string(), z.string()),
      delimiter: z.enum([',', ';', '\t']),
      excelHint: z.boolean(),
      lo3Lengths: z.enum(['characters', 'bytes']),
      bsnRange: z.enum(['test-999', 'test-99999']),
    })
    .describe('the effective options, including seed and the full eventMix'),
  people: z.array(personSchema).optional().describe('format json: the person records'),
  personen: z
    .array(z.record(z.string(), z.unknown()))
    .optional()
    .describe('format haal-centraal: Persoon objects of the BRP API Personen 2.7'),
  lifeEvents: z.array(z.enum(LIFE_EVENTS)).optional().describe('format haal-centraal: the life event of each person (no API field)'),
  fileName: z.string().optional().describe('csv and gba-totaalfile: suggested file name'),
  contentType: z.string().optional().describe('csv and gba-totaalfile: media type of content'),
  content: z.string().optional().describe('csv and gba-totaalfile: the file text'),
});

// ---------------------------------------------------------------- description

const DESCRIPTION = [
  'Generates Dutch BRP (population register) test persons: deterministic (same options and seed → byte-identical output), with 11-proof BSNs in test ranges (999xxxxxx by default, unique within the call, relatives included), valid A-nummers, Dutch and exotic names and streets, real Tabel 33/34 municipality and country codes valid on the dates used, and one life event per person (eventMix).',
  `format json (default): {format, count, seed, options, people}; csv: {…, fileName, contentType, content} with outputMode compact, own (caller's headerRow) or mapped (headerRow + mapping to field keys); gba-totaalfile: LO3 persoonslijsten, one Lg01 message per line; haal-centraal: {…, personen, lifeEvents}, Persoon objects of the BRP API Personen 2.7.`,
  `count ≤ ${MAX_MCP_COUNT} per MCP call (REST ${MAX_REST_COUNT}); the first n persons of a larger count are the same n persons. Ages are completed years on 1 January of referenceYear; every date lies before it. Unknown option names are refused.`,
  'Priced by size: 1 credit per started 10 MB of the largest answer the options can make (1.2 KB a person as json; linkedPersons about 4 records a person), charged before the run (formula in OpenAPI).',
].join(' ');

// ---------------------------------------------------------------- the tool

const safeSeed = (seed: number) => String(seed).replace(/[^0-9a-z.-]/gi, '_');

export default defineTool({
  slug: 'brp-test-data-generator',
  name: 'generate_brp_test_data',
  title: 'BRP test-data generator',
  summary: 'Realistic Dutch test persons (BRP) with families, addresses and BSNs, for testing software.',
  keywords: {
    en: ['BRP', 'population register', 'test persons', 'fake people', 'personal records', 'synthetic data', 'GBA'],
    nl: ['brp', 'basisregistratie personen', 'testpersonen', 'testdata', 'persoonsgegevens', 'gemeente', 'bevolkingsregister', 'gba'],
  },
  mcpRows: { people: 5, personen: 5, lifeEvents: 5 },
  description: DESCRIPTION,
  docs: BRP_DOCS,
  outputSize: BRP_OUTPUT_SIZE,
  resultView: {
    kind: 'table',
    field: 'people',
    label: 'People',
    or: { kind: 'code', field: 'personen', language: 'json', or: { kind: 'file', field: '' } },
  },
  input: inputSchema,
  output: outputSchema,
  strictNumbers: true, // generators.md: values the spec does not state are refused, numeric strings included
  examples: [
    {
      name: 'Two persons with defaults (json)',
      input: { options: { count: 2 } },
      output: {
        format: 'json',
        count: 2,
        seed: 20270101,
        options: {
          count: 2,
          seed: 20270101,
          minAge: 0,
          maxAge: 95,
          referenceYear: 2027,
          eventMix: DEFAULT_EVENT_MIX,
          includeParents: false,
          maxChildren: 2,
          pctExoticNames: 15,
          pctExoticStreets: 15,
          pctAffix: 25,
          pctHouseAddition: 20,
          dateFormat: 'yyyymmdd',
          outputMode: 'compact',
          headerRow: '',
          mapping: {},
          delimiter: ',',
          excelHint: false,
        },
      },
      partial: true,
    },
    {
      name: "One widowed person as CSV in the caller's own columns",
      input: {
        format: 'csv',
        options: {
          count: 1,
          seed: 7,
          eventMix: { widowed: 1 },
          outputMode: 'own',
          headerRow: 'lifeEvent;partnerships.1.dissolutionReason',
          delimiter: ';',
        },
      },
      output: {
        format: 'csv',
        count: 1,
        seed: 7,
        fileName: 'brp-test-data-7.csv',
        contentType: 'text/csv; charset=utf-8',
        content: 'lifeEvent;partnerships.1.dissolutionReason\r\nwidowed;O\r\n',
      },
      partial: true,
    },
    {
      name: 'A minor in the total-file starts with the Lg01 header',
      input: { format: 'gba-totaalfile', options: { count: 1, eventMix: { minor: 1 }, referenceYear: 2030 } },
      output: {
        format: 'gba-totaalfile',
        count: 1,
        seed: 20270101,
        fileName: 'brp-totaalfile-20270101.txt',
        contentType: 'text/plain; charset=utf-8',
      },
      partial: true,
    },
  ],
  run({ format, options }, ctx) {
    if (ctx.surface !== 'rest' && ctx.surface !== 'direct' && options.count > MAX_MCP_COUNT)
      throw new ToolError(
        `options.count ${options.count} exceeds the MCP limit of ${MAX_MCP_COUNT} persons per call; use the REST endpoint POST /api/v1/tools/brp-test-data-generator (up to ${MAX_REST_COUNT}) or several calls with different seeds`,
        400,
        { field: 'options.count' },
      );
    const { effective, events, weights } = checkOptions(options);
    const progress = new BrpProgress(ctx.progress, effective.count, effective.linkedPersons);
    const people = generatePeople(effective, events, weights, progress);
    const onRecord = (j: number) => progress.writing(j, people.length);
    const each = <T>(f: (p: Person) => T) =>
      people.map((p, j) => {
        onRecord(j);
        return f(p);
      });
    const head = {
      format,
      count: effective.count,
      ...(effective.linkedPersons ? { linked: people.length - effective.count } : {}),
      seed: effective.seed,
      options: effective,
    };
    const body = (): Record<string, unknown> => {
      if (format === 'json') return { people: each((p) => personJson(p, effective.dateFormat)) };
      if (format === 'haal-centraal')
        return { personen: each((p) => haalCentraalPersoon(p, effective.referenceYear)), lifeEvents: people.map((p) => p.lifeEvent) };
      if (format === 'csv')
        return {
          fileName: `brp-test-data-${safeSeed(effective.seed)}.csv`,
          contentType: 'text/csv; charset=utf-8',
          content: renderCsv(people, effective, onRecord),
        };
      return {
        fileName: `brp-totaalfile-${safeSeed(effective.seed)}.txt`,
        contentType: 'text/plain; charset=utf-8',
        content: renderTotaalfile(people, effective, onRecord),
      };
    };
    const out = { ...head, ...body() };
    progress.done(people.length);
    return out;
  },
});
