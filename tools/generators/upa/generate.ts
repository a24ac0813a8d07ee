/**
 * One generator run: checks the cross-field rules, draws the population, plans
 * the files (which employments go in which file) and places the requested
 * defects. Files are then produced one at a time (`fileXml` yields a file's
 * XML in slices), so a caller can stream hundreds of MB with bounded memory.
 */
import { createRng } from '../../_lib/rng.js';
import { ToolError, type ToolContext } from '../../../src/core/tool.js';
import { buildPeriods, iso, type Period } from './periods.js';
import { assignEmployers, buildPopulation, MAX_NUM_IV, type Employment } from './people.js';
import { buildRecords, correctionKind, isPresent, totals, type IkvRecord, type RecordContext, type Total } from './records.js';
import { hash32 } from '../../_lib/rng.js';
import {
  CORRECTIE_END,
  correctieStart,
  fileEnd,
  fileStart,
  ikv,
  intrekking,
  NAMESPACE_BASE,
  type FileHead,
  type Withdrawal,
} from './xml.js';
import { DEFECTS, FIELD_DEFAULTS, REQUIRED_FIELDS, REQUIRED_WHAT, type Defect, type UpaInput } from './options.js';

/** The schema releases shipped with the package (and validated in the test suite). */
export const BUNDLED_SCHEMAS = ['2026-01'] as const;

/** Over MCP the result travels as one message: xml is capped at this many employment-periods (count × months). */
export const MCP_MAX_EMPLOYMENT_PERIODS = 2000;
/** Over MCP, population.count is capped for every format. */
export const MCP_MAX_COUNT = 1000;
/** A run's deadline in the long-job worker, seconds of its own time (the tool's `worker.timeMs`). */
export const UPA_TIME_S = 120;

/** Size of the XML slices `fileXml` yields (characters, approximate). */
const SLICE = 256 * 1024;

export interface FileMeta {
  name: string;
  periodLabel: string;
  periodStart: string;
  periodEnd: string;
  employments: number;
  /** Only when the run has several employers: the file's LhNr. */
  payrollTaxNumber?: string;
}

interface PlannedPeriod {
  period: Period;
  /** Employer index (into `UpaRun.payrollTaxNumbers`). */
  employer: number;
  present: number[];
  /** Employments per file, and the first file's sequence number in its month. */
  groups: number;
  firstSeq: number;
  firstFile: number;
}

interface Site {
  file: number;
  record: number;
  other?: number;
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

export class UpaRun {
  readonly periods: Period[];
  readonly population: Employment[];
  readonly warnings: string[] = [];
  readonly fileCount: number;
  /** LhNr per employer (one unless declaration.payrollTaxNumbers lists several, or NumIV needed sub-numbers). */
  readonly payrollTaxNumbers: string[];
  private readonly plan: PlannedPeriod[] = [];
  private readonly rc: RecordContext;
  private readonly sites = new Map<Defect, Site>();
  private readonly variantOrder: string[][];
  /** Where the run reports how far it is; set once the plan is made (planning walks the files too). */
  private progress: ToolContext['progress'];

  constructor(
    readonly input: UpaInput,
    ctx: Pick<ToolContext, 'surface' | 'progress'>,
  ) {
    const o = input.options;
    checkRules(input, ctx);
    this.periods = buildPeriods(o.period.periodType, o.period.startYear, o.period.startMonth, o.period.months);
    this.schemaChecks();
    const seed = o.population.seed;
    this.variantOrder = o.schemes.map((s) =>
      s.variants
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    );
    this.rc = { opts: o, fields: o.fieldStates, periods: this.periods, seed };
    this.population = buildPopulation(o, this.periods, createRng(seed));
    this.payrollTaxNumbers = this.employers();

    // Plan: who is in which period (per employer), how many files per period, file numbering per <yyyymm>.
    const seqByMonth = new Map<string, number>();
    let files = 0;
    for (const p of this.periods) {
      for (let employer = 0; employer < this.payrollTaxNumbers.length; employer++) {
        const present = this.population.filter((e) => e.employer === employer && isPresent(e, p, this.rc)).map((e) => e.ordinal);
        if (!present.length && this.payrollTaxNumbers.length > 1) continue;
        const mode = o.period.splitMode;
        const groups =
          mode === 'single' ? 1 : mode === 'chunk' ? Math.max(1, Math.ceil(present.length / o.period.chunkSize)) : present.length;
        const key = `${p.year}${pad(p.month, 2)}`;
        const firstSeq = (seqByMonth.get(key) ?? 0) + 1;
        seqByMonth.set(key, firstSeq + groups - 1);
        this.plan.push({ period: p, employer, present, groups, firstSeq, firstFile: files });
        files += groups;
      }
    }
    this.fileCount = files;
    this.placeDefects();
    this.progress = ctx.progress;
    this.progress?.({ message: `${this.plannedText()}; ${files.toLocaleString('en')} files to write`, done: 0, total: files });
  }

