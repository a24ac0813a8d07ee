import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { CATEGORIES, COMPACT_KEYS, describeFieldKeys, type CategoryDef } from './brp/fields.js';
import {
  DEFAULT_EVENT_MIX, EVENT_AGES, FORMATS, LIFE_EVENTS, MAX_MCP_COUNT, MAX_REST_COUNT, checkOptions, inputSchema,
} from './brp/options.js';
import { generatePeople } from './brp/people.js';
import { personJson, renderCsv, renderTotaalfile } from './brp/render.js';
import { haalCentraalPersoon } from './brp/haal-centraal.js';

// ---------------------------------------------------------------- output schema (from the field table)

function categorySchema(c: CategoryDef) {
  const shape: Record<string, z.ZodType> = {};
  const nested: Record<string, Record<string, z.ZodType>> = {};
  for (const e of c.elements) {
    const [head, tail] = e.key.split('.');
    const s = z.string().optional().describe(`${e.doc}${e.element ? ` (LO ${String(c.cat).padStart(2, '0')}.${e.element.slice(0, 2)}.${e.element.slice(2)})` : ''}`);
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
      shape.bsn = z.string().regex(/^\d{9}$/).describe('BSN, 9 digits, 11-proof, unique within the call');
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
  count: z.int().describe('people generated'),
  seed: z.number().describe('seed used'),
  options: z.object({
    count: z.int(), seed: z.number(), minAge: z.int(), maxAge: z.int(), referenceYear: z.int(),
    eventMix: z.object(Object.fromEntries(LIFE_EVENTS.map((e) => [e, z.number()]))),
    includeParents: z.boolean(), maxChildren: z.int(), pctExoticNames: z.int(), pctExoticStreets: z.int(), pctAffix: z.int(),
    pctHouseAddition: z.int(), dateFormat: z.enum(['yyyymmdd', 'iso', 'dutch']), outputMode: z.enum(['compact', 'own', 'mapped']),
    headerRow: z.string(), mapping: z.record(z.string(), z.string()), delimiter: z.enum([',', ';', '\t']), excelHint: z.boolean(),
    lo3Lengths: z.enum(['characters', 'bytes']), bsnRange: z.enum(['test-999', 'test-99999']),
  }).describe('the effective options, including seed and the full eventMix'),
  people: z.array(personSchema).optional().describe('format json: the person records'),
  personen: z.array(z.record(z.string(), z.unknown())).optional().describe('format haal-centraal: Persoon objects of the BRP API Personen 2.7'),
  lifeEvents: z.array(z.enum(LIFE_EVENTS)).optional().describe('format haal-centraal: the life event of each person (no API field)'),
  fileName: z.string().optional().describe('csv and gba-totaalfile: suggested file name'),
  contentType: z.string().optional().describe('csv and gba-totaalfile: media type of content'),
  content: z.string().optional().describe('csv and gba-totaalfile: the file text'),
});

// ---------------------------------------------------------------- description

const mix = (m: Record<string, number>) => Object.entries(m).map(([k, v]) => `${k} ${v}`).join(', ');
const ages = Object.entries(EVENT_AGES).filter(([, [a, b]]) => a > 1 || b < 120).map(([e, [a, b]]) => `${e} ${a}–${b}`).join(', ');

