/**
 * UPA XML serialisation, element order exactly as in the UPA 2026 schema.
 * Written by hand (string pieces, no DOM) so a file of 10,000 employments can
 * be produced in slices with bounded memory.
 */
import type { FieldStates, UpaOptions } from './options.js';
import { iso, type Period } from './periods.js';
import type { IkvRecord, Total } from './records.js';

export const NAMESPACE_BASE = 'http://www.pensioenfederatie.nl/uniformePensioenAangifte';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
export function esc(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ESC[c]);
}

/** Cents (or hundredths of hours) as a decimal with two fraction digits. */
export function dec(n: number): string {
  const neg = n < 0;
  const a = Math.abs(n);
  return `${neg ? '-' : ''}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

const el = (name: string, value: string | number) => `<${name}>${value}</${name}>`;

export interface FileHead {
  namespace: string;
  messageId: string;
  created: string;
  period: Period;
  kind: 'volledig' | 'aanvullend';
  payrollTaxNumber: string;
}

export function fileStart(h: FileHead, totals: Total[], o: UpaOptions, f: FieldStates): string {
  const d = o.declaration;
  const fill = (k: keyof FieldStates) => f[k] === 'fill';
  let s = `<?xml version="1.0" encoding="UTF-8"?>\n<PensioenAangifte xmlns="${h.namespace}" Version="1.0">\n`;
  s += '  <Bericht>';
  s += el('IdBer', h.messageId) + el('DatTdAanm', h.created) + el('ContPers', esc(d.contactPerson)) + el('TelNr', esc(d.phone));
  s += el('RelNr', esc(d.relationNumber)) + el('GebrSwPakket', esc(d.softwarePackage)) + el('IdLcr', esc(d.providerId));
  if (fill('NmLcr')) s += el('NmLcr', esc(d.softwarePackage));
  s += '</Bericht>\n  <AdministratieveEenheid>';
  s += el('LhNr', h.payrollTaxNumber) + el('NmIP', esc(d.employerName)) + el('TvkCd', o.period.periodType);
  s += `\n    <TijdvakAangifte>${el('DatAanvTv', iso(h.period.start))}${el('DatEindTv', iso(h.period.end))}`;
  s += `\n      <${h.kind === 'volledig' ? 'VolledigeAangifte' : 'AanvullendeAangifte'}>\n        <CollectieveAangifte>`;
  if (fill('CollectieveAangifte')) {
    for (const t of totals) {
      s += '\n          <TotaalRegelingen>';
      s += el('RelNrAansl', esc(d.affiliationNumber)) + el('RegKnmrk', esc(t.code));
      if (t.variant !== undefined) s += el('RegVrnt', t.variant);
      s += el('TotRegLn', dec(t.regLn)) + el('TotGrslPremie', dec(t.grslg)) + el('TotPremieReg', dec(t.premie));
      s += el('TotAantVerlUReg', dec(t.hours)) + el('TotIkvReg', t.ikv) + el('TotPersReg', t.persons);
      s += '</TotaalRegelingen>';
    }
  }
  s += '</CollectieveAangifte>\n';
  return s;
}

/** The file's end; `corrections`: the TijdvakCorrectie blocks, which follow the TijdvakAangifte. */
export function fileEnd(h: FileHead, corrections = ''): string {
  return `      </${h.kind === 'volledig' ? 'VolledigeAangifte' : 'AanvullendeAangifte'}>\n    </TijdvakAangifte>\n${corrections}  </AdministratieveEenheid>\n</PensioenAangifte>\n`;
}

/** A withdrawn income relation (InkomstenverhoudingIntrekking): NumIV, SofiNr and PersNr of what was declared. */
export interface Withdrawal {
  numIv: number;
  bsn?: string;
  persNr: string;
}

export function intrekking(w: Withdrawal): string {
  return `        <InkomstenverhoudingIntrekking>${el('NumIV', w.numIv)}${w.bsn !== undefined ? el('SofiNr', w.bsn) : ''}${el('PersNr', w.persNr)}</InkomstenverhoudingIntrekking>\n`;
}

/**
 * The start of a TijdvakCorrectie for an earlier period: its dates and the corrected totals; then the corrected
 * InkomstenverhoudingInitieel (ikv) and withdrawals (intrekking) follow, and `</TijdvakCorrectie>`.
 */
export function correctieStart(p: Period, totals: Total[], o: UpaOptions, f: FieldStates): string {
  const d = o.declaration;
  let s = `    <TijdvakCorrectie>${el('DatAanvTv', iso(p.start))}${el('DatEindTv', iso(p.end))}\n      <CollectieveAangifte>`;
  if (f.CollectieveAangifte === 'fill') {
    for (const t of totals) {
      s += '<TotaalRegelingen>' + el('RelNrAansl', esc(d.affiliationNumber)) + el('RegKnmrk', esc(t.code));
      if (t.variant !== undefined) s += el('RegVrnt', t.variant);
      s += el('TotRegLn', dec(t.regLn)) + el('TotGrslPremie', dec(t.grslg)) + el('TotPremieReg', dec(t.premie));
      s += el('TotAantVerlUReg', dec(t.hours)) + el('TotIkvReg', t.ikv) + el('TotPersReg', t.persons) + '</TotaalRegelingen>';
    }
  }
  return s + '</CollectieveAangifte>\n';
}

export const CORRECTIE_END = '    </TijdvakCorrectie>\n';

const LANGUAGE: Record<string, string> = { nl: 'NL', abroad: 'EN' };

export function ikv(r: IkvRecord, p: Period, o: UpaOptions, f: FieldStates, schemaYear: number): string {
  const fill = (k: keyof FieldStates) => f[k] === 'fill';
  const e = r.emp;
  const d = o.declaration;
  let s = '        <InkomstenverhoudingInitieel>';
  s += el('NumIV', r.numIv) + el('DatAanv', iso(r.start));
  if (r.end !== undefined && fill('DatEind')) s += el('DatEind', iso(r.end));
  if (r.endReason !== undefined && fill('CdRdnEindArbov')) s += el('CdRdnEindArbov', r.endReason);
  s += el('PersNr', r.persNr);

  s += '<NatuurlijkPersoon>';
  if (r.bsn !== undefined) s += el('SofiNr', r.bsn);
  if (fill('Voorl')) s += el('Voorl', esc(e.initials));
  if (e.prefix && fill('Voorv')) s += el('Voorv', esc(e.prefix));
  s += el('SignNm', esc(e.lastName)) + el('Gebdat', iso(e.birthDate));
  if (fill('Nat')) s += el('Nat', e.nationality);
  if (fill('TaalVoorkeur')) s += el('TaalVoorkeur', LANGUAGE[e.address.kind]);
  s += el('Gesl', e.gender);
  if (r.death !== undefined && fill('DatOvl')) s += el('DatOvl', iso(r.death));
  if (fill('CdBurgSt')) s += el('CdBurgSt', r.civilCode);
  if (r.civilDate !== undefined && fill('DtIngBurgSt')) s += el('DtIngBurgSt', iso(r.civilDate));
  if (fill('Email')) s += el('Email', esc(e.email));
  if (fill('Adres')) {
    const a = e.address;
    if (a.kind === 'nl') {
      s += '<AdresBinnenland>' + el('Str', esc(a.street)) + el('HuisNr', a.number);
      if (a.addition !== undefined && fill('HuisNrToev')) s += el('HuisNrToev', esc(a.addition));
      if (fill('LocOms')) s += el('LocOms', 'Woning');
      s += el('Pc', a.postcode) + el('Woonpl', esc(a.place)) + '</AdresBinnenland>';
    } else {
      s += '<AdresBuitenland>' + el('Str', esc(a.street)) + el('HuisNr', a.number);
      if (fill('LocOms')) s += el('LocOms', 'Woning');
      s += el('Pc', esc(a.postcode)) + el('Woonpl', esc(a.place)) + el('LandCd', a.country) + '</AdresBuitenland>';
    }
  }
  s += '</NatuurlijkPersoon>';

  s += '<Inkomstenperiode>' + el('DatAanv', iso(r.ipStart)) + el('SrtIV', r.srtIv);
  if (r.cdAard !== undefined && fill('CdAard')) s += el('CdAard', r.cdAard);
  if (fill('CdInvlVpl')) s += el('CdInvlVpl', 'A');
  if (fill('CAO')) s += el('CAO', Number(d.collectiveAgreement));
  if (fill('IndArbovOnbepTd')) s += el('IndArbovOnbepTd', e.scenario === 'intern' || e.scenario === 'onCall' ? 'N' : 'J');
  if (fill('IndOprov')) s += el('IndOprov', r.onCall ? 'J' : 'N');
  s += el('LbTab', d.taxTable);
  if (fill('CdBeroep')) s += el('CdBeroep', '1000');
  if (fill('FuncOms')) s += el('FuncOms', esc(d.jobDescription));
  if (r.incident !== undefined && fill('CdIncInkVerm')) s += el('CdIncInkVerm', r.incident);
  if (fill('AantUNormWk')) s += el('AantUNormWk', dec(r.normHours));
  if (fill('AantUCntrWk')) s += el('AantUCntrWk', dec(r.contractHours));
  if (fill('PtPerc')) s += el('PtPerc', dec(r.ptPerc));
  if (e.scenario === 'intern' && fill('CdVerbIkv')) s += el('CdVerbIkv', 'BBL');
  s += el('IndGenReg', 'J') + '</Inkomstenperiode>';

  const w = r.wage; // Werknemersgegevens is required by the schema (omit is refused)
  const gross = w.regular + w.holiday;
  s += '<Werknemersgegevens>';
  s += el('LnUBruto', dec(gross)) + el('LnLbPh', dec(gross)) + el('LnSV', dec(gross)) + el('LnTabBB', dec(w.holiday));
  s +=
    el('VakBsl', dec(w.holiday)) +
    el('OpgRchtVakBsl', dec(Math.round(w.regular * 0.08))) +
    el('OpnAvwb', dec(0)) +
    el('OpbAvwb', dec(w.avwb));
  s +=
    el('LnInGld', dec(gross)) +
    el('LnOwrk', dec(0)) +
    el('AantVerlU', Math.round(w.hours / 100)) +
    el('Prov', dec(0)) +
    el('OnrTsl', dec(0));
  if (fill('Dgln') && w.workdays > 0 && w.regular > 0)
    s += '<DagLoon>' + el('Dgln', dec(Math.round(w.regular / w.workdays))) + el('AantDgGew', w.workdays) + '</DagLoon>';
  if (r.leave && fill('Verlof')) s += '<Verlof>' + el('CdSrtVerl', r.leave.code) + el('UrenVerl', dec(r.leave.hours)) + '</Verlof>';
  s += '</Werknemersgegevens>';

  if (fill('Sector')) {
    s += '<Sector>' + el('DatAanvSect', iso(r.start));
    if (r.end !== undefined && fill('DatEindSect')) s += el('DatEindSect', iso(r.end));
    s += el('Sect', Number(d.sector)) + '</Sector>';
  }

  for (const l of r.lines) {
    s += '<RegelingGegevens>' + el('DatAanvRegGeg', iso(l.from)) + el('DatEindRegGeg', iso(l.to));
    s += el('IndEindDln', l.ends ? 'J' : 'N') + el('RelNrAansl', esc(d.affiliationNumber)) + el('RegKnmrk', esc(l.code));
    if (l.variant !== undefined) s += el('RegVrnt', esc(l.variant));
    s += el('RegLn', dec(l.regLn)) + el('PremieGrslg', dec(l.grslg)) + el('PremieTot', dec(l.premie)) + el('PremieWkn', dec(l.wkn));
    s += el('AantVerlUPens', dec(l.hours));
    if (l.leaveHours !== undefined && schemaYear >= 2025 && fill('VerlofUReg')) s += el('VerlofUReg', dec(l.leaveHours));
    s += '</RegelingGegevens>';
  }
  return s + '</InkomstenverhoudingInitieel>\n';
}