  private plannedText(): string {
    return `planned ${this.population.length.toLocaleString('en')} people over ${this.periods.length} ${this.periodWord()}s`;
  }

  /** What one period is called in progress reports: a month, or a four-week period. */
  private periodWord(): string {
    return this.input.options.period.periodType === 'MND' ? 'month' : 'period';
  }

  /**
   * Split the population over the employers and number the income relations.
   * NumIV has at most 4 digits: when one payroll tax number would need more
   * than 9999 numbers, the run uses the next sub-numbers (…L02, …L03) of
   * declaration.payrollTaxNumber, as a large employer does; with an explicit
   * payrollTaxNumbers list it is refused instead.
   */
  private employers(): string[] {
    const d = this.input.options.declaration;
    const explicit = d.payrollTaxNumbers;
    if (explicit) {
      const seen = new Set<string>();
      for (const n of explicit) {
        if (seen.has(n)) throw new ToolError(`options.declaration.payrollTaxNumbers: ${n} is listed twice`, 400);
        seen.add(n);
      }
      if (explicit.length > this.population.length)
        throw new ToolError(
          `options.declaration.payrollTaxNumbers lists ${explicit.length} employers but there are only ${this.population.length} employments`,
          400,
        );
      if (!assignEmployers(this.population, explicit.length))
        throw new ToolError(
          `options.declaration.payrollTaxNumbers: an employer would need more than ${MAX_NUM_IV} income relation numbers (NumIV has 4 digits); list more payroll tax numbers`,
          400,
        );
      return explicit;
    }
    let k = 1;
    while (!assignEmployers(this.population, k)) k++;
    const base = d.payrollTaxNumber;
    const sub = Number(base.slice(10));
    if (sub + k - 1 > 99)
      throw new ToolError(
        `options.declaration.payrollTaxNumber: ${k} sub-numbers are needed for NumIV to stay unique, but ${base} leaves only ${100 - sub}`,
        400,
      );
    const out = Array.from({ length: k }, (_, j) => `${base.slice(0, 10)}${pad(sub + j, 2)}`);
    if (k > 1)
      this.warnings.push(
        `More than ${MAX_NUM_IV} income relations for one payroll tax number (NumIV has 4 digits): the employments are split over the sub-numbers ${out.join(', ')}, each with its own files, so NumIV stays unique per employer and file; the numbering runs on across the sub-numbers (after 9999 it starts again at 1), so a NumIV repeats only under another LhNr: identify a relation by LhNr and NumIV`,
      );
    return out;
  }

  private schemaChecks(): void {
    const explicit = this.input.options.schemaVersion;
    const years = [...new Set(this.periods.map((p) => p.year))];
    if (explicit) {
      const y = Number(explicit.slice(0, 4));
      const outside = years.filter((x) => x !== y);
      if (outside.length)
        throw new ToolError(
          `options.schemaVersion ${explicit} covers periods in ${y} only (a UPA schema enumerates the period dates of its own year), but the periods run into ${outside.join(', ')}: adjust options.period or leave schemaVersion out to follow each period's year`,
          400,
        );
    }
    const missing = [...new Set(this.periods.map((p) => this.schemaVersionOf(p)))].filter(
      (v) => !(BUNDLED_SCHEMAS as readonly string[]).includes(v),
    );
    if (missing.length)
      this.warnings.push(
        `The official UPA schema ${missing.join(', ')} is not available (bundled: ${BUNDLED_SCHEMAS.join(', ')}): those files use namespace ${NAMESPACE_BASE}/<yyyy>/<mm> with the 2026 structure and cannot be checked against an official schema; choose period.startYear 2026 for files that validate against the UPA 2026 XSD`,
      );
  }

