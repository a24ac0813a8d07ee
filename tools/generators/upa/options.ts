/**
 * The request body of `upa-file-generator`: `{format, options}`, strict at
 * every level (an unknown option name is refused with a did-you-mean by the
 * surfaces). Ranges and defaults follow `generators.md`; every string that ends
 * up in the XML is bounded by the facet of its UPA 2026 element, so a caller
 * cannot make a "valid" run produce a schema-invalid file.
 */
import { z } from 'zod';

export const SCENARIOS = [
  'standard', 'newHire', 'leaver', 'rehire', 'payrollSwitch', 'deathInService',
  'marriage', 'registeredPartnership', 'divorce', 'widowed',
  'unpaidLeave', 'parentalLeave', 'sickness', 'earlyIva', 'onCall', 'intern', 'dga',
  'minor', 'nearRetirement', 'partTimeChange', 'backPayment',
] as const;
export type Scenario = (typeof SCENARIOS)[number];

/** Default relative weights (they sum to 100, so each reads as a percentage). */
export const DEFAULT_SCENARIO_MIX: Record<Scenario, number> = {
  standard: 40, newHire: 6, leaver: 6, rehire: 2, payrollSwitch: 2, deathInService: 1,
  marriage: 3, registeredPartnership: 1, divorce: 2, widowed: 1,
  unpaidLeave: 3, parentalLeave: 3, sickness: 5, earlyIva: 1, onCall: 4, intern: 2, dga: 1,
  minor: 2, nearRetirement: 6, partTimeChange: 5, backPayment: 4,
};
export const MAX_SCENARIO_WEIGHT = 1000;

export const DEFECTS = [
  'invalidBsn', 'duplicateBsn', 'duplicateNumIv', 'totalsMismatch', 'endBeforeStart',
  'dateOutsidePeriod', 'unknownRegVrnt', 'negativeAmount', 'zeroNormHours', 'missingMandatory',
] as const;
export type Defect = (typeof DEFECTS)[number];

/** Fields `fieldStates` may switch, with the spec's defaults. */
export const FIELD_DEFAULTS = {
  TaalVoorkeur: 'omit', Email: 'omit', LocOms: 'omit', CdInvlVpl: 'omit', CdBeroep: 'omit',
  CdVerbIkv: 'omit', Dgln: 'omit', DatEindSect: 'omit',
  ContPers: 'fill', TelNr: 'fill', RelNr: 'fill', GebrSwPakket: 'fill', IdLcr: 'fill', NmLcr: 'fill',
  NmIP: 'fill', Voorl: 'fill', Voorv: 'fill', Nat: 'fill', Gesl: 'fill', DatOvl: 'fill', CdBurgSt: 'fill',
  DtIngBurgSt: 'fill', Adres: 'fill', HuisNrToev: 'fill', DatEind: 'fill', CdRdnEindArbov: 'fill',
  CdAard: 'fill', CAO: 'fill', IndArbovOnbepTd: 'fill', IndOprov: 'fill', LbTab: 'fill', FuncOms: 'fill',
  CdIncInkVerm: 'fill', AantUNormWk: 'fill', AantUCntrWk: 'fill', PtPerc: 'fill', IndGenReg: 'fill',
  CollectieveAangifte: 'fill', Werknemersgegevens: 'fill', Avwb: 'fill', Verlof: 'fill', Sector: 'fill',
  IndEindDln: 'fill', PremieWkn: 'fill', AantVerlUPens: 'fill', VerlofUReg: 'fill',
} as const;
export type FieldName = keyof typeof FIELD_DEFAULTS;
export type FieldStates = Record<FieldName, 'fill' | 'omit'>;

/**
 * Fields the UPA 2026 schema requires (minOccurs 1): they cannot be left out of
 * a valid file, so `omit` is refused for them with a 400 naming the element
 * (use `defects.missingMandatory` for a deliberately incomplete file). This
 * includes the required amounts: writing 0.00 for an omitted amount would be
 * neither "absent" nor the real value.
 */
export const REQUIRED_FIELDS: readonly FieldName[] = [
  'ContPers', 'TelNr', 'RelNr', 'GebrSwPakket', 'IdLcr', 'NmIP', 'Gesl', 'LbTab', 'IndGenReg', 'IndEindDln',
  'Werknemersgegevens', 'Avwb', 'PremieWkn', 'AantVerlUPens',
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
  '010', '011', '012', '013', '014', '015', '020', '021', '022', '023', '024', '025',
  '210', '220', '221', '224', '225', '226', '227', '228', '250',
  ...['3', '5', '6', '7'].flatMap((d) => ['10', '11', '12', '13', '14', '15', '20', '21', '22', '23', '24', '25'].map((s) => d + s)),
  '940', '950', '999',
] as const;

