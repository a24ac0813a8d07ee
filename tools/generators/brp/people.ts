/**
 * Builds test persons: one life event per person, every date derived from the
 * reference date (1 January of `referenceYear`), so the output depends on the
 * options and the seed only. Each person draws from its own forked stream, so
 * the first n persons of a larger `count` are the same n persons.
 *
 * Date order guaranteed for every person: birth < partnership start <
 * dissolution < next start; children after the start of the first
 * partnership; every date before death (if any) and before the reference date.
 */
import { createRng, type Rng } from '../../_lib/rng.js';
import { addYears, dayOf, loDate, type Day } from './calendar.js';
import { brpData, type BrpData } from './data.js';
import type { Block } from './fields.js';
import { NumberPool } from './numbers.js';
import { EVENT_AGES, type EffectiveOptions, type LifeEvent } from './options.js';

export interface Person {
  lifeEvent: LifeEvent;
  /** Category 01. */
  person: Block;
  /** Categories 02 and 03 (when includeParents). */
  parents: Block[];
  nationalities: Block[];
  /** Category 05 occurrences, the current partnership first. */
  partnerships: Block[];
  death?: Block;
  registration: Block;
  address: Block;
  /** Category 58 (movedRecently). */
  previousAddresses: Block[];
  children: Block[];
  custody?: Block;
}

const NL = '6030';
const RNI_MUNICIPALITY = '1999';
/** The GBA started on 1 October 1994: the earliest first-registration date. */
const GBA_START = dayOf(1994, 10, 1);
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DAYS_PER_YEAR = 365;
/** Fewest days between the births of two siblings. */
const SIBLING_GAP = 300;

type Gender = 'M' | 'V' | 'O';

/** A uniformly drawn day in [lo, hi] (lo when the window is empty; the windows below are built non-empty). */
function span(rng: Rng, lo: Day, hi: Day): Day {
  return hi <= lo ? lo : rng.int(lo, hi);
}

export class PersonFactory {
  private readonly data: BrpData = brpData();
  private readonly pool = new NumberPool();
  private readonly refYear: number;
  /** The reference date: 1 January of referenceYear. */
  private readonly ref: Day;
  private readonly exoticNames: number;
  private readonly exoticStreets: number;
  private readonly affix: number;
  private readonly houseAddition: number;
  private readonly root: Rng;

  constructor(
    private readonly o: EffectiveOptions,
    private readonly events: LifeEvent[],
    private readonly weights: number[],
  ) {
    this.refYear = o.referenceYear;
    this.ref = dayOf(o.referenceYear, 1, 1);
    this.exoticNames = o.pctExoticNames / 100;
    this.exoticStreets = o.pctExoticStreets / 100;
    this.affix = o.pctAffix / 100;
    this.houseAddition = o.pctHouseAddition / 100;
    this.root = createRng(o.seed);
  }

