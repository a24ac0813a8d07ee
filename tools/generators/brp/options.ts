/**
 * The request body of `brp-test-data-generator`: `format` and `options`, with
 * the spec's ranges and defaults, aliases a caller would try, and the
 * cross-field rules zod cannot express (`checkOptions`).
 */
import { z } from 'zod';
import { ToolError } from '../../../src/core/tool.js';
import { LIMITS } from '../../../src/core/limits.js';
import { didYouMean } from '../../../src/core/validate.js';
import { FIELD_BY_KEY } from './fields.js';
import { advertisedAsMap } from '../_advertise.js';

export const LIFE_EVENTS = [
  'plain',
  'married',
  'registeredPartnership',
  'divorced',
  'widowed',
  'remarried',
  'deceased',
  'deceasedWithFamily',
  'minor',
  'nearRetirement',
  'livesAbroad',
  'movedRecently',
  'confidential',
  'underInvestigation',
  'noFixedAddress',
] as const;
export type LifeEvent = (typeof LIFE_EVENTS)[number];

/** The spec gives the first five weights; the rest are this service's choice (documented in the description). */
export const DEFAULT_EVENT_MIX: Record<LifeEvent, number> = {
  plain: 6,
  married: 5,
  registeredPartnership: 2,
  divorced: 3,
  widowed: 2,
  remarried: 2,
  deceased: 1,
  deceasedWithFamily: 1,
  minor: 3,
  nearRetirement: 1,
  livesAbroad: 1,
  movedRecently: 2,
  confidential: 1,
  underInvestigation: 1,
  noFixedAddress: 1,
};

/** Ages (at the reference date) an event can have; intersected with minAge..maxAge. */
export const EVENT_AGES: Record<LifeEvent, [number, number]> = {
  plain: [0, 120],
  married: [18, 120],
  registeredPartnership: [18, 120],
  divorced: [19, 120],
  widowed: [19, 120],
  remarried: [20, 120],
  deceased: [1, 120],
  deceasedWithFamily: [19, 62],
  minor: [0, 17],
  nearRetirement: [65, 67],
  livesAbroad: [1, 120],
  movedRecently: [1, 120],
  confidential: [0, 120],
  underInvestigation: [1, 120],
  noFixedAddress: [18, 120],
};

export const LO3_LENGTHS = ['characters', 'bytes'] as const;
/**
 * BSN ranges, both outside the numbers issued to residents: test-999 is 999xxxxxx, test-99999 the
 * 99999xxxx block that 666 of the 685 BSNs of RvIG's GBA-V test set use ("Testdataset persoonslijsten
 * proefomgevingen GBA-V", https://www.rvig.nl/media/288).
 */
export const BSN_RANGES = ['test-999', 'test-99999'] as const;

export const MAX_REST_COUNT = 5000;
export const MAX_MCP_COUNT = 500;
/** Most columns a caller's headerRow may have (own / mapped). */
export const MAX_COLUMNS = 1000;

const pct = (def: number, what: string) => z.int().min(0).max(100).default(def).describe(what);

/** Lower-case and map the aliases a caller would try onto the enum values. */
const aliased = <T extends readonly [string, ...string[]]>(values: T, aliases: Record<string, T[number]>) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    if ((values as readonly string[]).includes(v)) return v;
    const k = v.trim().toLowerCase();
    return aliases[k] ?? values.find((x) => x.toLowerCase() === k) ?? v;
  }, z.enum(values));

const eventMix = advertisedAsMap(
  z.strictObject(
    Object.fromEntries(LIFE_EVENTS.map((e) => [e, z.number().min(0).max(1_000_000).optional().describe(`weight of ${e}`)])) as Record<
      LifeEvent,
      z.ZodOptional<z.ZodNumber>
    >,
  ),
  { type: 'number', minimum: 0 },
  `Weights; naming any key replaces the default mix. Keys (default): ${LIFE_EVENTS.map((e) => `${e} ${DEFAULT_EVENT_MIX[e]}`).join(', ')}`,
);

