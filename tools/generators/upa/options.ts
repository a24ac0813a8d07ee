/**
 * The request body of `upa-file-generator`: `{format, options}`, strict at
 * every level (an unknown option name is refused with a did-you-mean by the
 * surfaces). Ranges and defaults follow `generators.md`; every string that ends
 * up in the XML is bounded by the facet of its UPA 2026 element, so a caller
 * cannot make a "valid" run produce a schema-invalid file.
 */
import { z } from 'zod';
import { advertisedAsMap, advertisedLean } from '../_advertise.js';

export const SCENARIOS = [
  'standard',
  'newHire',
  'leaver',
  'rehire',
  'payrollSwitch',
  'deathInService',
  'marriage',
  'registeredPartnership',
  'divorce',
  'widowed',
  'unpaidLeave',
  'parentalLeave',
  'sickness',
  'earlyIva',
  'onCall',
  'intern',
  'dga',
  'minor',
  'nearRetirement',
  'partTimeChange',
  'backPayment',
] as const;
export type Scenario = (typeof SCENARIOS)[number];

/** Default relative weights (they sum to 100, so each reads as a percentage). */
export const DEFAULT_SCENARIO_MIX: Record<Scenario, number> = {
  standard: 40,
  newHire: 6,
  leaver: 6,
  rehire: 2,
  payrollSwitch: 2,
  deathInService: 1,
  marriage: 3,
  registeredPartnership: 1,
  divorce: 2,
  widowed: 1,
  unpaidLeave: 3,
  parentalLeave: 3,
  sickness: 5,
  earlyIva: 1,
  onCall: 4,
  intern: 2,
  dga: 1,
  minor: 2,
  nearRetirement: 6,
  partTimeChange: 5,
  backPayment: 4,
};
export const MAX_SCENARIO_WEIGHT = 1000;

export const DEFECTS = [
  'invalidBsn',
  'duplicateBsn',
  'duplicateNumIv',
  'totalsMismatch',
  'endBeforeStart',
  'dateOutsidePeriod',
  'unknownRegVrnt',
  'negativeAmount',
  'zeroNormHours',
  'missingMandatory',
] as const;
export type Defect = (typeof DEFECTS)[number];

/** Fields `fieldStates` may switch, with the spec's defaults. */
export const FIELD_DEFAULTS = {
  TaalVoorkeur: 'omit',
  Email: 'omit',
  LocOms: 'omit',
  CdInvlVpl: 'omit',
  CdBeroep: 'omit',
  CdVerbIkv: 'omit',
  Dgln: 'omit',
  DatEindSect: 'omit',
  ContPers: 'fill',
  TelNr: 'fill',
  RelNr: 'fill',
  GebrSwPakket: 'fill',
  IdLcr: 'fill',
  NmLcr: 'fill',
  NmIP: 'fill',
  Voorl: 'fill',
  Voorv: 'fill',
  Nat: 'fill',
  Gesl: 'fill',
  DatOvl: 'fill',
  CdBurgSt: 'fill',
  DtIngBurgSt: 'fill',
  Adres: 'fill',
  HuisNrToev: 'fill',
  DatEind: 'fill',
  CdRdnEindArbov: 'fill',
  CdAard: 'fill',
  CAO: 'fill',
  IndArbovOnbepTd: 'fill',
  IndOprov: 'fill',
  LbTab: 'fill',
  FuncOms: 'fill',
  CdIncInkVerm: 'fill',
  AantUNormWk: 'fill',
  AantUCntrWk: 'fill',
  PtPerc: 'fill',
  IndGenReg: 'fill',
  CollectieveAangifte: 'fill',
  Werknemersgegevens: 'fill',
  Avwb: 'fill',
  Verlof: 'fill',
  Sector: 'fill',
  IndEindDln: 'fill',
  PremieWkn: 'fill',
  AantVerlUPens: 'fill',
  VerlofUReg: 'fill',
} as const;
export type FieldName = keyof typeof FIELD_DEFAULTS;
export type FieldStates = Record<FieldName, 'fill' | 'omit'>;
const FIELD_NAMES_BY_DEFAULT = {
  fill: Object.keys(FIELD_DEFAULTS).filter((k) => FIELD_DEFAULTS[k as FieldName] === 'fill'),
  omit: Object.keys(FIELD_DEFAULTS).filter((k) => FIELD_DEFAULTS[k as FieldName] === 'omit'),
};