  next(): Person {
    const rng = this.root.fork('person');
    const R = this.ref;
    const event = rng.weighted(this.events, this.weights);
    const [lo, hi] = EVENT_AGES[event];
    const a0 = Math.max(lo, this.o.minAge), a1 = Math.min(hi, this.o.maxAge);
    // Age a1 ⇔ born from 2 January of refYear−a1−1; age a0 ⇔ born by 31 December of refYear−a0−1.
    const birth = span(rng, dayOf(this.refYear - a1 - 1, 1, 2), dayOf(this.refYear - a0, 1, 1) - 1);
    const gender = this.gender(rng);
    const bornAbroad = rng.chance(0.08);
    const [prefix, lastName] = this.surname(rng);
    const p: Person = {
      lifeEvent: event,
      person: {
        aNumber: this.pool.aNumber(rng),
        bsn: this.pool.bsn(rng),
        firstNames: this.firstNames(rng, gender),
        ...(prefix ? { prefix } : {}),
        lastName,
        dateOfBirth: loDate(birth),
        ...this.birthPlace(rng, birth, bornAbroad),
        gender,
        nameUse: 'E',
      },
      parents: [],
      nationalities: [{ nationality: bornAbroad && rng.chance(0.5) ? rng.pick(this.data.nationalities.other) : this.data.nationalities.dutch }],
      partnerships: [],
      registration: {},
      address: {},
      previousAddresses: [],
      children: [],
    };

    let lastDay = R - 1; // the last day the person lived at or before the reference date
    let childWindow: [Day, Day] | undefined;
    const fixedChildren: Day[] = [];
    let suspension: [Day, string] | undefined;
    let addressStart: Day | undefined;
    const adult = addYears(birth, 18);

    switch (event) {
      case 'married':
      case 'registeredPartnership': {
        const start = span(rng, adult, Math.min(addYears(birth, 50), R - 1));
        p.partnerships.push(this.partnership(rng, event === 'married' ? 'H' : 'P', gender, birth, start));
        childWindow = [start + 1, R - 1];
        break;
      }
      case 'divorced':
      case 'widowed': {
        const start = span(rng, adult, Math.min(addYears(birth, 55), R - 2));
        const end = span(rng, start + 1, Math.min(addYears(start, 25), R - 1));
        p.partnerships.push(this.partnership(rng, rng.chance(0.85) ? 'H' : 'P', gender, birth, start, end, event === 'divorced' ? 'S' : 'O'));
        childWindow = [start + 1, end];
        break;
      }
      case 'remarried': {
        const s1 = span(rng, adult, Math.min(addYears(birth, 45), R - 3));
        const e1 = span(rng, s1 + 1, Math.min(addYears(s1, 20), R - 2));
        const s2 = span(rng, e1 + 1, Math.min(addYears(e1, 15), R - 1));
        const earlier = this.partnership(rng, 'H', gender, birth, s1, e1, rng.chance(0.7) ? 'S' : 'O');
        p.partnerships.push(this.partnership(rng, rng.chance(0.85) ? 'H' : 'P', gender, birth, s2), earlier);
        childWindow = [s1 + 1, R - 1];
        break;
      }
      case 'deceased': {
        lastDay = span(rng, Math.max(birth + 1, addYears(R, -20)), R - 1);
        break;
      }
      case 'deceasedWithFamily': {
        const start = span(rng, adult, Math.min(addYears(birth, 45), R - 3));
        lastDay = span(rng, Math.max(start + 2, addYears(R, -5)), R - 1);
        p.partnerships.push(this.partnership(rng, rng.chance(0.8) ? 'H' : 'P', gender, birth, start));
        // The minor child first: born after the start, before the death, and under 18 on the reference date.
        const minorChild = span(rng, Math.max(start + 1, addYears(R, -18) + 1), lastDay - 1);
        p.children.push(this.child(rng, minorChild, p));
        fixedChildren.push(minorChild);
        childWindow = [start + 1, lastDay - 1];
        break;
      }
      case 'minor':
        p.custody = { indicator: rng.weighted(['12', '1', '2'], [8, 1, 1]) };
        break;
      case 'livesAbroad': {
        const emigration = span(rng, Math.max(birth + 1, addYears(R, -15)), R - 1);
        p.address = this.abroadAddress(rng, emigration);
        suspension = [emigration, 'E'];
        break;
      }
      case 'movedRecently': {
        addressStart = span(rng, Math.max(birth + 1, R - DAYS_PER_YEAR), R - 1);
        const before = span(rng, Math.max(birth, addYears(addressStart, -20)), addressStart - 1);
        p.previousAddresses.push(this.dutchAddress(rng, before));
        break;
      }
      default:
        break; // plain, nearRetirement, confidential, underInvestigation, noFixedAddress: see below
    }

    if (event === 'deceased' || event === 'deceasedWithFamily') {
      p.death = { date: loDate(lastDay), place: this.municipality(rng, lastDay)[0], country: NL };
      suspension = [lastDay, 'O'];
    }

    if (event !== 'livesAbroad') {
      if (addressStart === undefined) {
        const hi = Math.min(Math.max(birth, R - DAYS_PER_YEAR - 1), lastDay);
        addressStart = span(rng, Math.min(Math.max(birth, addYears(R, -30)), hi), hi);
      }
      p.address = this.dutchAddress(rng, addressStart);
      if (event === 'noFixedAddress') p.address.function = 'B';
      if (event === 'underInvestigation') {
        p.address.investigationData = rng.pick(['080000', '081100', '089999']);
        p.address.investigationStartDate = loDate(span(rng, Math.max(addressStart + 1, addYears(R, -2)), R - 1));
      }
    }

    if (childWindow && this.o.maxChildren > 0) this.addChildren(rng, p, birth, childWindow, fixedChildren);
    if (p.partnerships.length && !p.partnerships[0].dissolutionDate && rng.chance(0.3)) p.person.nameUse = rng.pick(['V', 'P', 'N']);
    if (this.o.includeParents) this.addParents(rng, p, birth);

    const firstRegistration = birth >= GBA_START || GBA_START > lastDay ? birth : GBA_START;
    p.registration = {
      ...(suspension ? { suspensionDate: loDate(suspension[0]), suspensionReason: suspension[1] } : {}),
      firstRegistrationDate: loDate(firstRegistration),
      confidentiality: event === 'confidential' ? String(rng.int(1, 7)) : '0',
    };
    return p;
  }

