/**
 * The one table that maps the generator's English field keys to LO BRP
 * categories and elements (LO BRP 2025.Q3 numbering, see
 * the RvIG element list lo-brp-2025q3-pl-elements.md). It drives all three outputs:
 *
 * - JSON: each category is an object (or a list of objects) under `json`, its
 *   elements are the keys (a dotted key such as `partner.bsn` nests);
 * - CSV: the flat field keys `<json>.<key>` (list items numbered from 1:
 *   `partnerships.1.partner.lastName`; the person's own category has no prefix);
 * - gba-totaalfile: category number + element number + the maximum length.
 *
 * A generated person keeps each category occurrence as a `Block`: field key →
 * raw LO value (dates as yyyymmdd), so the three renderers never disagree.
 */

/** Field key → raw LO value. Dates are `yyyymmdd`; absent keys are empty. */
export type Block = Record<string, string>;

export interface ElementDef {
  /** English field key inside its category (may be dotted: `partner.bsn`). */
  key: string;
  /** LO element number `ggee` (e.g. `0120` for 01.20), or null for a derived field that has no LO element. */
  element: string | null;
  /** LO maximum length (characters). */
  max: number;
  /** Dates are rendered in the caller's `dateFormat` in JSON and CSV, and as yyyymmdd in the total-file. */
  date?: boolean;
  /** One-line meaning for the tool description (LO name or code table). */
  doc: string;
}

export interface CategoryDef {
  /** JSON property of the person ('' = the person's own fields at the top level). */
  json: string;
  /** LO category number of the (first) actual occurrence. */
  cat: number;
  /** A list (repeating category, or one category per item as parents 02/03). */
  list?: { max: number; /** parents: item i uses category cat + i */ catPerItem?: boolean };
  elements: ElementDef[];
}

const el = (key: string, element: string | null, max: number, doc: string, date = false): ElementDef => ({
  key,
  element,
  max,
  doc,
  ...(date ? { date } : {}),
});

const NAME = [
  el('bsn', '0120', 9, 'BSN, 9 digits, 11-proof'),
  el('firstNames', '0210', 200, 'given names'),
  el('prefix', '0230', 10, 'surname prefix (voorvoegsel: van, de, van der…)'),
  el('lastName', '0240', 200, 'surname without prefix'),
  el('dateOfBirth', '0310', 8, 'date of birth', true),
];
const BIRTH_PLACE = [
  el('birthPlace', '0320', 40, 'birth place: Tabel 33 municipality code, or a foreign place name'),
  el('birthCountry', '0330', 4, 'birth country, Tabel 34 (6030 = Nederland)'),
];
const ADDRESS = [
  el('municipality', '0910', 4, 'municipality of registration, Tabel 33 (1999 = RNI, abroad)'),
  el('registrationDate', '0920', 8, 'date of registration in the municipality', true),
  el('function', '1010', 1, 'W residential address, B postal address (briefadres)'),
  el('startDate', '1030', 8, 'start date of residence at the address', true),
  el('street', '1110', 24, 'street name cut to the 24 LO characters'),
  el('officialStreetName', '1115', 80, 'full street name (naam openbare ruimte)'),
  el('houseNumber', '1120', 5, 'house number'),
  el('houseLetter', '1130', 1, 'house letter'),
  el('houseNumberAddition', '1140', 4, 'house number addition'),
  el('postcode', '1160', 6, 'postcode 1234AB'),
  el('city', '1170', 80, 'place (woonplaats)'),
  el('country', '1310', 4, 'abroad: country, Tabel 34'),
  el('abroadStartDate', '1320', 8, 'abroad: start date', true),
  el('line1', '1330', 35, 'abroad: address line 1'),
  el('line2', '1340', 35, 'abroad: address line 2'),
  el('line3', '1350', 35, 'abroad: address line 3'),
  el('investigationData', '8310', 6, 'data under investigation, ccggee (080000 whole address, 089999 not living there)'),
  el('investigationStartDate', '8320', 8, 'investigation start date', true),
];