/**
 * Fields the UPA 2026 schema requires (minOccurs 1): they cannot be left out of
 * a valid file, so `omit` is refused for them with a 400 naming the element
 * (use `defects.missingMandatory` for a deliberately incomplete file). This
 * includes the required amounts: writing 0.00 for an omitted amount would be
 * neither "absent" nor the real value.
 */
export const REQUIRED_FIELDS: readonly FieldName[] = [
  'ContPers',
  'TelNr',
  'RelNr',
  'GebrSwPakket',
  'IdLcr',
  'NmIP',
  'Gesl',
  'LbTab',
  'IndGenReg',
  'IndEindDln',
  'Werknemersgegevens',
  'Avwb',
  'PremieWkn',
  'AantVerlUPens',
];

/** What the schema requires for a field in REQUIRED_FIELDS, when that is not just the element of the same name. */
export const REQUIRED_WHAT: Partial<Record<FieldName, string>> = {
  Werknemersgegevens: 'Werknemersgegevens in every InkomstenverhoudingInitieel',
  Avwb: 'OpnAvwb and OpbAvwb in Werknemersgegevens',
  PremieWkn: 'PremieWkn in every RegelingGegevens',
  AantVerlUPens: 'AantVerlUPens in every RegelingGegevens',
};

/** A payroll tax number: 9 digits (not 000…), "L", a 2-digit sub-number (not 00). */
export const LHNR = /^([1-9]\d\d|\d[1-9]\d|\d\d[1-9])\d{6}L([1-9]\d|\d[1-9])$/;

/**
 * BSN ranges: standard (first digit 1–7, like real numbers) or test-999 (999xxxxxx: RvIG's GBA-V test persons use
 * this range, "Testdataset persoonslijsten proefomgevingen GBA-V", https://www.rvig.nl/media/288; never issued to residents).
 */
export const BSN_RANGES = ['standard', 'test-999'] as const;

/** The 72 loonbelastingtabel codes of the UPA 2026 schema (`LbTab`). */
export const LBTAB_CODES = [
  '010',
  '011',
  '012',
  '013',
  '014',
  '015',
  '020',
  '021',
  '022',
  '023',
  '024',
  '025',
  '210',
  '220',
  '221',
  '224',
  '225',
  '226',
  '227',
  '228',
  '250',
  ...['3', '5', '6', '7'].flatMap((d) => ['10', '11', '12', '13', '14', '15', '20', '21', '22', '23', '24', '25'].map((s) => d + s)),
  '940',
  '950',
  '999',
] as const;

