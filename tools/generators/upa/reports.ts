/**
 * The three response shapes (xml, summary, participants-csv), each built from
 * a `UpaRun`, and the streaming JSON writer of the xml response.
 */
import { stringify } from 'csv-stringify/sync';
import { ToolError, type ToolContext } from '../../../src/core/tool.js';
import { ZIP_MAX_ENTRIES, ZipWriter } from '../../_lib/zip.js';
import { iso } from './periods.js';
import type { UpaRun, FileMeta } from './generate.js';
import { SCENARIOS, type Scenario } from './options.js';

const money = (cents: number) => cents / 100;

export interface XmlData {
  format: 'xml';
  fileCount: number;
  peopleCount: number;
  warnings: string[];
  files: Array<FileMeta & { content: string }>;
}

export function xmlData(run: UpaRun): XmlData {
  const files: XmlData['files'] = [];
  for (const f of run.files()) files.push({ ...f.meta, content: [...run.fileXml(f.planned, f.group, f.index)].join('') });
  return { format: 'xml', fileCount: run.fileCount, peopleCount: run.population.length, warnings: run.warnings, files };
}

/**
 * The files as one ZIP archive, hosted for 24 hours like render files: one download link instead of a response
 * of up to hundreds of MB. Built file by file, so only the compressed archive (UPA XML deflates about 12×) is held.
 */
/** The largest ZIP one call builds (it is held in memory until hosted); the input caps keep runs below it. */
export const ZIP_MAX_BYTES = 128 * 1024 * 1024;
/** The XML of a file is built in slices of this long on the event loop, between which other calls run. */
const SLICE_MS = 8;

export async function zipData(run: UpaRun, ctx: ToolContext) {
  if (!ctx.render) throw new ToolError('format zip needs hosted files, which this surface does not offer: use format xml', 503);
  // Limits before any work.
  if (run.fileCount > ZIP_MAX_ENTRIES)
    throw new ToolError(
      `This run makes ${run.fileCount.toLocaleString('en')} files and a ZIP holds at most ${ZIP_MAX_ENTRIES.toLocaleString('en')}: ` +
        "put more employments in a file (options.period.splitMode 'chunk' with a larger chunkSize, or 'single'), " +
        'or split the run into several calls by months or people',
      400,
      { field: 'options.period.splitMode' },
    );
  const zip = new ZipWriter();
  const files: FileMeta[] = [];
  let slice = performance.now();
  for (const f of run.files()) {
    const pieces: string[] = [];
    for (const piece of run.fileXml(f.planned, f.group, f.index)) {
      pieces.push(piece);
      if (performance.now() - slice > SLICE_MS) {
        await new Promise((r) => setImmediate(r)); // let other calls run
        if (ctx.signal.aborted) throw new ToolError('The request was cancelled', 408);
        slice = performance.now();
      }
    }
    await zip.addAsync(f.meta.name, pieces.join('')); // compressed off the event loop
    slice = performance.now();
    files.push(f.meta);
    if (zip.size > ZIP_MAX_BYTES)
      throw new ToolError(
        `The ZIP would be larger than ${ZIP_MAX_BYTES / 1024 / 1024} MB: split the run into several calls by months or people`,
        413,
      );
  }
  const { url, expiresAt, bytes, contentType } = await ctx.render().store(zip.finish(), 'application/zip', 'upa-files.zip');
  return {
    format: 'zip' as const,
    fileCount: run.fileCount,
    peopleCount: run.population.length,
    warnings: run.warnings,
    files,
    download: { url, expiresAt, bytes, contentType },
  };
}

/** The JSON text of `xmlData(run)`, file by file and within a file in slices. */
export function* xmlJsonChunks(run: UpaRun): Generator<string> {
  const head = { format: 'xml', fileCount: run.fileCount, peopleCount: run.population.length, warnings: run.warnings };
  yield JSON.stringify(head).slice(0, -1) + ',"files":[';
  let first = true;
  for (const f of run.files()) {
    yield (first ? '' : ',') + JSON.stringify(f.meta).slice(0, -1) + ',"content":"';
    first = false;
    for (const piece of run.fileXml(f.planned, f.group, f.index)) yield JSON.stringify(piece).slice(1, -1);
    yield '"}';
  }
  yield ']}';
}

export interface SummaryTotal {
  schemeCode: string;
  variant: string | null;
  totRegLn: number;
  totGrslPremie: number;
  totPremieReg: number;
  totAantVerlUReg: number;
  totIkvReg: number;
  totPersReg: number;
}

