import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { inputSchema } from './upa/options.js';
import { MCP_MAX_COUNT, MCP_MAX_EMPLOYMENT_PERIODS, UpaRun } from './upa/generate.js';
import { CSV_COLUMNS, participantsCsvData, summaryData, xmlData, xmlJsonChunks } from './upa/reports.js';

const fileMeta = {
  name: z.string().describe('UPA_<yyyymm>_<nnn>.xml: month of the period start, sequence within that month (at least 3 digits)'),
  periodLabel: z.string().describe('<yyyy>-<mm> of the period start'),
  periodStart: z.string().describe('DatAanvTv, YYYY-MM-DD'),
  periodEnd: z.string().describe('DatEindTv, YYYY-MM-DD'),
  employments: z.int().describe('Employments in the file (a rehire counts once)'),
  payrollTaxNumber: z.string().optional().describe('Only when the run has several employers: the LhNr of the file'),
};
const common = {
  peopleCount: z.int().describe('Employments in the population'),
  warnings: z.array(z.string()).describe('Deliberate defects (count, and that the files are meant to be rejected); schema versions not bundled'),
};

const output = z.discriminatedUnion('format', [
  z.object({
    format: z.literal('xml'),
    fileCount: z.int(),
    ...common,
    files: z.array(z.object({ ...fileMeta, content: z.string().describe('The XML text') })),
  }),
  z.object({
    format: z.literal('summary'),
    fileCount: z.int(),
    ...common,
    seed: z.number(),
    schemeType: z.string(),
    scenarios: z.record(z.string(), z.int()).describe('Employments per scenario'),
    files: z.array(
      z.object({
        ...fileMeta,
        schemaVersion: z.string(),
        totals: z.array(
          z.object({
            schemeCode: z.string(), variant: z.string().nullable(),
            totRegLn: z.number(), totGrslPremie: z.number(), totPremieReg: z.number(), totAantVerlUReg: z.number(),
            totIkvReg: z.int(), totPersReg: z.int(),
          }),
        ).describe('The TotaalRegelingen of the file, amounts in euros'),
      }),
    ),
  }),
  z.object({
    format: z.literal('participants-csv'),
    ...common,
    columns: z.array(z.string()),
    csv: z.string().describe('RFC 4180 CSV, comma-separated, header row first, LF line ends'),
  }),
]);

/** A `partial` example's expected data: only the listed (nested) fields are compared. */
const partialData = (o: object) => o as z.output<typeof output>;

