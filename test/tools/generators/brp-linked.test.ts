/**
 * Linked persons: with options.linkedPersons every partner, child and
 * (with includeParents) parent of the `count` persons follows as a full record
 * of its own, and every relation resolves both ways: a partner lists the
 * person as partner (same start date and type), a child lists the person as
 * parent, a parent lists the person as child. Checked in json and in
 * haal-centraal (every record also validated against the OpenAPI Persoon
 * schema), plus csv and gba-totaalfile carry the records too.
 */
import { describe, expect, it } from 'vitest';
import tool from '../../../tools/generators/brp-test-data-generator.js';
import { LIFE_EVENTS } from '../../../tools/generators/brp/options.js';
import { runTool } from '../../helpers/run.js';
import { persoonValidator } from './haal-centraal-schema.js';

const ALL_EVENTS = Object.fromEntries(LIFE_EVENTS.map((e) => [e, 1]));
const SEEDS = [11, 12, 13, 14, 15, 16];
const options = (seed: number, extra: object = {}) => ({
  count: 120,
  seed,
  includeParents: true,
  maxChildren: 4,
  eventMix: ALL_EVENTS,
  linkedPersons: true,
  ...extra,
});

/** A relation: who refers to whom, and the data the reference carries about the referred person. */
interface Ref {
  from: string;
  to: string;
  kind: 'partner' | 'child' | 'parent';
  lastName: string;
  dateOfBirth: string;
  start?: string;
  type?: string;
}
const INVERSE = { partner: 'partner', child: 'parent', parent: 'child' } as const;

/** Check that every reference resolves to a record and is answered by the inverse reference; returns the counts. */
function checkBothWays(records: Array<{ bsn: string; lastName: string; dateOfBirth: string }>, refs: Ref[]) {
  const byBsn = new Map(records.map((r) => [r.bsn, r]));
  expect(byBsn.size, 'BSNs are unique across persons and linked records').toBe(records.length);
  const key = (r: Ref) => `${r.from}>${r.to}:${r.kind}`;
  const all = new Map(refs.map((r) => [key(r), r]));
  for (const r of refs) {
    const target = byBsn.get(r.to);
    expect(target, `${r.from} refers to ${r.kind} ${r.to}, which has no record`).toBeDefined();
    expect(target!.lastName, `${r.kind} ${r.to}: surname`).toBe(r.lastName);
    expect(target!.dateOfBirth, `${r.kind} ${r.to}: date of birth`).toBe(r.dateOfBirth);
    const back = all.get(`${r.to}>${r.from}:${INVERSE[r.kind]}`);
    expect(back, `${r.to} does not refer back to ${r.from} as ${INVERSE[r.kind]}`).toBeDefined();
    if (r.kind === 'partner') expect([back!.start, back!.type]).toEqual([r.start, r.type]);
  }
  return refs.length;
}

