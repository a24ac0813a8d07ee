/**
 * Property tests of the BRP generator: for every life event, over many seeds,
 * each person has exactly the content the spec's table describes, with dates in
 * order, and every identification number valid and unique within the call.
 */
import { describe, expect, it } from 'vitest';
import tool from '../../../tools/generators/brp-test-data-generator.js';
import { LIFE_EVENTS, type LifeEvent } from '../../../tools/generators/brp/options.js';
import { FLAT_FIELDS } from '../../../tools/generators/brp/fields.js';
import { isValidBsn } from '../../../tools/_lib/bsn.js';
import { isValidANumber } from '../../../tools/generators/brp/numbers.js';
import { runTool } from '../../helpers/run.js';

type P = Record<string, any>;

const SEEDS = Array.from({ length: 20 }, (_, i) => i * 7919 + 1);
const PER_SEED = 6;

/** Completed years on 1 January of `refYear` (independent of the generator's calendar code). */
function ageOn(dob: string, refYear: number): number {
  return refYear - Number(dob.slice(0, 4)) - (dob.slice(4) === '0101' ? 0 : 1);
}

/** yyyymmdd n years later (29 February → 28 February in a common year). */
function plusYears(d: string, n: number): string {
  const y = Number(d.slice(0, 4)) + n;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return String(y).padStart(4, '0') + (d.slice(4) === '0229' && !leap ? '0228' : d.slice(4));
}

/** Every BSN on a person, relatives included. */
function bsns(p: P): string[] {
  return [p.bsn, ...p.parents.map((x: P) => x.bsn), ...p.partnerships.map((x: P) => x.partner.bsn), ...p.children.map((x: P) => x.bsn)];
}

/** Checks that hold for every person whatever its event. */
function checkCommon(p: P, refYear: number) {
  const ref = `${refYear}0101`;
  expect(p.dateOfBirth < ref).toBe(true);
  for (const b of bsns(p)) expect(isValidBsn(b), b).toBe(true);
  expect(isValidANumber(p.aNumber), p.aNumber).toBe(true);
  expect(p.lastName.length).toBeGreaterThan(0);
  const end = p.death?.date ?? ref;
  // Own dates: after birth, before death / the reference date.
  const own = [
    p.address.startDate,
    p.address.abroadStartDate,
    p.address.investigationStartDate,
    p.previousAddresses[0]?.startDate,
    ...p.partnerships.flatMap((x: P) => [x.startDate, x.dissolutionDate]),
    ...p.children.map((c: P) => c.dateOfBirth),
  ].filter(Boolean);
  for (const d of own) {
    expect(d >= p.dateOfBirth, `${d} after birth ${p.dateOfBirth}`).toBe(true);
    expect(d < end || (d === end && d === p.death?.date), `${d} before ${end}`).toBe(true);
  }
  for (const x of p.partnerships) {
    expect(x.startDate > p.dateOfBirth).toBe(true);
    expect(x.startDate >= plusYears(p.dateOfBirth, 18), `start ${x.startDate} at 18+ (born ${p.dateOfBirth})`).toBe(true);
    expect(x.startDate >= plusYears(x.partner.dateOfBirth, 18), 'partner 18+ at the start').toBe(true);
    expect(x.partner.dateOfBirth < x.startDate).toBe(true);
    if (x.dissolutionDate) expect(x.dissolutionDate > x.startDate).toBe(true);
    expect(['H', 'P']).toContain(x.type);
  }
  // What the law allowed on the start date: registered partnership from 1998-01-01, same-sex marriage from 2001-04-01.
  for (const x of p.partnerships) {
    if (x.type === 'P') expect(x.startDate >= '19980101', `registered partnership from ${x.startDate}`).toBe(true);
    if (x.type === 'H' && x.partner.gender === p.gender)
      expect(x.startDate >= '20010401', `same-sex marriage from ${x.startDate}`).toBe(true);
  }
  if (p.partnerships.length) {
    const firstStart = p.partnerships.map((x: P) => x.startDate).sort()[0];
    for (const c of p.children) expect(c.dateOfBirth > firstStart).toBe(true);
    const days = p.children.map(
      (c: P) => Date.UTC(+c.dateOfBirth.slice(0, 4), +c.dateOfBirth.slice(4, 6) - 1, +c.dateOfBirth.slice(6)) / 86400000,
    );
    for (let i = 1; i < days.length; i++) expect(days[i] - days[i - 1], 'siblings at least 300 days apart').toBeGreaterThanOrEqual(300);
  } else expect(p.children).toEqual([]);
  // LO maximum lengths of every element (flattened through the field table).
  const tooLong: string[] = [];
  for (const f of FLAT_FIELDS) {
    if (!f.element) continue;
    const list = f.category.json === '' ? [p] : f.category.list ? p[f.category.json] : [p[f.category.json]];
    const item = list?.[f.index];
    const path = f.element.key.split('.');
    const v = path.reduce((o: any, k) => o?.[k], item);
    if (v !== undefined && String(v).length > f.element.max) tooLong.push(`${f.key}=${v}`);
  }
  expect(tooLong).toEqual([]);
  if (p.address.postcode !== undefined) expect(p.address.postcode).toMatch(/^[1-9]\d{3}[A-Z]{2}$/);
}