/** XML 1.0 text: no control characters (other than tab), no lone surrogates, no U+FFFE/U+FFFF. */
const XML_TEXT = /^(?:[\t\x20-\uD7FF\uE000-\uFFFD]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

function xmlText(min: number, max: number, what: string) {
  return z
    .string()
    .min(min)
    .max(max)
    .regex(XML_TEXT, { message: 'must not contain control characters or unpaired surrogates' })
    .refine((s) => min === 0 || s.trim().length > 0, { message: 'must not be blank' })
    .describe(what);
}

const pct = (what: string, dflt: number) => z.int().min(0).max(100).default(dflt).describe(what);
const flag = (what: string) => z.boolean().default(true).describe(what);

export const populationSchema = z.strictObject({
  count: z.int().min(1).max(10_000).default(25).describe('Number of employments (1 to 10000)'),
  seed: z.number().min(-1e15).max(1e15).default(20270101).describe('Seed: the same seed gives the same files'),
  minAge: z.int().min(15).max(70).default(18).describe('Youngest age at the first period (15 to 70)'),
  maxAge: z.int().min(15).max(80).default(67).describe('Oldest age at the first period (15 to 80); not lower than minAge'),
  minSalary: z.int().min(0).max(1_000_000).default(24000).describe('Lowest full-time annual salary, euros'),
  maxSalary: z.int().min(0).max(1_000_000).default(90000).describe('Highest full-time annual salary, euros; not lower than minSalary'),
  partTimeVariation: z.boolean().default(true).describe('Give about half of the employees a part-time percentage (50 to 95); false: everyone 100'),
  holidayAllowanceMonth: z.int().min(0).max(12).default(5).describe('Month in which the 8% holiday allowance is paid (0 = none)'),
  pctForeignAddress: pct('Share of employees living abroad (AdresBuitenland, no Dutch postcode)', 12),
  pctExoticNames: pct('Share of non-Dutch surnames', 15),
  pctExoticStreets: pct('Share of unusual street names', 15),
  longNames: flag('Allow very long (multi-part, noble) surnames'),
  hyphenAndApostrophe: flag("Allow double-barrelled surnames (Jansen-de Vries) and apostrophes ('t Hart, D'Souza)"),
  diacritics: flag('Allow diacritics in names and streets (Çelik, Müller, Zoë)'),
  tussenvoegsels: flag('Allow surname prefixes in Voorv (van, de, van der...)'),
  houseNumberAdditions: flag('Allow house number additions (HuisNrToev: A, bis, 2...)'),
  bsnRange: z.enum(BSN_RANGES).default('standard').describe('standard (default): 11-proof BSNs starting 1-7; test-999: 999xxxxxx, the range of the RvIG GBA-V test persons, never issued to residents'),
});

export const periodSchema = z.strictObject({
  startYear: z.int().min(2000).max(2099).default(2027).describe('Year of the first period'),
  startMonth: z.int().min(1).max(12).default(1).describe('Month of the first period (VWK: the four-week period containing the 1st of this month)'),
  months: z.int().min(1).max(36).default(3).describe('Number of consecutive periods (months, or four-week periods for VWK)'),
  periodType: z.enum(['MND', 'VWK']).default('MND').describe('MND monthly, VWK four-weekly'),
  declarationKind: z.enum(['volledig', 'aanvullend']).default('volledig').describe('volledig: full declaration; aanvullend: supplementary, corrections only'),
  splitMode: z.enum(['single', 'chunk', 'perParticipant']).default('single').describe('single: one file per period; chunk: chunkSize employments per file; perParticipant: one file per employment per period'),
  chunkSize: z.int().min(1).max(10_000).default(10).describe('Employments per file when splitMode is chunk'),
});

export const householdSchema = z.strictObject({
  pctMarried: pct('Share married (CdBurgSt 2; one in ten of them a registered partnership, CdBurgSt 5)', 40),
  pctCohabiting: pct('Share cohabiting (civil status stays unmarried, CdBurgSt 1; partner listed in participants-csv)', 15),
  pctDivorced: pct('Share divorced (CdBurgSt 3)', 15),
  pctWidowed: pct('Share widowed (CdBurgSt 4)', 5),
  pctWithChildren: pct('Share with children (participants-csv)', 45),
  partnerSameFund: flag('Partners may participate in the same fund (participants-csv partnerFund "same")'),
  partnerOtherFund: flag('Partners may participate in another fund (partnerFund "other")'),
  deceasedPartners: flag('Widowed employees carry the date of death of their partner (participants-csv)'),
  deceasedExPartners: flag('Some divorced employees have a deceased ex-partner (participants-csv)'),
  deceasedChildren: z.boolean().default(false).describe('Some employees with children have a deceased child (participants-csv)'),
});

export const scenarioMixSchema = z.strictObject(
  Object.fromEntries(
    SCENARIOS.map((s) => [s, z.number().min(0).max(MAX_SCENARIO_WEIGHT).optional().describe(`Relative weight of ${s} (0 to ${MAX_SCENARIO_WEIGHT}; default ${DEFAULT_SCENARIO_MIX[s]})`)]),
  ) as Record<Scenario, z.ZodOptional<z.ZodNumber>>,
);

export const defectsSchema = z.strictObject(
  Object.fromEntries(DEFECTS.map((d) => [d, z.boolean().default(false).describe(`Inject the ${d} defect once`)])) as Record<
    Defect,
    z.ZodDefault<z.ZodBoolean>
  >,
);

export const declarationSchema = z.strictObject({
  employerName: xmlText(1, 200, 'Employer name (NmIP)').default('Voorbeeld Werkgever BV'),
  payrollTaxNumber: z
    .string()
    .regex(LHNR, { message: 'must be 9 digits (not starting 000), "L" and 2 digits (not 00), e.g. 123456782L01' })
    .default('123456782L01')
    .describe('Loonheffingennummer (LhNr)'),
  payrollTaxNumbers: z
    .array(z.string().regex(LHNR, { message: 'must be 9 digits (not starting 000), "L" and 2 digits (not 00), e.g. 123456782L02' }))
    .min(1)
    .max(20)
    .optional()
    .describe('Several employers: LhNr per employer (1 to 20, distinct); replaces payrollTaxNumber; employments are split into equal consecutive blocks, one set of files per employer'),
  contactPerson: xmlText(1, 35, 'Contact person (ContPers)').default('J. Jansen'),
  phone: xmlText(1, 25, 'Phone number (TelNr)').default('0201234567'),
  relationNumber: xmlText(8, 8, 'Relation number at the fund, exactly 8 characters (RelNr)').default('12345678'),
  softwarePackage: xmlText(1, 27, 'Payroll software (GebrSwPakket; also NmLcr)').default('Werkbank Salaris 1.0'),
  providerId: xmlText(1, 9, 'Provider id (IdLcr)').default('LCR000001'),
  administrationId: z.string().regex(/^[A-Za-z0-9]{1,8}$/, { message: 'must be 1 to 8 letters or digits' }).default('ADM01').describe('Payroll administration id, part of IdBer'),
  messageIdPrefix: z.string().regex(/^[A-Za-z0-9]{0,11}$/, { message: 'must be 0 to 11 letters or digits' }).default('UPA').describe('Prefix of IdBer: <prefix><administrationId>-<yyyymm>-<nnn...>'),
  affiliationNumber: xmlText(1, 35, 'Affiliation number (RelNrAansl)').default('100200300'),
  collectiveAgreement: z.string().regex(/^\d{1,4}$/, { message: 'must be 1 to 4 digits' }).default('150').describe('CAO code (CAO)'),
  sector: z.string().regex(/^\d{1,3}$/, { message: 'must be 1 to 3 digits' }).default('44').describe('Sector code (Sect)'),
  taxTable: z.enum(LBTAB_CODES).default('010').describe('Loonbelastingtabel code (LbTab), one of the 72 codes of the schema'),
  jobDescription: xmlText(1, 100, 'Job description (FuncOms)').default('Medewerker administratie'),
  normHoursPerWeek: z
    .string()
    .regex(/^\d{1,4}(\.\d{1,2})?$/, { message: 'must be a number of hours such as 40 or 38.5' })
    .refine((s) => Number(s) > 0, { message: 'must be greater than 0' })
    .default('40')
    .describe('Full-time hours per week (AantUNormWk)'),
  franchise: z.number().min(0).max(1_000_000).default(18000).describe('Annual franchise, euros (deducted when a scheme has useFranchise)'),
  maxPensionableSalary: z.number().min(0).max(1_000_000).default(80000).describe('Annual pensionable salary cap, euros; must exceed franchise'),
});

export const schemeSchema = z.strictObject({
  enabled: z.boolean().default(true).describe('Include this scheme'),
  label: xmlText(1, 100, 'Human label (participants-csv and summary)').default('Pensioenregeling'),
  schemeCode: xmlText(1, 15, 'Scheme code (RegKnmrk)'),
  variants: z
    .string()
    .max(200)
    .regex(/^\s*([A-Za-z0-9]{1,5}\s*(,\s*[A-Za-z0-9]{1,5}\s*)*)?$/, { message: 'must be comma-separated codes of 1 to 5 letters or digits' })
    .default('')
    .describe('Comma-separated RegVrnt codes; empty: no RegVrnt'),
  premiumPct: z.number().min(0).max(100).describe('Total premium, percent of the premium base'),
  useFranchise: z.boolean().default(true).describe('Deduct the franchise from the pensionable salary'),
});

export const DEFAULT_SCHEMES: z.input<typeof schemeSchema>[] = [
  { enabled: true, label: 'Ouderdomspensioen', schemeCode: 'U0051-1011', variants: 'A,B', premiumPct: 27.6, useFranchise: true },
  { enabled: false, label: 'Arbeidsongeschiktheidspensioen', schemeCode: 'U0051-1012', variants: '', premiumPct: 4.2, useFranchise: true },
  { enabled: false, label: 'ANW-hiaat', schemeCode: 'U0051-1013', variants: '', premiumPct: 0.6, useFranchise: false },
];

export const pinnedSchema = z.strictObject({
  bsn: z.string().regex(/^\d{9}$/, { message: 'must be 9 digits' }).optional().describe('BSN (must pass the 11-check and not start with 000)'),
  initials: z.string().regex(/^[A-Za-zÀ-ÖØ-öø-ÿ]{1,6}$/u, { message: 'must be 1 to 6 letters' }).optional().describe('Initials without dots (Voorl)'),
  prefix: z.string().regex(/^[a-z' ]{1,10}$/i, { message: 'must be a surname prefix such as "van der" (at most 10 characters)' }).optional().describe('Surname prefix (Voorv)'),
  lastName: xmlText(1, 200, 'Surname (SignNm)').optional(),
  birthDate: z.iso.date().optional().describe('Date of birth, YYYY-MM-DD'),
  gender: z.enum(['M', 'V', 'X']).optional().describe('M (Gesl 1), V (Gesl 2), X (Gesl 9)'),
  annualSalary: z.int().min(0).max(1_000_000).optional().describe('Full-time annual salary, euros'),
  partTimePct: z.number().min(1).max(100).optional().describe('Part-time percentage'),
  scenario: z.enum(SCENARIOS).optional().describe('Scenario for this employment'),
});
export type Pinned = z.output<typeof pinnedSchema>;

const FORMAT_ALIASES: Record<string, string> = { csv: 'participants-csv', participants: 'participants-csv', json: 'summary' };

export const inputSchema = z.strictObject({
  format: z
    .preprocess(
      (v) => (typeof v === 'string' ? (FORMAT_ALIASES[v.trim().toLowerCase()] ?? v.trim().toLowerCase()) : v),
      z.enum(['xml', 'summary', 'participants-csv']),
    )
    .default('xml')
    .describe('xml (default): the files; summary: file list, totals and counts without XML; participants-csv: one CSV row per employment (alias csv)'),
  options: z
    .strictObject({
      schemeType: z.string().regex(/^[A-Z]{2,10}$/, { message: 'must be 2 to 10 capital letters, e.g. FPR' }).default('FPR').describe('Scheme type label (FPR); echoed in summary and CSV'),
      schemaVersion: z
        .string()
        .regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, { message: 'must have the shape <yyyy>-<mm>, e.g. 2026-01' })
        .optional()
        .describe('UPA schema release, <yyyy>-<mm>; default: <year of each period>-01. Only 2026-01 is bundled'),
      population: populationSchema.prefault({}),
      period: periodSchema.prefault({}),
      household: householdSchema.prefault({}),
      scenarioMix: scenarioMixSchema.optional().describe('Relative weights per scenario; naming any key replaces the whole mix'),
      defects: defectsSchema.prefault({}),
      declaration: declarationSchema.prefault({}),
      schemes: z.array(schemeSchema).min(1).max(10).prefault(DEFAULT_SCHEMES).describe('Pension schemes (1 to 10); default three, the first enabled'),
      fieldStates: z
        .strictObject(
          Object.fromEntries(Object.entries(FIELD_DEFAULTS).map(([k, v]) => [k, z.enum(['fill', 'omit']).default(v).describe(`${k} (default ${v})`)])) as Record<
            FieldName,
            z.ZodDefault<z.ZodEnum<{ fill: 'fill'; omit: 'omit' }>>
          >,
        )
        .prefault({}),
      pinned: z.array(pinnedSchema).max(100).default([]).describe('Employments that must appear (up to 100), placed first'),
    })
    .prefault({})
    .describe('Generator options by section: population, period, household, scenarioMix, defects, declaration, schemes, fieldStates, pinned, schemeType, schemaVersion; {} takes every default'),
});

export type UpaInput = z.output<typeof inputSchema>;
export type UpaOptions = UpaInput['options'];
export type SchemeOption = z.output<typeof schemeSchema>;
