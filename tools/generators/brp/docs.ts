/**
 * The reference of `brp-test-data-generator` beyond its listed description
 * (served as werkbank://docs/brp-test-data-generator and in OpenAPI): life
 * events, record layouts of every format, the field keys for CSV columns and
 * mappings, every option's long explanation.
 */
import { COMPACT_KEYS, describeFieldKeys } from './fields.js';
import { DEFAULT_EVENT_MIX, EVENT_AGES, MAX_MCP_COUNT, MAX_REST_COUNT } from './options.js';

const mix = (m: Record<string, number>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
const ages = Object.entries(EVENT_AGES)
  .filter(([, [a, b]]) => a > 1 || b < 120)
  .map(([e, [a, b]]) => `${e} ${a}–${b}`)
  .join(', ');

/** The options with their defaults and full explanations (the listing keeps a few words each). */
const OPTION_ROWS = [
  '| `count` | 50 | Number of people, 1–5000 over REST, at most 500 per MCP call (default 50) |',
  '| `seed` | 20270101 | Seed: the same options and seed give byte-identical output (default 20270101) |',
  '| `minAge` | 0 | Youngest age in completed years on 1 January of referenceYear (default 0) |',
  '| `maxAge` | 95 | Oldest age, not below minAge (default 95) |',
  '| `referenceYear` | 2027 | Ages are measured on 1 January of this year and every event date lies before that day (default 2027) |',
  '| `eventMix` |  | Relative weights per life event (non-negative). Naming any key replaces the whole default mix (unnamed events get 0); at least one weight must exceed 0. |',
  '| `includeParents` | false | Add the two parent records, LO categories 02/03 (default false) |',
  '| `linkedPersons` | false | Also emit every partner, child and (with includeParents) parent of the count persons as a full record of its own, after them; see Linked persons |',
  '| `maxChildren` | 2 | Upper bound of children per person with a partnership (default 2) |',
  '| `pctExoticNames` | 15 | Share of unusual names: diacritics, apostrophes, hyphens, very long names, percent 0–100 (default 15) |',
  '| `pctExoticStreets` | 15 | Share of unusual street names, percent 0–100 (default 15) |',
  '| `pctAffix` | 25 | Share of surnames with a prefix word (van, de, van der…), percent 0–100 (default 25) |',
  '| `pctHouseAddition` | 20 | Share of Dutch addresses with a house letter or house number addition, percent 0–100 (default 20) |',
  '| `dateFormat` |  | Date notation in json and csv: yyyymmdd 20270131, iso 2027-01-31, dutch 31-01-2027 (the total-file is always yyyymmdd) |',
  "| `outputMode` |  | csv only: compact (a readable sheet), own (exactly the caller's headerRow; columns named like a field key are filled), mapped (caller's columns filled via mapping) |",
  '| `headerRow` | "" | Caller\'s column names joined by the delimiter (CSV quoting allowed), at most 1000 columns; required for own and mapped |',
  "| `mapping` |  | mapped: caller's column name → service field key; unlisted columns stay empty |",
  '| `delimiter` |  | CSV and headerRow separator: "," ";" or a tab (aliases comma, semicolon, tab, "\\t") |',
  '| `excelHint` | false | Start the CSV with the line sep=<delimiter> so Excel picks the separator |',
  '| `lo3Lengths` |  | gba-totaalfile: length fields count characters (default) or UTF-8 bytes (for byte-based LO3 parsers) |',
  "| `bsnRange` |  | BSNs: test-999 (default, 999xxxxxx) or test-99999 (99999xxxx, the RvIG GBA-V test persons' range, about 900 numbers per call) |",
];

export const BRP_DOCS = [
  'Generates Dutch BRP (population register) test persons: deterministic (same options and seed → byte-identical output; no clock, time zone or locale involved), with 11-proof BSNs (range 999xxxxxx, unique within the call, relatives included), valid A-nummers, Dutch and exotic names and streets, real Tabel 33 municipality codes and Tabel 34 country codes, and one life event per person.',
  `Body: {format, options}. format: json (default), csv, gba-totaalfile, haal-centraal. All options are optional ({} works); unknown option names are refused. count 1–${MAX_REST_COUNT} over REST, at most ${MAX_MCP_COUNT} per MCP call (for more use POST /api/v1/tools/brp-test-data-generator or several calls with different seeds); the first n persons of a larger count are the same n persons.`,
  `Ages are completed years on 1 January of referenceYear (the reference date); every date lies before it. Life events and their content: plain (basic record), married / registeredPartnership (partnership type H / P with start date and partner block), divorced (dissolved, reason S), widowed (reason O; partner.dateOfDeath = dissolutionDate), remarried (current partnership first, then the earlier dissolved one), deceased (death date/place/country, registration suspended O on that date), deceasedWithFamily (death plus a surviving partner and a child under 18), minor (under 18, custody indicator), nearRetirement (65–67), livesAbroad (municipality 1999 RNI from 2014-01-06, before that the last Dutch municipality; Tabel 34 country, address lines line1–line3, no postcode, suspended E), movedRecently (address since < 1 year plus previousAddresses[0], both dated), confidential (registration.confidentiality 1–7), underInvestigation (address.investigationData + investigationStartDate), noFixedAddress (registered at a postal address: address.function B). Ages per event: ${ages}. Default eventMix: ${mix(DEFAULT_EVENT_MIX)}; events the options rule out (the age range; registeredPartnership with a reference year before 1999) are skipped, in the default mix and in a caller's own; a mix with none left is refused. Dates follow Dutch law: registered partnerships start on or after 1998-01-01 (earlier ones are marriages), marriages of two people of the same sex on or after 2001-04-01. Children (up to maxChildren) belong to persons with a partnership; dates are ordered birth < start < dissolution < next start, children after the first start, everything before death.`,
  "JSON person: the person's own fields at the top level (bsn, lastName, dateOfBirth, lifeEvent always present; empty fields omitted), then nationalities[], parents[] (includeParents: parent 1 the mother, 2 the father), partnerships[], death, registration, address, previousAddresses[], children[], custody. Dates in dateFormat; codes are LO values (places = Tabel 33 codes or a foreign place name, countries = Tabel 34).",
  "csv: CRLF lines, RFC 4180 quoting; compact = a readable sheet with a header of field keys; own = the caller's headerRow line verbatim, columns whose name is a field key (case-insensitive) filled, others empty; mapped = the caller's headerRow, each column filled from mapping[column] (a field key), unlisted columns empty. headerRow is split by the delimiter (CSV quoting allowed) and is only accepted for own/mapped, mapping only for mapped. excelHint adds a first line sep=<delimiter>.",
  'gba-totaalfile: no public document defines this name; it is implemented as LO3 persoonslijsten, one Lg01 message per line (\\n): header 00000000 Lg01 <referenceYear>0101000000000 <A-nummer> 0000000000, then a 5-digit body length and the categories in LO order (cc + 3-digit length + elements eeee + 3-digit length + value; dates yyyymmdd; a dissolved partnership is 05 + history 55, the previous address is 58; every category also carries 85.10/86.10 (and 81.xx or 82.xx, 04.63.10) as in the RvIG GBA-V test set; lengths count characters, or UTF-8 bytes with lo3Lengths bytes). lifeEvent and partner.dateOfDeath have no LO element and are not in it.',
  'haal-centraal: {format, count, seed, options, personen, lifeEvents}: each person as a Persoon of the BRP API Personen 2.7 (nested naam, geboorte, partners, kinderen, ouders, nationaliteiten, verblijfplaats with type, date objects, inOnderzoek).',
  'Response: {format, count, seed, options (effective, full eventMix), people} for json; {format, count, seed, options, fileName, contentType, content} for csv and gba-totaalfile.',
  `Field keys (CSV columns, mapping targets; list items numbered from 1, e.g. partnerships.1.partner.lastName; [gg.ee] = LO element): ${describeFieldKeys()}.`,
  `Compact columns: ${COMPACT_KEYS.join(', ')}.`,
  "Linked persons (linkedPersons true): after the count persons come, person by person, the records of their partners, children and (with includeParents) parents, in every format (json people, haal-centraal personen and lifeEvents, csv rows, total-file lines; `linked` gives their number, `count` stays the number of persons asked for). Each carries the BSN, names and dates of the relation block it comes from, a fresh A-nummer, a birth place and nationality valid on its birth date, an address and a registration, and refers back: a partner lists the person as partner with the same start date, place and type (a partner who survived the person has the partnership dissolved by death, reason O, on the death date; a partner who died, reason O on the person's record, is deceased on that date); a child lists the person and the partner at its birth as parents (parent 1 the mother) and that partner lists the child; a parent lists the person as child (parents older than 85 have died, after the person's birth). Minors live at the address of a living parent in the Netherlands, a partner in force at the person's. lifeEvent of a linked record follows from it: deceased, minor, married, registeredPartnership, divorced, widowed or plain. Linked records are drawn after all persons, so the first count persons are the same with the option on or off; they add no BSNs (the relatives had theirs).",
  '## Options',
  '| option | default | meaning |',
  '|---|---|---|',
  OPTION_ROWS.join('\n'),
].join('\n\n');