/** What each event must contain (and must not). */
const EVENT_RULES: Record<LifeEvent, (p: P, refYear: number) => void> = {
  plain(p) {
    expect(p.partnerships).toEqual([]);
    expect(p.death).toBeUndefined();
    expect(p.previousAddresses).toEqual([]);
    expect(p.registration.suspensionReason).toBeUndefined();
    expect(p.registration.confidentiality).toBe('0');
    expect(p.address.investigationData).toBeUndefined();
    expect(p.address.function).toBe('W');
  },
  married(p) {
    expect(p.partnerships).toHaveLength(1);
    const [x] = p.partnerships;
    expect(x.type).toBe('H');
    expect(x.dissolutionDate).toBeUndefined();
    expect(isValidBsn(x.partner.bsn)).toBe(true);
    expect(x.partner.lastName).toBeTruthy();
    expect(x.startPlace).toMatch(/^\d{4}$/);
    expect(x.startCountry).toBe('6030');
  },
  registeredPartnership(p) {
    expect(p.partnerships).toHaveLength(1);
    expect(p.partnerships[0].type).toBe('P');
    expect(p.partnerships[0].dissolutionDate).toBeUndefined();
  },
  divorced(p) {
    expect(p.partnerships).toHaveLength(1);
    const [x] = p.partnerships;
    expect(x.dissolutionReason).toBe('S');
    expect(x.dissolutionDate > x.startDate).toBe(true);
    expect(x.partner.dateOfDeath).toBeUndefined();
  },
  widowed(p) {
    expect(p.partnerships).toHaveLength(1);
    const [x] = p.partnerships;
    expect(x.dissolutionReason).toBe('O');
    expect(x.partner.dateOfDeath).toBe(x.dissolutionDate);
  },
  remarried(p) {
    expect(p.partnerships).toHaveLength(2);
    const [current, earlier] = p.partnerships;
    expect(current.dissolutionDate).toBeUndefined();
    expect(['S', 'O']).toContain(earlier.dissolutionReason);
    expect(earlier.startDate < earlier.dissolutionDate).toBe(true);
    expect(earlier.dissolutionDate < current.startDate).toBe(true);
    if (earlier.dissolutionReason === 'O') expect(earlier.partner.dateOfDeath).toBe(earlier.dissolutionDate);
  },
  deceased(p) {
    expect(p.death.date > p.dateOfBirth).toBe(true);
    expect(p.death.place).toMatch(/^\d{4}$/);
    expect(p.death.country).toBe('6030');
    expect(p.registration).toMatchObject({ suspensionReason: 'O', suspensionDate: p.death.date });
  },
  deceasedWithFamily(p, refYear) {
    EVENT_RULES.deceased(p, refYear);
    expect(p.partnerships).toHaveLength(1);
    const [x] = p.partnerships;
    expect(x.dissolutionDate).toBeUndefined();
    expect(x.partner.dateOfDeath).toBeUndefined();
    expect(x.startDate < p.death.date).toBe(true);
    const minors = p.children.filter((c: P) => ageOn(c.dateOfBirth, refYear) < 18);
    expect(minors.length).toBeGreaterThanOrEqual(1);
    for (const c of p.children) expect(c.dateOfBirth < p.death.date).toBe(true);
  },
  minor(p, refYear) {
    expect(ageOn(p.dateOfBirth, refYear)).toBeLessThan(18);
    expect(['1', '2', '12']).toContain(p.custody.indicator);
    expect(p.partnerships).toEqual([]);
  },
  nearRetirement(p, refYear) {
    const age = ageOn(p.dateOfBirth, refYear);
    expect(age).toBeGreaterThanOrEqual(65);
    expect(age).toBeLessThanOrEqual(67);
  },
  livesAbroad(p) {
    const a = p.address;
    // RNI (1999) from its start on 2014-01-06; an earlier emigrant stays in the last Dutch municipality, registered there before leaving.
    if (a.abroadStartDate >= '20140106') expect(a.municipality).toBe('1999');
    else {
      expect(a.municipality).toMatch(/^\d{4}$/);
      expect(a.municipality).not.toBe('1999');
      expect(a.registrationDate < a.abroadStartDate).toBe(true);
    }
    expect(a.country).toMatch(/^\d{4}$/);
    expect(a.country).not.toBe('6030');
    for (const line of [a.line1, a.line2, a.line3]) {
      expect(line.length).toBeGreaterThan(0);
      expect(line.length).toBeLessThanOrEqual(35);
    }
    expect(a.postcode).toBeUndefined();
    expect(a.street).toBeUndefined();
    expect(p.registration).toMatchObject({ suspensionReason: 'E', suspensionDate: a.abroadStartDate });
  },
  movedRecently(p, refYear) {
    expect(p.previousAddresses).toHaveLength(1);
    const prev = p.previousAddresses[0];
    expect(prev.startDate < p.address.startDate).toBe(true);
    expect(prev.postcode).toMatch(/^[1-9]\d{3}[A-Z]{2}$/);
    // Moved within the year before the reference date.
    const ref = Date.UTC(refYear, 0, 1);
    const d = p.address.startDate;
    const since = Date.UTC(Number(d.slice(0, 4)), Number(d.slice(4, 6)) - 1, Number(d.slice(6)));
    expect(ref - since).toBeLessThanOrEqual(366 * 86400000);
  },
  confidential(p) {
    expect(Number(p.registration.confidentiality)).toBeGreaterThanOrEqual(1);
    expect(Number(p.registration.confidentiality)).toBeLessThanOrEqual(7);
  },
  underInvestigation(p) {
    expect(p.address.investigationData).toMatch(/^08\d{4}$/);
    expect(p.address.investigationStartDate > p.address.startDate).toBe(true);
  },
  noFixedAddress(p) {
    expect(p.address.function).toBe('B');
    expect(p.address.postcode).toMatch(/^[1-9]\d{3}[A-Z]{2}$/);
  },
};