/** Categories in LO order. */
export const CATEGORIES: readonly CategoryDef[] = [
  {
    json: '',
    cat: 1,
    elements: [
      el('aNumber', '0110', 10, 'A-nummer, 10 digits'),
      ...NAME,
      ...BIRTH_PLACE,
      el('gender', '0410', 1, 'M, V or O'),
      el('nameUse', '6110', 1, 'name use: E own, P partner, V partner before own, N partner after own'),
    ],
  },
  {
    json: 'parents',
    cat: 2,
    list: { max: 2, catPerItem: true },
    elements: [
      ...NAME,
      ...BIRTH_PLACE,
      el('gender', '0410', 1, 'M or V'),
      el('familyLawDate', '6210', 8, 'start of the legal parent-child relation', true),
    ],
  },
  { json: 'nationalities', cat: 4, list: { max: 2 }, elements: [el('nationality', '0510', 4, 'Tabel 32 (0001 = Nederlandse)')] },
  {
    json: 'partnerships',
    cat: 5,
    list: { max: 2 },
    elements: [
      ...NAME.map((e) => ({ ...e, key: `partner.${e.key}` })),
      el('partner.gender', '0410', 1, 'partner gender'),
      el('partner.dateOfDeath', null, 8, "partner's death date (derived: the dissolution date when the reason is O)", true),
      el('startDate', '0610', 8, 'date of marriage / registration', true),
      el('startPlace', '0620', 40, 'place of marriage, Tabel 33'),
      el('startCountry', '0630', 4, 'country of marriage, Tabel 34'),
      el('dissolutionDate', '0710', 8, 'date of dissolution', true),
      el('dissolutionPlace', '0720', 40, 'place of dissolution, Tabel 33'),
      el('dissolutionCountry', '0730', 4, 'country of dissolution, Tabel 34'),
      el('dissolutionReason', '0740', 1, 'Tabel 41: S divorce/ended by agreement, O partner died'),
      el('type', '1510', 1, 'H marriage, P registered partnership'),
    ],
  },
  {
    json: 'death',
    cat: 6,
    elements: [
      el('date', '0810', 8, 'date of death', true),
      el('place', '0820', 40, 'place of death, Tabel 33'),
      el('country', '0830', 4, 'country of death, Tabel 34'),
    ],
  },
  {
    json: 'registration',
    cat: 7,
    elements: [
      el('suspensionDate', '6710', 8, 'date the record was suspended (death, emigration)', true),
      el('suspensionReason', '6720', 1, 'O death, E emigration'),
      el('firstRegistrationDate', '6810', 8, 'first registration in the GBA/BRP', true),
      el('confidentiality', '7010', 1, 'indicatie geheim 0–7 (0 = none)'),
    ],
  },
  { json: 'address', cat: 8, elements: ADDRESS },
  { json: 'previousAddresses', cat: 58, list: { max: 1 }, elements: ADDRESS },
  {
    json: 'children',
    cat: 9,
    list: { max: 10 },
    elements: [...NAME, ...BIRTH_PLACE],
  },
  { json: 'custody', cat: 11, elements: [el('indicator', '3210', 2, 'custody of a minor, Tabel 61 (1, 2, 12)')] },
];

export const CATEGORY = Object.fromEntries(CATEGORIES.map((c) => [c.json || 'person', c])) as Record<
  | 'person'
  | 'parents'
  | 'nationalities'
  | 'partnerships'
  | 'death'
  | 'registration'
  | 'address'
  | 'previousAddresses'
  | 'children'
  | 'custody',
  CategoryDef
>;

/** One flat field key (CSV column / `mapping` target). */
export interface FlatField {
  /** e.g. `bsn`, `address.postcode`, `partnerships.1.partner.lastName`, `lifeEvent`. */
  key: string;
  category: CategoryDef;
  /** List index (0-based) for list categories. */
  index: number;
  element: ElementDef | null;
}

/** Every flat field key, in table order; `lifeEvent` follows the person's own fields. */
export const FLAT_FIELDS: readonly FlatField[] = (() => {
  const out: FlatField[] = [];
  for (const c of CATEGORIES) {
    const items = c.list?.max ?? 1;
    for (let i = 0; i < items; i++) {
      const prefix = c.json === '' ? '' : c.list ? `${c.json}.${i + 1}.` : `${c.json}.`;
      for (const e of c.elements) out.push({ key: prefix + e.key, category: c, index: i, element: e });
    }
    if (c.json === '') out.push({ key: 'lifeEvent', category: c, index: 0, element: null });
  }
  return out;
})();

export const FIELD_BY_KEY: ReadonlyMap<string, FlatField> = new Map(FLAT_FIELDS.map((f) => [f.key, f]));

/** The readable sheet of outputMode `compact`. */
export const COMPACT_KEYS: readonly string[] = [
  'bsn',
  'aNumber',
  'firstNames',
  'prefix',
  'lastName',
  'gender',
  'dateOfBirth',
  'birthPlace',
  'birthCountry',
  'lifeEvent',
  'nationalities.1.nationality',
  'address.function',
  'address.street',
  'address.houseNumber',
  'address.houseLetter',
  'address.houseNumberAddition',
  'address.postcode',
  'address.city',
  'address.municipality',
  'address.startDate',
  'address.country',
  'address.line1',
  'address.line2',
  'address.line3',
  'previousAddresses.1.street',
  'previousAddresses.1.houseNumber',
  'previousAddresses.1.postcode',
  'previousAddresses.1.city',
  'previousAddresses.1.startDate',
  ...[1, 2].flatMap((n) => [
    `partnerships.${n}.type`,
    `partnerships.${n}.partner.bsn`,
    `partnerships.${n}.partner.firstNames`,
    `partnerships.${n}.partner.prefix`,
    `partnerships.${n}.partner.lastName`,
    `partnerships.${n}.startDate`,
    `partnerships.${n}.dissolutionDate`,
    `partnerships.${n}.dissolutionReason`,
    `partnerships.${n}.partner.dateOfDeath`,
  ]),
  'death.date',
  'death.place',
  'death.country',
  'registration.suspensionDate',
  'registration.suspensionReason',
  'registration.confidentiality',
  'address.investigationData',
  'address.investigationStartDate',
  ...[1, 2].flatMap((n) => [`children.${n}.firstNames`, `children.${n}.lastName`, `children.${n}.dateOfBirth`]),
  'custody.indicator',
];

/** Compact documentation of every field key, for the tool description (and so the README). */
export function describeFieldKeys(): string {
  return CATEGORIES.map((c) => {
    const head =
      c.json === ''
        ? 'person (top level, cat 01)'
        : `${c.json}${c.list ? `.<1..${c.list.max}>` : ''} (cat ${c.list?.catPerItem ? '02/03' : String(c.cat).padStart(2, '0')})`;
    const items = c.elements.map((e) => `${e.key}${e.element ? ` [${e.element.slice(0, 2)}.${e.element.slice(2)}]` : ''}`);
    if (c.json === '') items.push('lifeEvent');
    return `${head}: ${items.join(', ')}`;
  }).join('; ');
}