/** XML 1.0 text: no control characters (other than tab), no lone surrogates, no U+FFFE/U+FFFF. */
const XML_TEXT = /^(?:[\t\x20-\uD7FF\uE000-\uFFFD]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

/**
 * A string that ends up in the XML. The XML-text rule is a refinement, not a
 * regex, so the advertised JSON Schema does not carry its long pattern (the
 * check and its message are the same).
 */
function xmlText(min: number, max: number, what: string) {
  return z
    .string()
    .min(min)
    .max(max)
    .refine((s) => XML_TEXT.test(s), { message: 'must not contain control characters or unpaired surrogates' })
    .refine((s) => min === 0 || s.trim().length > 0, { message: 'must not be blank' })
    .describe(what);
}

const pct = (dflt: number) => z.int().min(0).max(100).default(dflt);
const flag = () => z.boolean().default(true);

export const populationSchema = advertisedLean(
  z.strictObject({
    count: z.int().min(1).max(10_000).default(25).describe('Number of employments'),
    seed: z.number().min(-1e15).max(1e15).default(20270101).describe('Seed of the generator: the same seed gives the same files'),
    minAge: z.int().min(15).max(70).default(18),
    maxAge: z.int().min(15).max(80).default(67),
    minSalary: z.int().min(0).max(1_000_000).default(24000).describe('Lowest full-time annual salary, €'),
    maxSalary: z.int().min(0).max(1_000_000).default(90000).describe('Highest full-time annual salary, €'),
    partTimeVariation: z.boolean().default(true),
    holidayAllowanceMonth: z.int().min(0).max(12).default(5).describe('Month the holiday allowance is paid (0: none)'),
    pctForeignAddress: pct(12),
    pctExoticNames: pct(15),
    pctExoticStreets: pct(15),
    longNames: flag(),
    hyphenAndApostrophe: flag(),
    diacritics: flag(),
    tussenvoegsels: flag(),
    houseNumberAdditions: flag(),
    bsnRange: z.enum(BSN_RANGES).default('standard').describe('test-999: RvIG test range'),
  }),
);

export const periodSchema = advertisedLean(
  z.strictObject({
    startYear: z.int().min(2000).max(2099).default(2027).describe('First year (2026 for XSD-checkable files)'),
    startMonth: z.int().min(1).max(12).default(1),
    months: z.int().min(1).max(36).default(3).describe('Number of periods'),
    periodType: z.enum(['MND', 'VWK']).default('MND').describe('VWK: four-weekly'),
    declarationKind: z.enum(['volledig', 'aanvullend']).default('volledig').describe('aanvullend: corrections only'),
    splitMode: z.enum(['single', 'chunk', 'perParticipant']).default('single'),
    chunkSize: z.int().min(1).max(10_000).default(10),
  }),
);

export const correctionsSchema = z.strictObject({
  periodCorrections: z.int().min(0).max(12).default(0).describe('TijdvakCorrectie for up to n earlier periods'),
  withdrawals: z.int().min(0).max(100).default(0).describe('InkomstenverhoudingIntrekking per period'),
});

export const householdSchema = advertisedLean(
  z.strictObject({
    pctMarried: pct(40),
    pctCohabiting: pct(15),
    pctDivorced: pct(15),
    pctWidowed: pct(5),
    pctWithChildren: pct(45),
    partnerSameFund: flag(),
    partnerOtherFund: flag(),
    deceasedPartners: flag(),
    deceasedExPartners: flag(),
    deceasedChildren: z.boolean().default(false),
  }),
);

export const scenarioMixSchema = advertisedAsMap(
  z.strictObject(
    Object.fromEntries(
      SCENARIOS.map((s) => [
        s,
        z
          .number()
          .min(0)
          .max(MAX_SCENARIO_WEIGHT)
          .optional()
          .describe(`Relative weight of ${s} (0 to ${MAX_SCENARIO_WEIGHT}; default ${DEFAULT_SCENARIO_MIX[s]})`),
      ]),
    ) as Record<Scenario, z.ZodOptional<z.ZodNumber>>,
  ),
  { type: 'number', minimum: 0, maximum: MAX_SCENARIO_WEIGHT },
  `Weights; naming any key replaces the whole mix. Keys (default): ${SCENARIOS.map((s) => `${s} ${DEFAULT_SCENARIO_MIX[s]}`).join(', ')}`,
);

export const defectsSchema = advertisedAsMap(
  z.strictObject(
    Object.fromEntries(DEFECTS.map((d) => [d, z.boolean().default(false).describe(`Inject the ${d} defect once`)])) as Record<
      Defect,
      z.ZodDefault<z.ZodBoolean>
    >,
  ),
  { type: 'boolean' },
  `Inject each once (files meant to be rejected): ${DEFECTS.join(', ')}`,
);

const LHNR_MESSAGE = 'must be 9 digits (not starting 000), "L" and 2 digits (not 00), e.g. 123456782L01';

export const declarationSchema = advertisedLean(
  z.strictObject({
    employerName: xmlText(1, 200, 'NmIP').default('Voorbeeld Werkgever BV'),
    payrollTaxNumber: z.string().regex(LHNR, { message: LHNR_MESSAGE }).default('123456782L01').describe('LhNr'),
    payrollTaxNumbers: z
      .array(z.string().regex(LHNR, { message: LHNR_MESSAGE.replace('L01', 'L02') }))
      .min(1)
      .max(20)
      .optional()
      .describe('Several employers (distinct LhNr); replaces payrollTaxNumber'),
    contactPerson: xmlText(1, 35, 'ContPers').default('J. Jansen'),
    phone: xmlText(1, 25, 'TelNr').default('0201234567'),
    relationNumber: xmlText(8, 8, 'RelNr').default('12345678'),
    softwarePackage: xmlText(1, 27, 'GebrSwPakket, NmLcr').default('Werkbank Salaris 1.0'),
    providerId: xmlText(1, 9, 'IdLcr').default('LCR000001'),
    administrationId: z
      .string()
      .regex(/^[A-Za-z0-9]{1,8}$/, { message: 'must be 1 to 8 letters or digits' })
      .default('ADM01')
      .describe('Part of IdBer'),
    messageIdPrefix: z
      .string()
      .regex(/^[A-Za-z0-9]{0,11}$/, { message: 'must be 0 to 11 letters or digits' })
      .default('UPA')
      .describe('IdBer prefix'),
    affiliationNumber: xmlText(1, 35, 'RelNrAansl').default('100200300'),
    collectiveAgreement: z
      .string()
      .regex(/^\d{1,4}$/, { message: 'must be 1 to 4 digits' })
      .default('150')
      .describe('CAO'),
    sector: z
      .string()
      .regex(/^\d{1,3}$/, { message: 'must be 1 to 3 digits' })
      .default('44')
      .describe('Sect'),
    // A refinement rather than an enum: the listing would otherwise carry all 72 codes (the docs list them).
    taxTable: z
      .string()
      .regex(/^\d{3}$/, { message: 'must be 3 digits' })
      .refine((v) => (LBTAB_CODES as readonly string[]).includes(v), {
        message: `must be one of the 72 LbTab codes of the schema: ${LBTAB_CODES.join(', ')}`,
      })
      .default('010')
      .describe('LbTab code'),
    jobDescription: xmlText(1, 100, 'FuncOms').default('Medewerker administratie'),
    normHoursPerWeek: z
      .string()
      .regex(/^\d{1,4}(\.\d{1,2})?$/, { message: 'must be a number of hours such as 40 or 38.5' })
      .refine((s) => Number(s) > 0, { message: 'must be greater than 0' })
      .default('40')
      .describe('AantUNormWk'),
    franchise: z.number().min(0).max(1_000_000).default(18000).describe('Annual, €'),
    maxPensionableSalary: z.number().min(0).max(1_000_000).default(80000).describe('Annual cap, €; > franchise'),
  }),
  ['type'],
  'Employer and message header; payrollTaxNumbers (≤ 20 distinct LhNr) splits the run over several employers. Elements, defaults: docs',
);

export const schemeSchema = advertisedLean(
  z.strictObject({
    enabled: z.boolean().default(true),
    label: xmlText(1, 100, 'summary and CSV').default('Pensioenregeling'),
    schemeCode: xmlText(1, 15, 'RegKnmrk'),
    variants: z
      .string()
      .max(200)
      .regex(/^\s*([A-Za-z0-9]{1,5}\s*(,\s*[A-Za-z0-9]{1,5}\s*)*)?$/, {
        message: 'must be comma-separated codes of 1 to 5 letters or digits',
      })
      .default('')
      .describe('Comma-separated RegVrnt codes'),
    premiumPct: z.number().min(0).max(100).describe('% of premium base'),
    useFranchise: z.boolean().default(true),
  }),
);

/** The default schemes, written as input (fields equal to the scheme defaults left out: enabled, useFranchise true; variants ''). */
export const DEFAULT_SCHEMES: z.input<typeof schemeSchema>[] = [
  { label: 'Ouderdomspensioen', schemeCode: 'U0051-1011', variants: 'A,B', premiumPct: 27.6 },
  { enabled: false, label: 'Arbeidsongeschiktheidspensioen', schemeCode: 'U0051-1012', premiumPct: 4.2 },
  { enabled: false, label: 'ANW-hiaat', schemeCode: 'U0051-1013', premiumPct: 0.6, useFranchise: false },
];

export const pinnedSchema = advertisedLean(
  z.strictObject({
    bsn: z
      .string()
      .regex(/^\d{9}$/, { message: 'must be 9 digits' })
      .optional()
      .describe('11-proof'),
    initials: z
      .string()
      .regex(/^[A-Za-zÀ-ÖØ-öø-ÿ]{1,6}$/u, { message: 'must be 1 to 6 letters' })
      .optional()
      .describe('Voorl, no dots'),
    prefix: z
      .string()
      .regex(/^[a-z' ]{1,10}$/i, { message: 'must be a surname prefix such as "van der" (at most 10 characters)' })
      .optional()
      .describe('Voorv'),
    lastName: xmlText(1, 200, 'SignNm').optional(),
    // The advertised pattern is the short shape; zod checks the calendar date.
    birthDate: z.iso.date().optional().meta({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
    gender: z.enum(['M', 'V', 'X']).optional(),
    annualSalary: z.int().min(0).max(1_000_000).optional().describe('Full-time, €'),
    partTimePct: z.number().min(1).max(100).optional(),
    scenario: z.enum(SCENARIOS).optional().describe('A scenarioMix key'),
  }),
);
export type Pinned = z.output<typeof pinnedSchema>;

const FORMAT_ALIASES: Record<string, string> = { csv: 'participants-csv', participants: 'participants-csv', json: 'summary' };

export const inputSchema = z.strictObject({
  format: z
    .preprocess(
      (v) => (typeof v === 'string' ? (FORMAT_ALIASES[v.trim().toLowerCase()] ?? v.trim().toLowerCase()) : v),
      z.enum(['xml', 'summary', 'participants-csv', 'zip']),
    )
    .default('xml')
    .describe(
      'xml: the files; summary: no XML, totals; participants-csv (alias csv): one row per employment; zip: the files as one hosted .zip link (24 h)',
    ),
  options: z
    .strictObject({
      schemeType: z
        .string()
        .regex(/^[A-Z]{2,10}$/, { message: 'must be 2 to 10 capital letters, e.g. FPR' })
        .default('FPR')
        .describe('Label echoed in summary and CSV'),
      schemaVersion: z
        .string()
        .regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, { message: 'must have the shape <yyyy>-<mm>, e.g. 2026-01' })
        .optional()
        .describe('Default <period year>-01; only 2026-01 bundled'),
      population: populationSchema.prefault({}),
      period: periodSchema.prefault({}),
      corrections: correctionsSchema.prefault({}).describe('aanvullend only; 0 = none'),
      household: householdSchema.prefault({}),
      scenarioMix: scenarioMixSchema.optional(),
      defects: defectsSchema.prefault({}),
      declaration: declarationSchema.prefault({}),
      schemes: z
        .array(schemeSchema)
        .min(1)
        .max(10)
        .prefault(DEFAULT_SCHEMES)
        .describe('Pension schemes; default: three, the first enabled'),
      fieldStates: advertisedAsMap(
        z.strictObject(
          Object.fromEntries(
            Object.entries(FIELD_DEFAULTS).map(([k, v]) => [k, z.enum(['fill', 'omit']).default(v).describe(`${k} (default ${v})`)]),
          ) as Record<FieldName, z.ZodDefault<z.ZodEnum<{ fill: 'fill'; omit: 'omit' }>>>,
        ),
        { type: 'string', enum: ['fill', 'omit'] },
        `Per element. Default omit: ${FIELD_NAMES_BY_DEFAULT.omit.join(', ')}. Default fill: ${FIELD_NAMES_BY_DEFAULT.fill.join(', ')}. omit refused for required ones (docs)`,
      ).prefault({}),
      pinned: z.array(pinnedSchema).max(100).default([]).describe('Employments placed first; fields optional'),
    })
    .prefault({})
    .describe('All optional; {} takes every default'),
});

export type UpaInput = z.output<typeof inputSchema>;
export type UpaOptions = UpaInput['options'];
export type SchemeOption = z.output<typeof schemeSchema>;