  schemaVersionOf(p: Period): string {
    return this.input.options.schemaVersion ?? `${p.year}-01`;
  }

  /** File metadata, in order, without building any XML. */
  *files(): Generator<{ meta: FileMeta; index: number; planned: PlannedPeriod; group: number }> {
    for (const pp of this.plan) {
      for (let g = 0; g < pp.groups; g++) {
        const ids = this.groupIds(pp, g);
        const p = pp.period;
        this.progress?.({
          message: `${this.plannedText()}; writing ${this.periodWord()} ${this.periods.indexOf(p) + 1} of ${this.periods.length} (${p.year}-${pad(p.month, 2)})`,
          done: pp.firstFile + g,
          total: this.fileCount,
        });
        yield {
          index: pp.firstFile + g,
          planned: pp,
          group: g,
          meta: {
            name: `UPA_${p.year}${pad(p.month, 2)}_${pad(pp.firstSeq + g, 3)}.xml`,
            periodLabel: `${p.year}-${pad(p.month, 2)}`,
            periodStart: iso(p.start),
            periodEnd: iso(p.end),
            employments: ids.length,
            ...(this.payrollTaxNumbers.length > 1 ? { payrollTaxNumber: this.payrollTaxNumbers[pp.employer] } : {}),
          },
        };
      }
    }
    this.progress?.({
      message: `${this.plannedText()}; wrote ${this.fileCount.toLocaleString('en')} files`,
      done: this.fileCount,
      total: this.fileCount,
    });
  }

  private groupIds(pp: PlannedPeriod, g: number): number[] {
    const mode = this.input.options.period.splitMode;
    if (mode === 'single') return pp.present;
    const size = mode === 'chunk' ? this.input.options.period.chunkSize : 1;
    return pp.present.slice(g * size, (g + 1) * size);
  }

  /** The declaration lines of one file, with the defects placed in it applied, and its totals. */
  records(pp: PlannedPeriod, g: number, fileIndex: number): { records: IkvRecord[]; totals: Total[] } {
    const records = this.rawRecords(pp, g);
    const here = [...this.sites].filter(([, s]) => s.file === fileIndex);
    for (const [defect, site] of here) if (defect !== 'totalsMismatch') applyDefect(defect, records, site, pp.period, this.input);
    const t = totals(records, this.variantOrder);
    if (here.some(([d]) => d === 'totalsMismatch') && t.length) {
      // The first total whose TotRegLn visibly changes by 10% (at least 5 cents).
      const k = Math.max(
        0,
        t.findIndex((x) => Math.abs(x.regLn) >= 5),
      );
      t[k] = { ...t[k], regLn: Math.round(t[k].regLn * 1.1), premie: Math.round(t[k].premie * 1.1) };
    }
    return { records, totals: t };
  }

  private rawRecords(pp: PlannedPeriod, g: number): IkvRecord[] {
    const out: IkvRecord[] = [];
    for (const id of this.groupIds(pp, g)) out.push(...buildRecords(this.population[id], pp.period, this.rc));
    return out;
  }

  /** The XML of one file, in slices of about 256 KB. */
  *fileXml(pp: PlannedPeriod, g: number, fileIndex: number): Generator<string> {
    const o = this.input.options;
    const { records, totals: t } = this.records(pp, g, fileIndex);
    const p = pp.period;
    const version = this.schemaVersionOf(p);
    const head: FileHead = {
      namespace: `${NAMESPACE_BASE}/${version.slice(0, 4)}/${version.slice(5, 7)}`,
      messageId: `${o.declaration.messageIdPrefix}${o.declaration.administrationId}-${p.year}${pad(p.month, 2)}-${pad(pp.firstSeq + g, 3)}`,
      created: `${iso(p.end + 1)}T09:00:00`,
      period: p,
      kind: o.period.declarationKind,
      payrollTaxNumber: this.payrollTaxNumbers[pp.employer],
    };
    const year = Number(version.slice(0, 4));
    let buf = fileStart(head, t, o, this.rc.fields);
    for (const r of records) {
      buf += ikv(r, p, o, this.rc.fields, year);
      if (buf.length >= SLICE) {
        yield buf;
        buf = '';
      }
    }
    const c = this.corrections(pp, g);
    for (const w of c.withdrawals) buf += intrekking(w);
    let tail = '';
    for (const b of c.blocks) {
      tail += correctieStart(b.period, b.totals, o, this.rc.fields);
      for (const r of b.records) tail += ikv(r, b.period, o, this.rc.fields, year);
      for (const w of b.withdrawals) tail += intrekking(w);
      tail += CORRECTIE_END;
    }
    yield buf + fileEnd(head, tail);
  }