describe('brp-test-data-generator linkedPersons', () => {
  it('is off by default, and the first count persons are the same with it on', async () => {
    const off = await runTool(tool, { options: { ...options(5), linkedPersons: false } });
    const on = await runTool(tool, { options: options(5) });
    expect(off.people).toHaveLength(120);
    expect(off.linked).toBeUndefined();
    expect(on.count).toBe(120);
    expect(on.linked).toBeGreaterThan(120);
    expect(on.people).toHaveLength(120 + on.linked);
    expect(on.people.slice(0, 120)).toEqual(off.people);
  });

  it('json: every partner, child and parent is a record of its own that refers back', async () => {
    let refs = 0,
      records = 0;
    for (const seed of SEEDS) {
      const out = await runTool(tool, { options: options(seed) });
      const people = out.people as any[];
      const list: Ref[] = [];
      for (const p of people) {
        for (const x of p.partnerships)
          list.push({
            from: p.bsn,
            to: x.partner.bsn,
            kind: 'partner',
            lastName: x.partner.lastName,
            dateOfBirth: x.partner.dateOfBirth,
            start: x.startDate,
            type: x.type,
          });
        for (const c of p.children) list.push({ from: p.bsn, to: c.bsn, kind: 'child', lastName: c.lastName, dateOfBirth: c.dateOfBirth });
        for (const o of p.parents) list.push({ from: p.bsn, to: o.bsn, kind: 'parent', lastName: o.lastName, dateOfBirth: o.dateOfBirth });
      }
      refs += checkBothWays(people, list);
      records += people.length;
      expect(new Set(people.map((p) => p.aNumber)).size, 'A-nummers unique').toBe(people.length);
      for (const p of people.slice(120)) {
        // Plausible records of their own: dates before the reference date, death after birth, a life event that matches.
        expect(p.dateOfBirth < '20270101').toBe(true);
        if (p.death)
          expect([p.lifeEvent, p.death.date > p.dateOfBirth, p.death.date < '20270101', p.registration.suspensionReason]).toEqual([
            'deceased',
            true,
            true,
            'O',
          ]);
        for (const c of p.children) expect(c.dateOfBirth > p.dateOfBirth).toBe(true);
        for (const o of p.parents) expect(o.dateOfBirth < p.dateOfBirth).toBe(true);
        if (p.address.startDate) expect(p.address.startDate >= p.dateOfBirth).toBe(true);
      }
      // A partner who died (reason O on the person's record) is deceased on that date; one who survived the person
      // has the partnership dissolved by death on the person's death date.
      const byBsn = new Map(people.map((p) => [p.bsn, p]));
      for (const p of people.slice(0, 120)) {
        for (const x of p.partnerships) {
          const q = byBsn.get(x.partner.bsn);
          if (x.dissolutionReason === 'O') expect(q.death?.date).toBe(x.dissolutionDate);
          if (p.death && !x.dissolutionDate) {
            const mirror = q.partnerships.find((y: any) => y.partner.bsn === p.bsn);
            expect([mirror.dissolutionReason, mirror.dissolutionDate]).toEqual(['O', p.death.date]);
          }
        }
      }
    }
    console.log(`linkedPersons json: ${records} records, ${refs} references resolved both ways`);
    expect(refs).toBeGreaterThan(2000);
  });

  it('haal-centraal: partners, kinderen and ouders resolve both ways, and every record validates', async () => {
    const validate = persoonValidator();
    let refs = 0,
      validated = 0;
    for (const seed of SEEDS) {
      const out = await runTool(tool, { format: 'haal-centraal', options: options(seed) });
      const personen = out.personen as any[];
      expect(out.lifeEvents).toHaveLength(personen.length);
      expect(personen).toHaveLength(120 + out.linked);
      const date = (d: any) => d?.datum;
      const records = personen.map((p) => ({
        bsn: p.burgerservicenummer,
        lastName: p.naam.geslachtsnaam,
        dateOfBirth: date(p.geboorte.datum),
      }));
      const list: Ref[] = [];
      for (const p of personen) {
        const from = p.burgerservicenummer;
        for (const x of p.partners ?? [])
          list.push({
            from,
            to: x.burgerservicenummer,
            kind: 'partner',
            lastName: x.naam.geslachtsnaam,
            dateOfBirth: date(x.geboorte?.datum),
            start: date(x.aangaanHuwelijkPartnerschap?.datum),
            type: x.soortVerbintenis.code,
          });
        for (const c of p.kinderen ?? [])
          list.push({
            from,
            to: c.burgerservicenummer,
            kind: 'child',
            lastName: c.naam.geslachtsnaam,
            dateOfBirth: date(c.geboorte?.datum),
          });
        for (const o of p.ouders ?? [])
          list.push({
            from,
            to: o.burgerservicenummer,
            kind: 'parent',
            lastName: o.naam.geslachtsnaam,
            dateOfBirth: date(o.geboorte?.datum),
          });
        const ok = validate(p);
        expect(ok, `${from}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
        validated++;
      }
      refs += checkBothWays(records, list);
    }
    console.log(`linkedPersons haal-centraal: ${validated} persons validated, ${refs} references resolved both ways`);
    expect(refs).toBeGreaterThan(2000);
  });

  it('csv and gba-totaalfile carry the linked records too (one row / line each)', async () => {
    const json = await runTool(tool, { options: options(21, { count: 30 }) });
    const csv = await runTool(tool, { format: 'csv', options: options(21, { count: 30 }) });
    const lo3 = await runTool(tool, { format: 'gba-totaalfile', options: options(21, { count: 30 }) });
    const total = json.people.length;
    expect(csv.content.trimEnd().split('\r\n')).toHaveLength(total + 1);
    expect(lo3.content.trimEnd().split('\n')).toHaveLength(total);
    expect([csv.linked, lo3.linked]).toEqual([json.linked, json.linked]);
  });
});