export default defineTool({
  slug: 'upa-file-generator',
  name: 'generate_upa_files',
  title: 'UPA pension declaration generator',
  description: [
    'Generates synthetic Dutch UPA (Uniforme Pensioenaangifte) pension declaration files for testing pension-fund intake: an employer declares, per period, every employment (InkomstenverhoudingInitieel) with wages, part-time data and one RegelingGegevens line per pension scheme, plus the collective totals (TotaalRegelingen). Deterministic: the same options (population.seed) give byte-identical files.',
    'Formats: "xml" (default): {format, fileCount, peopleCount, warnings, files:[{name UPA_<yyyymm>_<nnn>.xml, periodLabel <yyyy-mm>, periodStart, periodEnd, employments, content}]}. "summary": the same file list without XML but with each file\'s totals in euros and the schema version, plus seed, schemeType and employments per scenario. "participants-csv" (alias "csv"): {format, peopleCount, warnings, columns, csv}: one row per employment with identity, address, salary, scenario and event date, and the household data the UPA XML has no room for (partner, partner fund same/other, deaths, children).',
    'Validity: without defects, files for 2026 periods validate against the official UPA 2026 XSD (namespace http://www.pensioenfederatie.nl/uniformePensioenAangifte/2026/01, Version 1.0). The schema of a period is <its year>-01 unless options.schemaVersion (<yyyy>-<mm>) is given, which must then cover every period. Only 2026-01 is bundled: for other years the files use the analogous namespace with the 2026 structure and `warnings` says they cannot be checked against an official schema (the default period.startYear is 2027, so set startYear 2026 for validating files).',
    'Periods: MND months, or VWK four-week periods (period 1 from 1 January to the Sunday of ISO week 4, then ISO weeks 5-8, ..., period 13 to 31 December; the first VWK period is the one holding the 1st of startMonth). splitMode single (one file per period), chunk (chunkSize employments per file) or perParticipant (one file per employment per period). declarationKind aanvullend files carry only corrections: employments whose scenario event falls in the period, plus one in ten others with a back-dated 2% raise.',
    'Amounts (cents, rounded half away from zero): RegLn = annual salary × partTime% / 12 (VWK /13) × worked fraction, plus 8% holiday allowance in holidayAllowanceMonth (VWK: the period holding the 15th of that month); PremieGrslg = (min(salary, maxPensionableSalary) − franchise when useFranchise) × partTime% / 12 (or /13); PremieTot = PremieGrslg × premiumPct; PremieWkn = 40% of PremieTot; AantVerlUPens = normHoursPerWeek × partTime% × weeks. TotRegLn, TotGrslPremie, TotPremieReg and TotAantVerlUReg are the sums of the lines per scheme code and variant; TotIkvReg counts the lines, TotPersReg the distinct BSNs. Employments pick one of their scheme\'s variants (RegVrnt). BSNs pass the 11-check, never start with 000 (generated ones start with 1-7). NumIV is unique per employer and so per file (1, 2, ...; rehires get new numbers after the others); a run needing more than 9999 numbers uses the next payroll-tax sub-numbers (…L02), with a warning. declaration.payrollTaxNumbers (up to 20) splits the employments over several employers, one set of files each. population.bsnRange test-999 draws 999xxxxxx BSNs (RvIG test-person range).',
    'scenarioMix: relative weights 0 to 1000 per scenario; naming any key replaces the whole mix (unnamed weights become 0; all 0 is refused). Default: standard 40, newHire 6, leaver 6, rehire 2, payrollSwitch 2, deathInService 1, marriage 3, registeredPartnership 1, divorce 2, widowed 1, unpaidLeave 3, parentalLeave 3, sickness 5, earlyIva 1, onCall 4, intern 2, dga 1, minor 2, nearRetirement 6, partTimeChange 5, backPayment 4. Scenario effects (in the event period, drawn per employment): newHire DatAanv inside the run; leaver DatEind + CdRdnEindArbov, absent afterwards; rehire ends (DatEind) and returns later in the same period with a new NumIV; payrollSwitch keeps NumIV while PersNr changes (E… to P…) from a period after the first; deathInService DatOvl = DatEind, reason 99; marriage/registeredPartnership/divorce/widowed CdBurgSt 2/5/3/4 with DtIngBurgSt = event date; unpaidLeave CdIncInkVerm O + Verlof OBD + VerlofUReg (schema years from 2025); parentalLeave CdIncInkVerm K + Verlof OSP for up to three periods; sickness CdIncInkVerm Z and RegLn at 70% from the event on; earlyIva CdIncInkVerm Z, RegLn 0, AantVerlUPens 0 from the event on; onCall IndOprov J, AantUCntrWk 0, RegLn 0 in the event period; intern CdAard 7 without RegelingGegevens; dga SrtIV 17 without CdAard; minor aged 15-17 with a small salary; nearRetirement aged 65-67 (both override minAge/maxAge); partTimeChange new PtPerc and hours from the middle period (needs months ≥ 2 to be visible); backPayment DatEind in the previous period (or before the run) and a pensionable RegLn of half a period\'s salary after it.',
    'household: civil status CdBurgSt 2 married (one in ten registered partnership, 5), 3 divorced, 4 widowed, 1 single or cohabiting; the four percentages must not add up to more than 100. fieldStates: fill/omit per field (defaults as in the spec); omitted elements are absent; omit is refused (400) for what the schema requires: ContPers, TelNr, RelNr, GebrSwPakket, IdLcr, NmIP, Gesl, LbTab, IndGenReg, IndEindDln, Werknemersgegevens, Avwb, PremieWkn, AantVerlUPens. "Adres" switches the whole address; CdVerbIkv (BBL) is filled for interns only; DatEindSect for ended employments only; NmLcr repeats softwarePackage. pinned: up to 100 employments {bsn, initials, prefix, lastName, birthDate YYYY-MM-DD, gender M/V/X, annualSalary, partTimePct, scenario} (every field optional) placed first; must not exceed population.count.',
    'defects (each injected exactly once on an employment of its own, so any combination stays detectable; counted in warnings): invalidBsn (check digit changed), duplicateBsn and duplicateNumIv (two employments of one file; need a file with two employments), totalsMismatch (first TotaalRegelingen TotRegLn and TotPremieReg +10%), endBeforeStart, dateOutsidePeriod (DatAanvRegGeg one month before the period), unknownRegVrnt (XX), negativeAmount, zeroNormHours, missingMandatory (SofiNr left out). Only zeroNormHours breaks the XSD; the others are business-rule errors an intake must catch. A defect that has no place to go is refused (400).',
    `Limits: up to 10,000 employments and 36 periods per REST call (REST streams the JSON without Content-Length); over MCP population.count ≤ ${MCP_MAX_COUNT} and, for xml, count × months ≤ ${MCP_MAX_EMPLOYMENT_PERIODS}.`,
  ].join('\n\n'),
  input: inputSchema,
  output,
  examples: [
    {
      name: 'Three employments, one month of 2026 (one XSD-valid file)',
      input: { format: 'xml', options: { population: { count: 3 }, period: { startYear: 2026, startMonth: 1, months: 1 } } },
      output: partialData({
        format: 'xml', fileCount: 1, peopleCount: 3, warnings: [],
        files: [{ name: 'UPA_202601_001.xml', periodLabel: '2026-01', periodStart: '2026-01-01', periodEnd: '2026-01-31', employments: 3 }],
      }),
      partial: true,
    },
    {
      name: 'Four-weekly periods around November 2026, two employments per file',
      input: {
        format: 'summary',
        options: {
          population: { count: 5 },
          period: { startYear: 2026, startMonth: 11, months: 2, periodType: 'VWK', splitMode: 'chunk', chunkSize: 2 },
          scenarioMix: { standard: 1 },
        },
      },
      output: partialData({
        format: 'summary', fileCount: 6, peopleCount: 5, warnings: [],
        files: [
          { name: 'UPA_202610_001.xml', periodLabel: '2026-10', periodStart: '2026-10-05', periodEnd: '2026-11-01', employments: 2 },
          { name: 'UPA_202610_002.xml', periodLabel: '2026-10', periodStart: '2026-10-05', periodEnd: '2026-11-01', employments: 2 },
          { name: 'UPA_202610_003.xml', periodLabel: '2026-10', periodStart: '2026-10-05', periodEnd: '2026-11-01', employments: 1 },
          { name: 'UPA_202611_001.xml', periodLabel: '2026-11', periodStart: '2026-11-02', periodEnd: '2026-11-29', employments: 2 },
          { name: 'UPA_202611_002.xml', periodLabel: '2026-11', periodStart: '2026-11-02', periodEnd: '2026-11-29', employments: 2 },
          { name: 'UPA_202611_003.xml', periodLabel: '2026-11', periodStart: '2026-11-02', periodEnd: '2026-11-29', employments: 1 },
        ],
      }),
      partial: true,
    },
    {
      name: 'Two deliberate defects are announced in warnings',
      input: {
        format: 'summary',
        options: { population: { count: 4 }, period: { startYear: 2026, months: 1 }, defects: { invalidBsn: true, totalsMismatch: true } },
      },
      output: {
        format: 'summary', fileCount: 1, peopleCount: 4,
        warnings: ['2 deliberate defects injected (invalidBsn, totalsMismatch): these files are meant to be rejected by a UPA intake'],
      },
      partial: true,
    },
    {
      name: 'Participant list with one pinned employee',
      input: {
        format: 'participants-csv',
        options: {
          population: { count: 2 },
          period: { startYear: 2026 },
          pinned: [{ bsn: '999993653', initials: 'S', lastName: 'Moulin', birthDate: '1985-12-01', gender: 'V', annualSalary: 42000, scenario: 'standard' }],
        },
      },
      output: { format: 'participants-csv', peopleCount: 2, warnings: [], columns: [...CSV_COLUMNS] },
      partial: true,
    },
  ],
  run(input, ctx) {
    const run = new UpaRun(input, ctx);
    if (input.format === 'summary') return summaryData(run);
    if (input.format === 'participants-csv') return participantsCsvData(run);
    return xmlData(run);
  },
  *streamJson(input, ctx) {
    const run = new UpaRun(input, ctx);
    if (input.format === 'xml') yield* xmlJsonChunks(run);
    else yield JSON.stringify(input.format === 'summary' ? summaryData(run) : participantsCsvData(run));
  },
});