  private gender(rng: Rng): Gender {
    return rng.chance(0.005) ? 'O' : rng.chance(0.5) ? 'M' : 'V';
  }

  private firstNames(rng: Rng, gender: Gender): string {
    const male = gender === 'M' || (gender === 'O' && rng.chance(0.5));
    const d = this.data;
    if (rng.chance(this.exoticNames)) {
      const exotic = rng.pick(male ? d.exoticMaleFirstNames : d.exoticFemaleFirstNames);
      return rng.chance(0.3) ? `${exotic} ${rng.pick(male ? d.maleFirstNames : d.femaleFirstNames)}` : exotic;
    }
    const list = male ? d.maleFirstNames : d.femaleFirstNames;
    const n = rng.weighted([1, 2, 3], [5, 3, 2]);
    const names = [rng.pick(list)];
    while (names.length < n) {
      const next = rng.pick(list);
      if (!names.includes(next)) names.push(next);
    }
    return names.join(' ');
  }

  /** [prefix ('' when none), surname]. */
  private surname(rng: Rng): [string, string] {
    const exotic = rng.chance(this.exoticNames);
    const d = this.data;
    if (rng.chance(this.affix)) return rng.pick(exotic ? d.exoticAffixSurnames : d.affixSurnames);
    return ['', rng.pick(exotic ? d.exoticSurnames : d.surnames)];
  }

  private name(rng: Rng, gender: Gender, surname?: [string, string]): Block {
    const [prefix, lastName] = surname ?? this.surname(rng);
    return { bsn: this.pool.bsn(rng), firstNames: this.firstNames(rng, gender), ...(prefix ? { prefix } : {}), lastName };
  }

  /** A municipality that existed on `day`. */
  private municipality(rng: Rng, day: Day) {
    const m = rng.pick(this.data.municipalities);
    return m[4] === 0 || dayOf(m[4], 1, 1) <= day ? m : this.data.municipalities[0];
  }

  private birthPlace(rng: Rng, birth: Day, abroad: boolean): Block {
    if (abroad) {
      const [country, place] = rng.pick(this.data.foreignBirthCountries);
      return { birthPlace: place, birthCountry: country };
    }
    return { birthPlace: this.municipality(rng, birth)[0], birthCountry: NL };
  }

  private partnership(rng: Rng, type: 'H' | 'P', gender: Gender, birth: Day, start: Day, end?: Day, reason?: 'S' | 'O'): Block {
    const sameSex = gender !== 'O' && rng.chance(0.06);
    const partnerGender: Gender = gender === 'O' ? this.gender(rng) : sameSex ? gender : gender === 'M' ? 'V' : 'M';
    // About the same age, and at least 18 on the start date.
    const partnerBirth = Math.min(birth + rng.int(-6 * DAYS_PER_YEAR, 6 * DAYS_PER_YEAR), addYears(start, -18));
    const b: Block = {};
    for (const [k, v] of Object.entries(this.name(rng, partnerGender))) b[`partner.${k}`] = v;
    b['partner.dateOfBirth'] = loDate(partnerBirth);
    b['partner.gender'] = partnerGender;
    b.startDate = loDate(start);
    b.startPlace = this.municipality(rng, start)[0];
    b.startCountry = NL;
    if (end !== undefined && reason) {
      if (reason === 'O') b['partner.dateOfDeath'] = loDate(end);
      b.dissolutionDate = loDate(end);
      b.dissolutionPlace = this.municipality(rng, end)[0];
      b.dissolutionCountry = NL;
      b.dissolutionReason = reason;
    }
    b.type = type;
    return b;
  }

  /** Children's surname: the father's, else the person's own. */
  private childSurname(p: Person): [string, string] {
    const partner = p.partnerships[p.partnerships.length - 1];
    const fromPartner = p.person.gender !== 'M' && partner?.['partner.gender'] === 'M';
    return fromPartner ? [partner['partner.prefix'] ?? '', partner['partner.lastName']] : [p.person.prefix ?? '', p.person.lastName];
  }

