/**
 * Word lists for synthetic employees. Every entry fits the facet of the UPA
 * element it lands in (Str and Woonpl ≤ 24, Voorv ≤ 10, HuisNrToev ≤ 4).
 * Lists are split by feature so the population booleans can switch features
 * off (diacritics, apostrophes, prefixes...).
 */

export const SURNAMES = [
  'Jansen',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'Mulder',
  'Bos',
  'Vos',
  'Peters',
  'Hendriks',
  'Dekker',
  'Brouwer',
  'Dijkstra',
  'Kok',
  'Jacobs',
  'Vermeulen',
  'Willems',
  'Schouten',
  'Hoekstra',
  'Koster',
  'Prins',
  'Huisman',
  'Kuipers',
  'Postma',
  'Timmermans',
  'Groen',
  'Wolters',
  'Verhoeven',
  'Kramer',
  'Boersma',
] as const;

/** Surnames that usually carry a prefix (tussenvoegsel); the prefix goes to Voorv. */
export const PREFIXED_SURNAMES: ReadonlyArray<readonly [string, string]> = [
  ['de', 'Jong'],
  ['de', 'Vries'],
  ['van', 'Dijk'],
  ['van den', 'Berg'],
  ['van der', 'Meer'],
  ['de', 'Boer'],
  ['van', 'Leeuwen'],
  ['van der', 'Linden'],
  ['de', 'Graaf'],
  ['van', 'Beek'],
  ['ter', 'Horst'],
  ['in het', 'Veld'],
];
export const APOSTROPHE_PREFIXED: ReadonlyArray<readonly [string, string]> = [
  ["'t", 'Hart'],
  ["'t", 'Hooft'],
  ["van 't", 'Zelfde'],
];

export const EXOTIC_SURNAMES_ASCII = [
  'Yilmaz',
  'Kaya',
  'El Amrani',
  'Nguyen',
  'Kowalski',
  'Singh',
  'Ramdin',
  'Oduya',
  'Papadopoulos',
  'Wong',
] as const;
export const EXOTIC_SURNAMES_DIACRITICS = [
  'Çelik',
  'Öztürk',
  'Müller',
  'Łukasiewicz',
  'Đorđević',
  'Ødegård',
  'Sánchez',
  'Nuñez',
  'Dvořák',
  'Bjørnstad',
] as const;
export const APOSTROPHE_SURNAMES = ["D'Souza", "O'Neill", "D'Hondt", "Dell'Acqua"] as const;

/** Very long surnames (multi-part; SignNm allows 200 characters). */
export const LONG_SURNAMES = [
  'Schimmelpenninck van der Oye',
  'Van Lynden tot Oldenaller',
  'Bentinck van Schoonheten Van Heeckeren van Wassenaer',
  'Roëll van Hazerswoude Van Randwijck tot Nijenhuis',
] as const;

export const INITIAL_LETTERS = 'AABCDEEFGHHIJJKLMMNPRSSTWY';
export const INITIAL_DIACRITICS = ['É', 'Ö', 'Ç', 'Ø'] as const;

export const STREETS = [
  'Dorpsstraat',
  'Kerkstraat',
  'Molenweg',
  'Stationsweg',
  'Schoolstraat',
  'Julianalaan',
  'Beatrixstraat',
  'Eikenlaan',
  'Lindenlaan',
  'Parallelweg',
  'Marktplein',
  'Nieuwstraat',
  'Wilhelminastraat',
  'Boterdiep',
  'Havenkade',
  'Vondelstraat',
] as const;
export const EXOTIC_STREETS_ASCII = [
  'Hoogte Kadijk',
  "Achter 't Zand",
  'Wijk 3 Zuid',
  'Laan 1940-1945',
  'Oude Delft',
  'Jan Pieterszoon Coenstr',
] as const;
export const EXOTIC_STREETS_DIACRITICS = ['Rue de la Gare', 'Burg. Crüwellstraat', 'Curaçaostraat', 'Pasteurstraße', 'Hétterlaan'] as const;

/** Dutch places with a postcode range [from, to] of their 4-digit area (Woonpl ≤ 24). */
export const PLACES: ReadonlyArray<readonly [string, number, number]> = [
  ['Amsterdam', 1011, 1109],
  ['Rotterdam', 3011, 3089],
  ['Den Haag', 2491, 2597],
  ['Utrecht', 3511, 3585],
  ['Eindhoven', 5611, 5658],
  ['Groningen', 9711, 9747],
  ['Tilburg', 5011, 5049],
  ['Almere', 1311, 1363],
  ['Breda', 4811, 4839],
  ['Nijmegen', 6511, 6546],
  ["'s-Hertogenbosch", 5211, 5237],
  ['Zwolle', 8011, 8043],
  ['Leeuwarden', 8911, 8939],
  ['Maastricht', 6211, 6229],
  ['Enschede', 7511, 7548],
  ['Den Helder', 1781, 1789],
];

export const HOUSE_NUMBER_ADDITIONS = ['A', 'B', 'bis', '2', 'II', 'hs', 'zw', '1'] as const;

/** Countries for AdresBuitenland: LandCd, a place, a postcode shape ('9' digit, 'A' letter) and a street. */
export const FOREIGN: ReadonlyArray<{ country: string; place: string; pc: string; street: string; nat: number }> = [
  { country: 'BE', place: 'Antwerpen', pc: '9999', street: 'Meir', nat: 52 },
  { country: 'DE', place: 'Kleve', pc: '99999', street: 'Hauptstrasse', nat: 55 },
  { country: 'FR', place: 'Lille', pc: '99999', street: 'Rue Nationale', nat: 57 },
  { country: 'ES', place: 'Alicante', pc: '99999', street: 'Calle Mayor', nat: 77 },
  { country: 'PL', place: 'Poznan', pc: '99-999', street: 'ul. Polna', nat: 72 },
  { country: 'GB', place: 'Norwich', pc: 'AA9 9AA', street: 'High Street', nat: 60 },
  { country: 'TR', place: 'Izmir', pc: '99999', street: 'Ataturk Caddesi', nat: 339 },
  { country: 'MA', place: 'Tanger', pc: '99999', street: 'Rue de Fes', nat: 131 },
];

/** Nationality codes (BRP table 32) for residents: mostly Dutch (0001). */
export const RESIDENT_NATIONALITIES = [1, 1, 1, 1, 1, 1, 1, 1, 52, 55, 72, 263, 339, 131] as const;

export const PARTNER_FIRST_NAMES = ['Anna', 'Sanne', 'Fleur', 'Eva', 'Daan', 'Lucas', 'Sem', 'Thomas', 'Noor', 'Ruben'] as const;
