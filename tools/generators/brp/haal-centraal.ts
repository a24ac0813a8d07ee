/**
 * The `haal-centraal` format: each generated person as a `Persoon` of the BRP
 * API Personen (Haal Centraal, VNG/RvIG, OpenAPI 2.7.0; a copy of the resolved
 * schema is in test/vectors/haal-centraal/ and every generated person is
 * validated against it in the test suite).
 *
 * Mapping (LO element → API field, as in the BRP-API's own test-data
 * converter): 01.01.10 aNummer, 01.20 burgerservicenummer, 02.xx naam,
 * 03.xx geboorte, 04.10 geslacht, 61.10 naam.aanduidingNaamgebruik; cat 04
 * nationaliteiten (type Nationaliteit, redenOpname 001/301); cat 05 partners
 * (soortVerbintenis, aangaanHuwelijkPartnerschap, ontbindingHuwelijkPartnerschap
 * — the API has no dissolution reason); cat 06 overlijden; 07.67.xx
 * opschortingBijhouding, 07.68.10 datumEersteInschrijvingGBA, 07.70.10
 * geheimhoudingPersoonsgegevens (true when the indicator is 1–7); 08.09.xx
 * gemeenteVanInschrijving / datumInschrijvingInGemeente, cat 08 verblijfplaats
 * (type Adres or VerblijfplaatsBuitenland; 08.83.xx as inOnderzoek on the
 * verblijfplaats and its verblijfadres, 089999 as
 * indicatieVastgesteldVerblijftNietOpAdres); cat 09 kinderen; cat 02/03
 * ouders (ouderAanduiding 1/2). Dates are `{type: "Datum", datum, langFormaat}`;
 * codes are Waardetabel `{code, omschrijving}`. `leeftijd` is the age on the
 * reference date (absent for the deceased). The life event has no API field:
 * the response lists it per person in `lifeEvents`.
 */
import { ageOn } from '../../_lib/calendar.js';
import { fromLo } from './lo-dates.js';
import { brpData } from './data.js';
import type { Block } from './fields.js';
import type { Person } from './people.js';

type Json = Record<string, unknown>;

const MONTHS = ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'];
const GESLACHT: Record<string, string> = { M: 'man', V: 'vrouw', O: 'onbekend' };
const NAAMGEBRUIK: Record<string, string> = {
  E: 'eigen geslachtsnaam',
  N: 'geslachtsnaam echtgenoot of geregistreerd partner na eigen geslachtsnaam',
  P: 'geslachtsnaam echtgenoot of geregistreerd partner',
  V: 'geslachtsnaam echtgenoot of geregistreerd partner voor eigen geslachtsnaam',
};
const VERBINTENIS: Record<string, string> = { H: 'huwelijk', P: 'geregistreerd partnerschap' };
const OPSCHORTING: Record<string, string> = { O: 'overlijden', E: 'emigratie' };
const FUNCTIE: Record<string, string> = { W: 'woonadres', B: 'briefadres' };
const REDEN_NATIONALITEIT: Record<string, string> = {
  '001': 'Wet op het Nederlanderschap 1985',
  '301': 'Vaststelling bezit nationaliteit',
};

function datum(lo: string | undefined): Json | undefined {
  if (!lo) return undefined;
  const y = lo.slice(0, 4),
    m = Number(lo.slice(4, 6)),
    d = Number(lo.slice(6, 8));
  return { type: 'Datum', datum: `${y}-${lo.slice(4, 6)}-${lo.slice(6, 8)}`, langFormaat: `${d} ${MONTHS[m - 1]} ${y}` };
}

const wt = (code: string | undefined, omschrijving?: string): Json | undefined =>
  code === undefined ? undefined : omschrijving ? { code, omschrijving } : { code };

let municipalityNames: Map<string, string> | undefined;
function gemeente(code: string | undefined): Json | undefined {
  if (code === undefined) return undefined;
  municipalityNames ??= new Map([
    ...brpData().municipalities.map((m) => [m[0], m[1]] as [string, string]),
    ...Object.entries(brpData().codeNames['33']),
  ]);
  return wt(code, municipalityNames.get(code));
}
const land = (code: string | undefined) => (code === undefined ? undefined : wt(code, brpData().codeNames['34'][code]));
/** A place: a Tabel 33 code, or a foreign place name (omschrijving only). */
const plaats = (v: string | undefined) => (v === undefined ? undefined : /^\d{4}$/.test(v) ? gemeente(v) : { omschrijving: v });

/** Drop undefined members (the API leaves absent fields out). */
function clean<T extends Json>(o: T): T {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}

const voorletters = (firstNames: string) =>
  firstNames
    .split(' ')
    .filter(Boolean)
    .map((n) => `${[...n][0].toUpperCase()}.`)
    .join('');

function naam(b: Block, prefix = '', full = false, nameUse?: string): Json {
  const first = b[`${prefix}firstNames`];
  const last = b[`${prefix}lastName`];
  const vv = b[`${prefix}prefix`];
  return clean({
    voornamen: first || undefined,
    voorvoegsel: vv || undefined,
    geslachtsnaam: last,
    voorletters: first ? voorletters(first) : undefined,
    ...(full ? { volledigeNaam: [first, vv, last].filter(Boolean).join(' ') } : {}),
    ...(nameUse ? { aanduidingNaamgebruik: wt(nameUse, NAAMGEBRUIK[nameUse]) } : {}),
  });
}