describe('brp-test-data-generator: every life event over many seeds', () => {
  for (const event of LIFE_EVENTS) {
    it(`${event}: ${SEEDS.length} seeds × ${PER_SEED} persons`, async () => {
      for (const [i, seed] of SEEDS.entries()) {
        // Registered partnership exists from 1998: its persons need a later reference date.
        const referenceYear = event === 'registeredPartnership' ? [2027, 1999, 2099, 2005][i % 4] : [2027, 1990, 2099, 1950][i % 4];
        const options = {
          count: PER_SEED,
          seed,
          referenceYear,
          eventMix: { [event]: 1 },
          maxChildren: event === 'deceasedWithFamily' ? 1 + (i % 10) : i % 11,
          includeParents: i % 2 === 0,
        };
        const out = await runTool(tool, { options });
        for (const p of out.people) {
          expect(p.lifeEvent).toBe(event);
          checkCommon(p, referenceYear);
          EVENT_RULES[event](p, referenceYear);
          expect(p.children.length).toBeLessThanOrEqual(options.maxChildren);
        }
      }
    });
  }

  it('keeps every age inside minAge..maxAge and the event range', async () => {
    for (const [minAge, maxAge] of [
      [0, 0],
      [17, 17],
      [18, 18],
      [40, 45],
      [120, 120],
      [0, 120],
    ]) {
      const out = await runTool(tool, { options: { count: 200, minAge, maxAge, seed: minAge * 1000 + maxAge } });
      for (const p of out.people) {
        const age = ageOn(p.dateOfBirth, 2027);
        expect(age, `${p.lifeEvent} ${p.dateOfBirth}`).toBeGreaterThanOrEqual(minAge);
        expect(age).toBeLessThanOrEqual(maxAge);
      }
    }
  });

  it('gives unique, valid BSNs and A-nummers across 5,000 persons with relatives', async () => {
    const out = await runTool(tool, { options: { count: 5000, includeParents: true, maxChildren: 10, seed: 99 } });
    const all = out.people.flatMap(bsns);
    expect(all.length).toBeGreaterThan(20000);
    expect(new Set(all).size).toBe(all.length);
    expect(all.every(isValidBsn)).toBe(true);
    const anrs = out.people.map((p: P) => p.aNumber);
    expect(new Set(anrs).size).toBe(anrs.length);
    expect(anrs.every(isValidANumber)).toBe(true);
  });

  it('adds two parents when includeParents is set: mother (1) and father (2) who gives the surname', async () => {
    const out = await runTool(tool, { options: { count: 100, includeParents: true, seed: 3 } });
    for (const p of out.people) {
      expect(p.parents).toHaveLength(2);
      const [mother, father] = p.parents;
      expect(mother.gender).toBe('V');
      expect(father.gender).toBe('M');
      expect(father.lastName).toBe(p.lastName);
      expect(father.prefix).toBe(p.prefix);
      for (const parent of p.parents) {
        expect(parent.dateOfBirth < p.dateOfBirth).toBe(true);
        expect(parent.familyLawDate).toBe(p.dateOfBirth);
      }
    }
    const without = await runTool(tool, { options: { count: 20, seed: 3 } });
    expect(without.people.every((p: P) => p.parents.length === 0)).toBe(true);
  });
});
