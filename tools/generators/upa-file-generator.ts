import { z } from 'zod';
import { defineTool, type ToolContext } from '../../src/core/tool.js';
import { inputSchema, type UpaInput } from './upa/options.js';
import { UPA_DOCS } from './upa/docs.js';
import { MCP_MAX_COUNT, MCP_MAX_EMPLOYMENT_PERIODS, UPA_TIME_S, UpaRun } from './upa/generate.js';
import { UPA_OUTPUT_SIZE } from './upa/size.js';
import { CSV_COLUMNS, participantsCsvData, summaryData, xmlData, xmlJsonChunks, zipData } from './upa/reports.js';

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
  warnings: z
    .array(z.string())
    .describe('Deliberate defects (count, and that the files are meant to be rejected); schema versions not bundled'),
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
        totals: z
          .array(
            z.object({
              schemeCode: z.string(),
              variant: z.string().nullable(),
              totRegLn: z.number(),
              totGrslPremie: z.number(),
              totPremieReg: z.number(),
              totAantVerlUReg: z.number(),
              totIkvReg: z.int(),
              totPersReg: z.int(),
            }),
          )
          .describe('The TotaalRegelingen of the file, amounts in euros'),
      }),
    ),
  }),
  z.object({
    format: z.literal('zip'),
    fileCount: z.int(),
    ...common,
    files: z.array(z.object(fileMeta)).describe('The files in the archive, in order'),
    download: z
      .object({ url: z.string(), expiresAt: z.string(), bytes: z.int(), contentType: z.string() })
      .describe('The hosted archive (24 hours; a file:// URL over stdio)'),
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
  worker: {
    reason: 'a large run takes seconds (10,000 people: ~1 s to plan, ~1.3 s of XML per 3 months)',
    timeMs: UPA_TIME_S * 1000,
    pool: 'long',
  },
  name: 'generate_upa_files',
  title: 'UPA pension declaration generator',
  summary: 'Synthetic Dutch UPA pension declaration files for testing a pension administration.',
  keywords: {
    en: ['UPA', 'pension declaration', 'pension fund', 'payroll XML', 'test files', 'employer', 'pension', 'pension XML', 'UPA files'],
    nl: ['upa', 'uniforme pensioenaangifte', 'pensioenfonds', 'pensioenaangifte', 'testbestanden', 'pensioen', 'upa bestanden', 'aangifte'],
  },
  description: [
    "Generates synthetic Dutch UPA (Uniforme Pensioenaangifte) pension declaration files for testing a pension fund's intake: per period, every employment (InkomstenverhoudingInitieel) with wages, part-time data and a RegelingGegevens line per scheme, plus the TotaalRegelingen. Deterministic: the same options (population.seed) give byte-identical files.",
    'format xml: files [{name, periodLabel, periodStart, periodEnd, employments, content}]; summary: the same list with totals in euros instead of XML; participants-csv: one CSV row per employment, with the household data the XML has no room for; zip: the files as one hosted .zip download (24 h).',
    'Defect-free files for 2026 periods validate against the official UPA 2026 XSD; period.startYear defaults to 2027 (other years get the 2026 structure and a warning), so set 2026 for checkable files.',
    'Options (sections, all optional): population, period (MND or four-weekly VWK; volledig or aanvullend = corrections only; split modes), corrections (aanvullend: period corrections, withdrawals), household, scenarioMix (employment and life-event scenarios), defects (deliberate errors, announced in warnings), declaration, schemes, fieldStates (fill/omit per element), pinned employees.',
    `Limits: over MCP population.count ≤ ${MCP_MAX_COUNT} and, for xml, count × months ≤ ${MCP_MAX_EMPLOYMENT_PERIODS}; REST up to 10,000 employments and 36 periods.`,
    'Priced by size: 1 credit per started 10 MB of the largest answer the options can make (about 2.3 KB per employment per period with one scheme), charged before the run; at most 1 GB a call (formula in OpenAPI).',
  ].join(' '),
  docs: UPA_DOCS,
  outputSize: UPA_OUTPUT_SIZE,
  resultView: { kind: 'file', field: ['files', ''], or: { kind: 'record', field: '' } },
  input: inputSchema,
  output,
  strictNumbers: true, // generators.md: values the spec does not state are refused, numeric strings included
  examples: [
    {
      name: 'Three employments, one month of 2026 (one XSD-valid file)',
      input: { format: 'xml', options: { population: { count: 3 }, period: { startYear: 2026, startMonth: 1, months: 1 } } },
      output: partialData({
        format: 'xml',
        fileCount: 1,
        peopleCount: 3,
        warnings: [],
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
        format: 'summary',
        fileCount: 6,
        peopleCount: 5,
        warnings: [],
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
        format: 'summary',
        fileCount: 1,
        peopleCount: 4,
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
          pinned: [
            {
              bsn: '999993653',
              initials: 'S',
              lastName: 'Moulin',
              birthDate: '1985-12-01',
              gender: 'V',
              annualSalary: 42000,
              scenario: 'standard',
            },
          ],
        },
      },
      output: { format: 'participants-csv', peopleCount: 2, warnings: [], columns: [...CSV_COLUMNS] },
      partial: true,
    },
  ],
  run: generate,
  // Files of many MB stream as they are made; the other formats are one piece.
  async *streamJson(input, ctx) {
    if (input.format === 'xml') yield* xmlJsonChunks(new UpaRun(input, ctx));
    else yield JSON.stringify(await generate(input, ctx));
  },
});

function generate(input: UpaInput, ctx: ToolContext) {
  const run = new UpaRun(input, ctx);
  if (input.format === 'zip') return zipData(run, ctx);
  if (input.format === 'summary') return summaryData(run);
  if (input.format === 'participants-csv') return participantsCsvData(run);
  return xmlData(run);
}