  private child(rng: Rng, birth: Day, p: Person): Block {
    return {
      ...this.name(rng, this.gender(rng), this.childSurname(p)),
      dateOfBirth: loDate(birth),
      birthPlace: this.municipality(rng, birth)[0],
      birthCountry: NL,
    };
  }

  /**
   * Up to maxChildren (deceasedWithFamily keeps its minor child and counts it), born while the
   * person is 18 to 45, inside `window`, and at least SIBLING_GAP days from a sibling; a draw
   * that lands too close is dropped, so `maxChildren` stays an upper bound.
   */
  private addChildren(rng: Rng, p: Person, birth: Day, window: [Day, Day], fixed: Day[]) {
    const lo = Math.max(window[0], addYears(birth, 18));
    const hi = Math.min(window[1], addYears(birth, 45), this.ref - 1);
    const n = rng.int(fixed.length, this.o.maxChildren) - fixed.length;
    if (hi < lo || n <= 0) return;
    const days = [...fixed];
    for (let i = 0; i < n; i++) {
      const day = rng.int(lo, hi);
      if (days.every((d) => Math.abs(d - day) >= SIBLING_GAP)) days.push(day), p.children.push(this.child(rng, day, p));
    }
    p.children.sort((a, b) => (a.dateOfBirth < b.dateOfBirth ? -1 : a.dateOfBirth > b.dateOfBirth ? 1 : 0));
  }

  /** Parent 1 the mother, parent 2 the father whose surname the person carries. */
  private addParents(rng: Rng, p: Person, birth: Day) {
    const own: [string, string] = [p.person.prefix ?? '', p.person.lastName];
    for (const [gender, surname] of [['V', undefined], ['M', own]] as const) {
      const parentBirth = addYears(birth, -rng.int(18, 42)) - rng.int(0, 364);
      p.parents.push({
        ...this.name(rng, gender, surname),
        dateOfBirth: loDate(parentBirth),
        ...this.birthPlace(rng, parentBirth, rng.chance(0.08)),
        gender,
        familyLawDate: loDate(birth),
      });
    }
  }

  private postcode(rng: Rng, from: number, to: number): string {
    let l1 = LETTERS[rng.int(0, 25)], l2 = LETTERS[rng.int(0, 25)];
    if (l1 === 'S' && (l2 === 'A' || l2 === 'D' || l2 === 'S')) l2 = 'B'; // PostNL does not issue SA, SD, SS
    return `${rng.int(from, to)}${l1}${l2}`;
  }

  private dutchAddress(rng: Rng, start: Day): Block {
    const [code, city, pcFrom, pcTo] = this.municipality(rng, start);
    const full = rng.chance(this.exoticStreets) ? rng.pick(this.data.exoticStreets) : rng.pick(this.data.streets);
    const b: Block = {
      municipality: code,
      registrationDate: loDate(start),
      function: 'W',
      startDate: loDate(start),
      street: full.length > 24 ? full.slice(0, 24).trimEnd() : full,
      officialStreetName: full,
      houseNumber: String(rng.int(1, rng.chance(0.8) ? 60 : 400)),
    };
    if (rng.chance(this.houseAddition)) {
      const r = rng.next();
      if (r < 0.6) b.houseLetter = LETTERS[rng.int(0, 4)];
      if (r >= 0.4) b.houseNumberAddition = rng.pick(this.data.houseAdditions);
    }
    b.postcode = this.postcode(rng, pcFrom, pcTo);
    b.city = city;
    return b;
  }

  /** RNI registration (municipality 1999) with three free-text lines and a Tabel 34 country; no Dutch postcode. */
  private abroadAddress(rng: Rng, since: Day): Block {
    const c = rng.pick(this.data.abroad);
    const n = rng.int(1, 250);
    const street = rng.pick(c.streets);
    return {
      municipality: RNI_MUNICIPALITY,
      registrationDate: loDate(since),
      country: c.country,
      abroadStartDate: loDate(since),
      line1: c.iso2 === 'US' || c.iso2 === 'GB' || c.iso2 === 'FR' ? `${n} ${street}` : `${street} ${n}`,
      line2: rng.pick(c.cities),
      line3: c.region,
    };
  }
}

/** `count` persons for the checked options. */
export function generatePeople(o: EffectiveOptions, events: LifeEvent[], weights: number[]): Person[] {
  const factory = new PersonFactory(o, events, weights);
  const out: Person[] = new Array(o.count);
  for (let i = 0; i < o.count; i++) out[i] = factory.next();
  return out;
}