  /**
   * The corrections of an aanvullend file (options.corrections), as the UPA 2026 schema defines them:
   * - withdrawals (InkomstenverhoudingIntrekking) of the file's period: `withdrawals` employments, in a seeded
   *   order, that a full declaration of the period holds and that no aanvullend file of the run corrects (first
   *   file of the period and employer only);
   * - one TijdvakCorrectie for each of the `periodCorrections` run periods of the same year right before the
   *   file's period (the schema enumerates only its own year's periods): the employments of this file whose
   *   back-dated 2% raise reaches back into that period, with their corrected lines and totals, and (first file
   *   only) `withdrawals` further employments of that period withdrawn. No relation is withdrawn twice.
   */
  corrections(
    pp: PlannedPeriod,
    g: number,
  ): { withdrawals: Withdrawal[]; blocks: Array<{ period: Period; records: IkvRecord[]; totals: Total[]; withdrawals: Withdrawal[] }> } {
    const o = this.input.options;
    const none = { withdrawals: [], blocks: [] };
    if (o.period.declarationKind !== 'aanvullend') return none;
    const { periodCorrections, withdrawals: k } = o.corrections;
    const p = pp.period;
    const full: RecordContext = { ...this.rc, opts: { ...o, period: { ...o.period, declarationKind: 'volledig' } } };
    const seed = this.rc.seed;
    // Withdrawal candidates: employments of this employer that no aanvullend file of the run corrects, so a
    // withdrawn relation is never also corrected. Per period they are ranked once (seeded); the file of period p
    // withdraws slot p − q of that ranking for period q, so no relation is withdrawn twice.
    const employer = this.population.filter(
      (e) => e.employer === pp.employer && this.periods.every((x) => !correctionKind(e, x.index, seed)),
    );
    const withdraw = (q: Period): Withdrawal[] => {
      if (g !== 0 || k === 0) return [];
      const slot = p.index - q.index;
      return employer
        .filter((e) => isPresent(e, q, full))
        .map((e) => ({ e, h: hash32(`${seed}:withdraw:${q.index}:${e.ordinal}`) }))
        .sort((a, b) => a.h - b.h || a.e.ordinal - b.e.ordinal)
        .slice(slot * k, slot * k + k)
        .sort((a, b) => a.e.ordinal - b.e.ordinal)
        .flatMap(({ e }) => buildRecords(e, q, full).map((r) => ({ numIv: r.numIv, bsn: r.bsn, persNr: r.persNr })));
    };
    const isRaise = (e: Employment) => correctionKind(e, p.index, seed) === 'raise';
    const raised = this.groupIds(pp, g)
      .map((id) => this.population[id])
      .filter(isRaise);
    const earlier =
      periodCorrections === 0 ? [] : this.periods.filter((q) => q.index < p.index && q.year === p.year).slice(-periodCorrections);
    const blocks = earlier
      .map((q) => {
        const rs = raised.filter((e) => isPresent(e, q, full)).flatMap((e) => buildRecords(e, q, full, true));
        return { period: q, records: rs, totals: totals(rs, this.variantOrder), withdrawals: withdraw(q) };
      })
      .filter((b) => b.records.length > 0 || b.withdrawals.length > 0);
    return { withdrawals: withdraw(p), blocks };
  }