export const optionsSchema = z.strictObject({
  count: z
    .int()
    .min(1)
    .max(MAX_REST_COUNT)
    .default(50)
    .describe(`Number of people, at most ${MAX_MCP_COUNT} per MCP call (REST ${MAX_REST_COUNT})`),
  seed: z.number().default(20270101).describe('Seed of the generator: the same seed gives the same output'),
  minAge: z.int().min(0).max(120).default(0).describe('Youngest age in completed years on 1 January of referenceYear'),
  maxAge: z.int().min(0).max(120).default(95),
  referenceYear: z
    .int()
    .min(1900)
    .max(2099)
    .default(2027)
    .describe('Ages are measured on 1 January of this year; every event date lies before that day'),
  eventMix: eventMix.optional(),
  includeParents: z.boolean().default(false).describe('Add the two parent blocks, LO categories 02/03'),
  linkedPersons: z
    .boolean()
    .default(false)
    .describe('Also emit each partner, child and parent as a full record after the count persons, referring back'),
  maxChildren: z.int().min(0).max(10).default(2).describe('Per person with a partnership'),
  pctExoticNames: pct(15, '%'),
  pctExoticStreets: pct(15, '%'),
  pctAffix: pct(25, '% with van, de, van der…'),
  pctHouseAddition: pct(20, '%'),
  dateFormat: aliased(['yyyymmdd', 'iso', 'dutch'] as const, {
    'yyyy-mm-dd': 'iso',
    'dd-mm-yyyy': 'dutch',
    nl: 'dutch',
    lo: 'yyyymmdd',
    basic: 'yyyymmdd',
  })
    .default('yyyymmdd')
    .describe('json and csv: yyyymmdd 20270131, iso 2027-01-31, dutch 31-01-2027'),
  outputMode: aliased(['compact', 'own', 'mapped'] as const, {})
    .default('compact')
    .describe(
      "csv only: compact (a readable sheet), own (the caller's headerRow; columns named like a field key are filled), mapped (headerRow columns filled via mapping)",
    ),
  headerRow: z
    .string()
    .max(LIMITS.short * 50)
    .default('')
    .describe("Caller's column names joined by the delimiter; required for own and mapped"),
  mapping: z
    .record(z.string().max(LIMITS.short), z.string().max(LIMITS.short))
    .default({})
    .describe("mapped: caller's column name → field key (list: docs)"),
  delimiter: aliased([',', ';', '\t'] as const, { tab: '\t', '\\t': '\t', comma: ',', semicolon: ';' })
    .default(',')
    .describe('CSV and headerRow separator (aliases comma, semicolon, tab)'),
  excelHint: z.boolean().default(false).describe('First line sep=<delimiter> for Excel'),
  lo3Lengths: aliased(LO3_LENGTHS, { chars: 'characters', byte: 'bytes', utf8: 'bytes' })
    .default('characters')
    .describe('gba-totaalfile: length fields count characters or UTF-8 bytes'),
  bsnRange: aliased(BSN_RANGES, {}).default('test-999').describe("test-999: 999xxxxxx; test-99999: the RvIG GBA-V test persons' block"),
});

export const FORMATS = ['json', 'csv', 'gba-totaalfile', 'haal-centraal'] as const;
export type BrpFormat = (typeof FORMATS)[number];

export const inputSchema = z.strictObject({
  format: aliased(FORMATS, {
    totaalfile: 'gba-totaalfile',
    'gba-totalfile': 'gba-totaalfile',
    lo3: 'gba-totaalfile',
    haalcentraal: 'haal-centraal',
    hc: 'haal-centraal',
  })
    .default('json')
    .describe('json, csv, gba-totaalfile (LO3 persoonslijsten) or haal-centraal (BRP API Personen)'),
  options: optionsSchema.prefault({}).describe('All optional'),
});

export type BrpInput = z.output<typeof inputSchema>;
export type BrpOptions = BrpInput['options'];
export type EffectiveOptions = Omit<BrpOptions, 'eventMix'> & { eventMix: Record<LifeEvent, number> };