const geboorte = (b: Block, prefix = '') =>
  clean({ datum: datum(b[`${prefix}dateOfBirth`]), plaats: plaats(b[`${prefix}birthPlace`]), land: land(b[`${prefix}birthCountry`]) });

function verblijfplaats(a: Block): Json {
  if (a.country !== undefined)
    return clean({
      type: 'VerblijfplaatsBuitenland',
      datumVan: datum(a.abroadStartDate),
      verblijfadres: clean({ regel1: a.line1, regel2: a.line2, regel3: a.line3, land: land(a.country) }),
    });
  const adres: Json = clean({
    officieleStraatnaam: a.officialStreetName,
    korteStraatnaam: a.street,
    huisnummer: a.houseNumber === undefined ? undefined : Number(a.houseNumber),
    huisletter: a.houseLetter,
    huisnummertoevoeging: a.houseNumberAddition,
    postcode: a.postcode,
    woonplaats: a.city,
  });
  const out: Json = {
    type: 'Adres',
    functieAdres: wt(a.function, FUNCTIE[a.function]),
    datumVan: datum(a.startDate),
    verblijfadres: adres,
  };
  const since = datum(a.investigationStartDate);
  if (a.investigationData === '080000') {
    out.inOnderzoek = { type: true, datumVan: true, functieAdres: true, datumIngangOnderzoek: since };
    adres.inOnderzoek = { ...Object.fromEntries(Object.keys(adres).map((k) => [k, true])), datumIngangOnderzoek: since };
  } else if (a.investigationData === '081100') {
    adres.inOnderzoek = { ...Object.fromEntries(Object.keys(adres).map((k) => [k, true])), datumIngangOnderzoek: since };
  } else if (a.investigationData === '089999') {
    out.indicatieVastgesteldVerblijftNietOpAdres = true;
    out.inOnderzoek = { datumIngangOnderzoek: since };
  }
  return clean(out);
}

/** One person as a Haal Centraal `Persoon`. */
export function haalCentraalPersoon(p: Person, referenceYear: number): Json {
  const me = p.person;
  const ref = fromLo(`${String(referenceYear).padStart(4, '0')}0101`);
  const r = p.registration;
  const a = p.address;
  return clean({
    aNummer: me.aNumber,
    burgerservicenummer: me.bsn,
    geslacht: wt(me.gender, GESLACHT[me.gender]),
    leeftijd: p.death ? undefined : ageOn(fromLo(me.dateOfBirth), ref),
    naam: naam(me, '', true, me.nameUse),
    geboorte: geboorte(me),
    nationaliteiten: p.nationalities.map((n) =>
      clean({
        type: 'Nationaliteit',
        nationaliteit: wt(n.nationality, brpData().codeNames['32'][n.nationality]),
        redenOpname: wt(n.nationality === '0001' ? '001' : '301', REDEN_NATIONALITEIT[n.nationality === '0001' ? '001' : '301']),
        datumIngangGeldigheid: datum(me.dateOfBirth),
      }),
    ),
    partners: p.partnerships.map((x) =>
      clean({
        burgerservicenummer: x['partner.bsn'],
        geslacht: wt(x['partner.gender'], GESLACHT[x['partner.gender']]),
        soortVerbintenis: wt(x.type, VERBINTENIS[x.type]),
        naam: naam(x, 'partner.'),
        geboorte: geboorte(x, 'partner.'),
        aangaanHuwelijkPartnerschap: clean({ datum: datum(x.startDate), plaats: plaats(x.startPlace), land: land(x.startCountry) }),
        ontbindingHuwelijkPartnerschap: x.dissolutionDate ? { datum: datum(x.dissolutionDate) } : undefined,
      }),
    ),
    overlijden: p.death ? clean({ datum: datum(p.death.date), plaats: plaats(p.death.place), land: land(p.death.country) }) : undefined,
    opschortingBijhouding: r.suspensionReason
      ? { reden: wt(r.suspensionReason, OPSCHORTING[r.suspensionReason]), datum: datum(r.suspensionDate) }
      : undefined,
    datumEersteInschrijvingGBA: datum(r.firstRegistrationDate),
    geheimhoudingPersoonsgegevens: r.confidentiality !== undefined && r.confidentiality !== '0' ? true : undefined,
    gemeenteVanInschrijving: gemeente(a.municipality),
    datumInschrijvingInGemeente: datum(a.registrationDate),
    verblijfplaats: verblijfplaats(a),
    kinderen: p.children.map((c) => clean({ burgerservicenummer: c.bsn, naam: naam(c), geboorte: geboorte(c) })),
    ouders: p.parents.map((o, i) =>
      clean({
        burgerservicenummer: o.bsn,
        geslacht: wt(o.gender, GESLACHT[o.gender]),
        ouderAanduiding: String(i + 1),
        datumIngangFamilierechtelijkeBetrekking: datum(o.familyLawDate),
        naam: naam(o),
        geboorte: geboorte(o),
      }),
    ),
  });
}