const DESCRIPTION = [
  'Generates Dutch BRP (population register) test persons: deterministic (same options and seed → byte-identical output; no clock, time zone or locale involved), with 11-proof BSNs (range 999xxxxxx, unique within the call, relatives included), valid A-nummers, Dutch and exotic names and streets, real Tabel 33 municipality codes and Tabel 34 country codes, and one life event per person.',
  `Body: {format, options}. format: json (default), csv, gba-totaalfile, haal-centraal. All options are optional ({} works); unknown option names are refused. count 1–${MAX_REST_COUNT} over REST, at most ${MAX_MCP_COUNT} per MCP call (for more use POST /api/v1/tools/brp-test-data-generator or several calls with different seeds); the first n persons of a larger count are the same n persons.`,
  `Ages are completed years on 1 January of referenceYear (the reference date); every date lies before it. Life events and their content: plain (basic record), married / registeredPartnership (partnership type H / P with start date and partner block), divorced (dissolved, reason S), widowed (reason O; partner.dateOfDeath = dissolutionDate), remarried (current partnership first, then the earlier dissolved one), deceased (death date/place/country, registration suspended O on that date), deceasedWithFamily (death plus a surviving partner and a child under 18), minor (under 18, custody indicator), nearRetirement (65–67), livesAbroad (municipality 1999 RNI from 2014-01-06, before that the last Dutch municipality; Tabel 34 country, address lines line1–line3, no postcode, suspended E), movedRecently (address since < 1 year plus previousAddresses[0], both dated), confidential (registration.confidentiality 1–7), underInvestigation (address.investigationData + investigationStartDate), noFixedAddress (registered at a postal address: address.function B). Ages per event: ${ages}. Default eventMix: ${mix(DEFAULT_EVENT_MIX)}; events the age range rules out are skipped in the default mix, but refused in a caller's own mix. Children (up to maxChildren) belong to persons with a partnership; dates are ordered birth < start < dissolution < next start, children after the first start, everything before death.`,
  'JSON person: the person\'s own fields at the top level (bsn, lastName, dateOfBirth, lifeEvent always present; empty fields omitted), then nationalities[], parents[] (includeParents: parent 1 the mother, 2 the father), partnerships[], death, registration, address, previousAddresses[], children[], custody. Dates in dateFormat; codes are LO values (places = Tabel 33 codes or a foreign place name, countries = Tabel 34).',
  'csv: CRLF lines, RFC 4180 quoting; compact = a readable sheet with a header of field keys; own = the caller\'s headerRow line verbatim, columns whose name is a field key (case-insensitive) filled, others empty; mapped = the caller\'s headerRow, each column filled from mapping[column] (a field key), unlisted columns empty. headerRow is split by the delimiter (CSV quoting allowed) and is only accepted for own/mapped, mapping only for mapped. excelHint adds a first line sep=<delimiter>.',
  'gba-totaalfile: no public document defines this name; it is implemented as LO3 persoonslijsten, one Lg01 message per line (\\n): header 00000000 Lg01 <referenceYear>0101000000000 <A-nummer> 0000000000, then a 5-digit body length and the categories in LO order (cc + 3-digit length + elements eeee + 3-digit length + value; dates yyyymmdd; a dissolved partnership is 05 + history 55, the previous address is 58; every category also carries 85.10/86.10 (and 81.xx or 82.xx, 04.63.10) as in the RvIG GBA-V test set; lengths count characters, or UTF-8 bytes with lo3Lengths bytes). lifeEvent and partner.dateOfDeath have no LO element and are not in it.',
  'haal-centraal: {format, count, seed, options, personen, lifeEvents}: each person as a Persoon of the BRP API Personen 2.7 (nested naam, geboorte, partners, kinderen, ouders, nationaliteiten, verblijfplaats with type, date objects, inOnderzoek).',
  'Response: {format, count, seed, options (effective, full eventMix), people} for json; {format, count, seed, options, fileName, contentType, content} for csv and gba-totaalfile.',
  `Field keys (CSV columns, mapping targets; list items numbered from 1, e.g. partnerships.1.partner.lastName; [gg.ee] = LO element): ${describeFieldKeys()}.`,
  `Compact columns: ${COMPACT_KEYS.join(', ')}.`,
].join('\n\n');

// ---------------------------------------------------------------- the tool

const safeSeed = (seed: number) => String(seed).replace(/[^0-9a-z.-]/gi, '_');

export default defineTool({
  slug: 'brp-test-data-generator',
  name: 'generate_brp_test_data',
  title: 'BRP test-data generator',
  description: DESCRIPTION,
  input: inputSchema,
  output: outputSchema,
  examples: [
    {
      name: 'Two persons with defaults (json)',
      input: { options: { count: 2 } },
      output: {
        format: 'json',
        count: 2,
        seed: 20270101,
        options: {
          count: 2, seed: 20270101, minAge: 0, maxAge: 95, referenceYear: 2027, eventMix: DEFAULT_EVENT_MIX,
          includeParents: false, maxChildren: 2, pctExoticNames: 15, pctExoticStreets: 15, pctAffix: 25, pctHouseAddition: 20,
          dateFormat: 'yyyymmdd', outputMode: 'compact', headerRow: '', mapping: {}, delimiter: ',', excelHint: false,
        },
      },
      partial: true,
    },
    {
      name: 'One widowed person as CSV in the caller\'s own columns',
      input: { format: 'csv', options: { count: 1, seed: 7, eventMix: { widowed: 1 }, outputMode: 'own', headerRow: 'lifeEvent;partnerships.1.dissolutionReason', delimiter: ';' } },
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
      output: { format: 'gba-totaalfile', count: 1, seed: 20270101, fileName: 'brp-totaalfile-20270101.txt', contentType: 'text/plain; charset=utf-8' },
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
    const people = generatePeople(effective, events, weights);
    const head = { format, count: people.length, seed: effective.seed, options: effective };
    if (format === 'json') return { ...head, people: people.map((p) => personJson(p, effective.dateFormat)) };
    if (format === 'haal-centraal')
      return { ...head, personen: people.map((p) => haalCentraalPersoon(p, effective.referenceYear)), lifeEvents: people.map((p) => p.lifeEvent) };
    if (format === 'csv')
      return { ...head, fileName: `brp-test-data-${safeSeed(effective.seed)}.csv`, contentType: 'text/csv; charset=utf-8', content: renderCsv(people, effective) };
    return { ...head, fileName: `brp-totaalfile-${safeSeed(effective.seed)}.txt`, contentType: 'text/plain; charset=utf-8', content: renderTotaalfile(people, effective) };
  },
});