/** Split a header row with CSV quoting rules ("a;b" stays one column). */
export function splitHeader(headerRow: string, delimiter: string): string[] {
  const out: string[] = [];
  let cur = '',
    quoted = false;
  for (let i = 0; i < headerRow.length; i++) {
    const ch = headerRow[i];
    if (quoted) {
      if (ch === '"' && headerRow[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"' && cur === '') quoted = true;
    else if (ch === delimiter) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/**
 * The rules between fields. Returns the effective options (full eventMix) and
 * the events that can be drawn. Throws a 400 naming the rule.
 */
export function checkOptions(o: BrpOptions): { effective: EffectiveOptions; events: LifeEvent[]; weights: number[] } {
  if (o.maxAge < o.minAge)
    throw new ToolError(`options.maxAge (${o.maxAge}) must not be lower than options.minAge (${o.minAge})`, 400, {
      field: 'options.maxAge',
    });

  const explicit = o.eventMix !== undefined;
  const mix = Object.fromEntries(LIFE_EVENTS.map((e) => [e, explicit ? (o.eventMix![e] ?? 0) : DEFAULT_EVENT_MIX[e]])) as Record<
    LifeEvent,
    number
  >;
  if (!LIFE_EVENTS.some((e) => mix[e] > 0))
    throw new ToolError('options.eventMix: at least one weight must exceed 0', 400, { field: 'options.eventMix' });

  const events: LifeEvent[] = [];
  const weights: number[] = [];
  const ruledOut: string[] = [];
  for (const e of LIFE_EVENTS) {
    if (!(mix[e] > 0)) continue;
    // What the options rule out (an age range, a reference date before the law) is skipped, in the default
    // mix and in a caller's own; only a mix with nothing left is refused, saying why for each event.
    const why = impossible(e, o);
    if (why) {
      ruledOut.push(`${e}: ${why}`);
      continue;
    }
    events.push(e);
    weights.push(mix[e]);
  }
  if (events.length === 0)
    throw new ToolError(
      explicit
        ? `options.eventMix: none of its life events can be generated with these options (${ruledOut.join('; ')})`
        : `options.eventMix: no life event fits ages ${o.minAge}–${o.maxAge} (e.g. minor needs ages 0–17)`,
      400,
      { field: 'options.eventMix' },
    );

  if (o.outputMode !== 'compact' && o.headerRow.trim() === '')
    throw new ToolError(`options.headerRow is required when options.outputMode is ${o.outputMode}`, 400, { field: 'options.headerRow' });
  if (o.outputMode !== 'compact') {
    const columns = splitHeader(o.headerRow, o.delimiter).length;
    if (columns > MAX_COLUMNS)
      throw new ToolError(`options.headerRow has ${columns} columns; at most ${MAX_COLUMNS} are allowed`, 400, {
        field: 'options.headerRow',
      });
  }
  // headerRow and mapping are read only in the modes that use them (own, mapped), as the spec defines them.
  const mappingKeys = Object.keys(o.mapping);
  if (o.outputMode === 'mapped') {
    const columns = new Set(splitHeader(o.headerRow, o.delimiter));
    for (const col of mappingKeys) {
      if (!columns.has(col)) {
        const hint = didYouMean(col, columns);
        throw new ToolError(
          `options.mapping: column "${col}" is not in options.headerRow${hint ? ` (did you mean "${hint}"?)` : ''}`,
          400,
          { field: 'options.mapping' },
        );
      }
      const key = o.mapping[col];
      if (!FIELD_BY_KEY.has(key)) {
        const hint = didYouMean(key, FIELD_BY_KEY.keys());
        throw new ToolError(
          `options.mapping.${col}: "${key}" is not a field key${hint ? ` (did you mean "${hint}"?)` : ''}; werkbank://docs/brp-test-data-generator lists them`,
          400,
          { field: `options.mapping.${col}` },
        );
      }
    }
  }
  return { effective: { ...o, eventMix: mix }, events, weights };
}

function impossible(e: LifeEvent, o: BrpOptions): string | undefined {
  if (e === 'registeredPartnership' && o.referenceYear <= 1998)
    return `registered partnership exists from 1998-01-01, after the reference date (1 January ${o.referenceYear})`;
  const [lo, hi] = EVENT_AGES[e];
  if (Math.max(lo, o.minAge) > Math.min(hi, o.maxAge)) return `it needs ages ${lo}–${hi}, outside minAge ${o.minAge} – maxAge ${o.maxAge}`;
  if (e === 'deceasedWithFamily' && o.maxChildren === 0) return 'it needs a minor child, but maxChildren is 0';
  return undefined;
}