  /**
   * Decide where each requested defect goes. Every defect gets an employment of
   * its own (never one that carries another defect, nor a rehire's double
   * record), so each is present exactly once and stays detectable whatever else
   * is switched on: the pair defects (duplicateBsn, duplicateNumIv) take two
   * untouched employments of one file. Defects with the narrowest choice are
   * placed first; a defect that finds no place is refused (400).
   */
  private placeDefects(): void {
    const wanted = DEFECTS.filter((d) => this.input.options.defects[d]);
    if (!wanted.length) return;
    const used = new Set<number>();
    const pending = new Set<Defect>(wanted);
    const fill = this.rc.fields;
    for (const f of this.files()) {
      if (!pending.size) break;
      const records = this.rawRecords(f.planned, f.group);
      const perEmp = new Map<number, number>();
      for (const r of records) perEmp.set(r.emp.ordinal, (perEmp.get(r.emp.ordinal) ?? 0) + 1);
      const free = (r: IkvRecord) => perEmp.get(r.emp.ordinal) === 1 && !used.has(r.emp.ordinal);
      const take = (d: Defect, ok: (r: IkvRecord) => boolean, needOther = false) => {
        if (!pending.has(d)) return;
        const i = records.findIndex((r) => free(r) && ok(r));
        if (i < 0) return;
        let other: number | undefined;
        if (needOther) {
          other = records.findIndex((r, k) => k !== i && free(r));
          if (other < 0) return;
          used.add(records[other].emp.ordinal);
        }
        used.add(records[i].emp.ordinal);
        this.sites.set(d, { file: f.index, record: i, other });
        pending.delete(d);
      };
      const any = () => true;
      const withLine = (r: IkvRecord) => r.lines.length > 0;
      if (pending.has('totalsMismatch') && fill.CollectieveAangifte === 'fill' && records.some((r) => r.lines.some((l) => l.regLn >= 5))) {
        this.sites.set('totalsMismatch', { file: f.index, record: -1 });
        pending.delete('totalsMismatch');
      }
      take('negativeAmount', (r) => withLine(r) && r.lines[0].regLn > 0 && r.lines[0].grslg > 0);
      if (fill.AantUNormWk === 'fill') take('zeroNormHours', withLine);
      take('endBeforeStart', withLine);
      take('dateOutsidePeriod', withLine);
      take('unknownRegVrnt', withLine);
      take('duplicateBsn', any, true);
      take('duplicateNumIv', any, true);
      take('invalidBsn', any);
      take('missingMandatory', any);
    }
    if (pending.size) {
      const pair =
        'no file holds two employments free of other defects (use splitMode single or chunk with a larger chunkSize, or a larger population.count)';
      const lines = 'no employment with scheme lines is left free of other defects';
      const why: Record<Defect, string> = {
        invalidBsn: 'no employment is left free of other defects',
        missingMandatory: 'no employment is left free of other defects',
        duplicateBsn: pair,
        duplicateNumIv: pair,
        totalsMismatch:
          'no file has scheme lines with a positive RegLn and totals (enable a scheme; fieldStates.CollectieveAangifte must be fill)',
        endBeforeStart: lines,
        dateOutsidePeriod: lines,
        unknownRegVrnt: lines,
        negativeAmount: 'no scheme line with a positive RegLn and PremieGrslg is left free of other defects',
        zeroNormHours:
          'no employment with scheme lines and AantUNormWk is left free of other defects (fieldStates.AantUNormWk must be fill)',
      };
      const list = DEFECTS.filter((d) => pending.has(d));
      throw new ToolError(
        `options.defects: cannot inject ${list.map((d) => `${d} (${why[d]})`).join('; ')}; each defect needs an employment of its own`,
        400,
      );
    }
    this.warnings.push(
      `${wanted.length} deliberate defect${wanted.length === 1 ? '' : 's'} injected (${wanted.join(', ')}): these files are meant to be rejected by a UPA intake`,
    );
  }
}

function applyDefect(defect: Defect, records: IkvRecord[], site: Site, p: Period, input: UpaInput): void {
  const r = records[site.record];
  const line = r.lines[0];
  switch (defect) {
    case 'invalidBsn': {
      // Change the check digit: the weighted sum moves by ±1, so the 11-check fails; the pattern stays valid.
      const b = r.bsn!;
      r.bsn = b.slice(0, 8) + String((Number(b[8]) + 1) % 10);
      break;
    }
    case 'missingMandatory':
      r.bsn = undefined;
      break;
    case 'duplicateBsn':
      records[site.other!].bsn = r.emp.bsn;
      break;
    case 'duplicateNumIv':
      records[site.other!].numIv = r.numIv;
      break;
    case 'endBeforeStart':
      line.to = line.from - 1;
      break;
    case 'dateOutsidePeriod': {
      const d = new Date(p.start * 86_400_000);
      d.setUTCMonth(d.getUTCMonth() - 1);
      line.from = d.getTime() / 86_400_000;
      break;
    }
    case 'unknownRegVrnt': {
      const known = new Set(input.options.schemes[line.scheme].variants.split(',').map((v) => v.trim()));
      let code = 'XX';
      for (let i = 1; known.has(code); i++) code = `XX${i}`;
      line.variant = code;
      break;
    }
    case 'negativeAmount':
      line.regLn = -line.regLn;
      line.grslg = -line.grslg;
      break;
    case 'zeroNormHours':
      r.normHours = 0;
      break;
    case 'totalsMismatch':
      break;
  }
}

function checkRules(input: UpaInput, ctx: Pick<ToolContext, 'surface'>): void {
  const o = input.options;
  const pop = o.population;
  if (pop.maxAge < pop.minAge)
    throw new ToolError(`options.population.maxAge (${pop.maxAge}) must not be lower than options.population.minAge (${pop.minAge})`, 400);
  if (pop.maxSalary < pop.minSalary)
    throw new ToolError(
      `options.population.maxSalary (${pop.maxSalary}) must not be lower than options.population.minSalary (${pop.minSalary})`,
      400,
    );
  const h = o.household;
  const sum = h.pctMarried + h.pctCohabiting + h.pctDivorced + h.pctWidowed;
  if (sum > 100)
    throw new ToolError(`options.household: pctMarried + pctCohabiting + pctDivorced + pctWidowed must not exceed 100 (got ${sum})`, 400);
  if (o.declaration.maxPensionableSalary <= o.declaration.franchise)
    throw new ToolError(
      `options.declaration.maxPensionableSalary (${o.declaration.maxPensionableSalary}) must be greater than options.declaration.franchise (${o.declaration.franchise})`,
      400,
    );
  const enabled = o.schemes.filter((s) => s.enabled);
  if (!enabled.length) throw new ToolError('options.schemes: at least one scheme must be enabled', 400);
  const codes = new Set<string>();
  for (const s of enabled) {
    if (codes.has(s.schemeCode)) throw new ToolError(`options.schemes: schemeCode ${s.schemeCode} is used by two enabled schemes`, 400);
    codes.add(s.schemeCode);
  }
  if (o.period.declarationKind !== 'aanvullend' && (o.corrections.periodCorrections > 0 || o.corrections.withdrawals > 0))
    throw new ToolError(
      'options.corrections: period corrections and withdrawals belong in supplementary declarations; set options.period.declarationKind to aanvullend',
      400,
      { field: 'options.corrections' },
    );
  if (o.pinned.length > pop.count)
    throw new ToolError(
      `options.pinned has ${o.pinned.length} entries but options.population.count is ${pop.count}: pinned employments must fit in the population`,
      400,
    );
  for (const f of REQUIRED_FIELDS)
    if (o.fieldStates[f] === 'omit')
      throw new ToolError(
        `options.fieldStates.${f}: omit is not possible, the UPA 2026 schema requires ${REQUIRED_WHAT[f] ?? f}${REQUIRED_WHAT[f] ? '' : ' (use options.defects.missingMandatory for a deliberately incomplete file)'}`,
        400,
        { field: `options.fieldStates.${f}` },
      );
  if (ctx.surface === 'mcp-http' || ctx.surface === 'mcp-stdio') {
    if (pop.count > MCP_MAX_COUNT)
      throw new ToolError(
        `options.population.count: at most ${MCP_MAX_COUNT} over MCP (up to 10000 over REST, which streams the response)`,
        400,
      );
    const ep = pop.count * o.period.months;
    if (input.format === 'xml' && ep > MCP_MAX_EMPLOYMENT_PERIODS)
      throw new ToolError(
        `options.population.count × options.period.months is ${ep}; format xml over MCP allows at most ${MCP_MAX_EMPLOYMENT_PERIODS} (use REST for larger runs, or format summary)`,
        400,
      );
  }
}

export { FIELD_DEFAULTS };