export function summaryData(run: UpaRun) {
  const scenarios = Object.fromEntries(SCENARIOS.map((s) => [s, 0])) as Record<Scenario, number>;
  for (const e of run.population) scenarios[e.scenario]++;
  const files = [];
  for (const f of run.files()) {
    const { totals } = run.records(f.planned, f.group, f.index);
    files.push({
      ...f.meta,
      schemaVersion: run.schemaVersionOf(f.planned.period),
      totals: totals.map((t): SummaryTotal => ({
        schemeCode: t.code,
        variant: t.variant ?? null,
        totRegLn: money(t.regLn),
        totGrslPremie: money(t.grslg),
        totPremieReg: money(t.premie),
        totAantVerlUReg: money(t.hours),
        totIkvReg: t.ikv,
        totPersReg: t.persons,
      })),
    });
  }
  return {
    format: 'summary' as const,
    fileCount: run.fileCount,
    peopleCount: run.population.length,
    warnings: run.warnings,
    seed: run.input.options.population.seed,
    schemeType: run.input.options.schemeType,
    scenarios,
    files,
  };
}

export const CSV_COLUMNS = [
  'bsn',
  'numIv',
  'numIvRehire',
  'persNr',
  'initials',
  'prefix',
  'lastName',
  'birthDate',
  'gender',
  'nationality',
  'household',
  'civilStatusCode',
  'civilStatusDate',
  'scenario',
  'eventPeriod',
  'eventDate',
  'startDate',
  'endDate',
  'endReason',
  'deathDate',
  'annualSalary',
  'partTimePct',
  'partTimePctAfter',
  'country',
  'street',
  'houseNumber',
  'houseNumberAddition',
  'postcode',
  'place',
  'email',
  'partnerName',
  'partnerBirthDate',
  'partnerFund',
  'partnerDeathDate',
  'exPartnerDeathDate',
  'children',
  'deceasedChildren',
  'schemeType',
  'schemes',
  'payrollTaxNumber',
] as const;

export function participantsCsvData(run: UpaRun) {
  const o = run.input.options;
  const d = (x?: number) => (x === undefined ? '' : iso(x));
  const rows = run.population.map((e) => {
    const a = e.address;
    const civil = e.civilChange ?? { code: e.civilCode, date: e.civilSince };
    const p = run.periods[e.eventPeriod];
    const schemes = o.schemes
      .map((s, i) => (s.enabled && e.scenario !== 'intern' ? `${s.schemeCode}${e.variants[i] ? `/${e.variants[i]}` : ''}` : ''))
      .filter(Boolean)
      .join(' ');
    const row: Record<(typeof CSV_COLUMNS)[number], string | number> = {
      bsn: e.bsn,
      numIv: e.numIv,
      numIvRehire: e.numIvRehire ?? '',
      persNr: e.persNr,
      initials: e.initials,
      prefix: e.prefix ?? '',
      lastName: e.lastName,
      birthDate: d(e.birthDate),
      gender: e.gender,
      nationality: e.nationality,
      household: e.household,
      civilStatusCode: civil.code,
      civilStatusDate: d(civil.date),
      scenario: e.scenario,
      eventPeriod: e.scenario === 'standard' ? '' : `${p.year}-${String(p.month).padStart(2, '0')}`,
      eventDate: e.scenario === 'standard' ? '' : d(e.eventDay),
      startDate: d(e.start),
      endDate: d(e.end),
      endReason: e.endReason ?? '',
      deathDate: d(e.death),
      annualSalary: e.salary,
      partTimePct: e.ptPerc,
      partTimePctAfter: e.ptPercAfter ?? '',
      country: a.kind === 'nl' ? 'NL' : a.country,
      street: a.street,
      houseNumber: a.number,
      houseNumberAddition: a.kind === 'nl' ? (a.addition ?? '') : '',
      postcode: a.postcode,
      place: a.place,
      email: e.email,
      partnerName: e.partner?.name ?? '',
      partnerBirthDate: d(e.partner?.birthDate),
      partnerFund: e.partner?.fund ?? '',
      partnerDeathDate: d(e.partner?.deathDate),
      exPartnerDeathDate: d(e.exPartnerDeathDate),
      children: e.children,
      deceasedChildren: e.deceasedChildren,
      schemeType: o.schemeType,
      schemes,
      // LhNr + NumIV identify the income relation (a run over 9999 relations repeats NumIV under other sub-numbers).
      payrollTaxNumber: run.payrollTaxNumbers[e.employer],
    };
    return CSV_COLUMNS.map((c) => row[c]);
  });
  const warnings = [...run.warnings.filter((w) => !w.includes('deliberate defect'))];
  if (Object.values(run.input.options.defects).some(Boolean))
    warnings.push('options.defects only affect format xml; participants-csv lists the correct data');
  return {
    format: 'participants-csv' as const,
    peopleCount: run.population.length,
    warnings,
    columns: [...CSV_COLUMNS],
    csv: stringify([CSV_COLUMNS, ...rows], { record_delimiter: '\n' }),
  };
}
