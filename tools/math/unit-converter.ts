import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { didYouMean } from '../../src/core/validate.js';
import { decimalLoader, type Decimal, type DecimalCtor } from '../_lib/decimal.js';

/**
 * Unit conversion with exact definitional factors (catalogue §0.2, §7), computed in decimal.js at 40 significant
 * digits and rounded once to a double at the end. Every factor below is the unit's definition in its category's base
 * unit, written as a product/quotient of exact decimals (only the radian involves π). Sources:
 * - NIST SP 811 (2008) Appendix B and the 1959 international yard and pound: in = 0.0254 m, ft = 0.3048 m,
 *   yd = 0.9144 m, mi = 1609.344 m, lb = 0.45359237 kg, grain = 64.79891 mg, US gallon = 231 in³,
 *   imperial gallon = 4.54609 L (UK Weights and Measures Act 1985), acre = 4046.8564224 m² (international foot),
 *   calorie (thermochemical) = 4.184 J, Btu (International Table) = 1055.05585262 J, standard gravity 9.80665 m/s²
 *   (lbf = 0.45359237·9.80665 N), atm = 101325 Pa, torr = 101325/760 Pa, conventional mmHg = 133.322387415 Pa,
 *   conventional inHg = 25.4 mmHg, technical atmosphere = 98066.5 Pa, metric carat = 0.2 g.
 * - SI Brochure (9th ed.) Table 8 / 2019 redefinition: nautical mile 1852 m, knot 1852/3600 m/s, hectare, are,
 *   tonne, litre = 1 dm³, bar = 10⁵ Pa, eV = 1.602176634e-19 J (exact since 2019), minute/hour/day.
 * - IEC 80000-13: kB = 1000 B, KiB = 1024 B (data units are named explicitly, never guessed).
 * - year = Julian year, 365.25 d exactly (IAU); the US customary cup is 8 US fl oz (not the 240 mL labelling cup).
 * Temperature is affine via kelvin; fuel economy is reciprocal for L/100 km and gal/100 mi (base km/L).
 */
type Dec = Decimal;
const loadDecimal = decimalLoader({ precision: 40, rounding: 'half-even' });

export const CATEGORIES = [
  'length',
  'mass',
  'volume',
  'area',
  'temperature',
  'speed',
  'time',
  'data',
  'energy',
  'pressure',
  'fuel',
  'angle',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** [id, name, factor in the base unit ("a*b/c", strictly left to right; "pi" allowed), ...aliases]. */
type Row = [id: string, name: string, factor: string, ...aliases: string[]];

const GAL = '231*0.0254*0.0254*0.0254';
const IMPGAL = '0.00454609';
const LB = '0.45359237';
const LBF = '0.45359237*9.80665';

const TABLE: Record<Category, { base: string; rows: Row[] }> = {
  length: {
    base: 'm',
    rows: [
      ['m', 'metre', '1', 'meter', 'metres', 'meters'],
      ['km', 'kilometre', '1000', 'kilometer', 'kilometers', 'kilometres'],
      ['cm', 'centimetre', '0.01', 'centimeter'],
      ['mm', 'millimetre', '0.001', 'millimeter'],
      ['µm', 'micrometre', '0.000001', 'um', 'micron', 'micrometer'],
      ['nm', 'nanometre', '0.000000001', 'nanometer'],
      ['in', 'inch', '0.0254', 'inch', 'inches', '"'],
      ['ft', 'foot', '0.3048', 'foot', 'feet', "'"],
      ['yd', 'yard', '0.9144', 'yard', 'yards'],
      ['mi', 'mile', '1609.344', 'mile', 'miles'],
      ['nmi', 'nautical mile', '1852', 'NM', 'nautical mile', 'nautical miles'],
    ],
  },
  mass: {
    base: 'kg',
    rows: [
      ['kg', 'kilogram', '1', 'kilogram', 'kilograms', 'kilo', 'kilos'],
      ['g', 'gram', '0.001', 'gram', 'grams'],
      ['mg', 'milligram', '0.000001', 'milligram'],
      ['µg', 'microgram', '0.000000001', 'ug', 'mcg', 'microgram'],
      ['t', 'tonne', '1000', 'tonne', 'metric ton', 'tonnes'],
      ['lb', 'pound', LB, 'lbs', 'pound', 'pounds'],
      ['oz', 'ounce (avoirdupois)', `${LB}/16`, 'ounce', 'ounces'],
      ['st', 'stone', `14*${LB}`, 'stone'],
      ['short-ton', 'short ton (US, 2000 lb)', `2000*${LB}`, 'short ton', 'us ton'],
      ['long-ton', 'long ton (imperial, 2240 lb)', `2240*${LB}`, 'long ton', 'imperial ton'],
      ['gr', 'grain', '0.00006479891', 'grain', 'grains'],
      ['ct', 'carat (metric)', '0.0002', 'carat', 'carats'],
    ],
  },
  volume: {
    base: 'm³',
    rows: [
      ['m³', 'cubic metre', '1', 'm3', 'cubic meter', 'cubic metre'],
      ['L', 'litre', '0.001', 'l', 'litre', 'liter', 'litres', 'liters'],
      ['dL', 'decilitre', '0.0001', 'dl'],
      ['cL', 'centilitre', '0.00001', 'cl'],
      ['mL', 'millilitre', '0.000001', 'ml', 'milliliter', 'millilitre'],
      ['cm³', 'cubic centimetre', '0.000001', 'cm3', 'cc'],
      ['in³', 'cubic inch', '0.0254*0.0254*0.0254', 'in3', 'cubic inch'],
      ['ft³', 'cubic foot', '0.3048*0.3048*0.3048', 'ft3', 'cubic foot', 'cubic feet'],
      ['gal', 'US gallon (231 in³)', GAL, 'us gal', 'us gallon', 'gallon', 'gallons'],
      ['qt', 'US quart', `${GAL}/4`, 'us qt', 'quart'],
      ['pt', 'US pint', `${GAL}/8`, 'us pt', 'pint'],
      ['cup', 'US cup (8 US fl oz)', `${GAL}/16`, 'us cup', 'cups'],
      ['fl-oz', 'US fluid ounce', `${GAL}/128`, 'fl oz', 'floz', 'us fl oz'],
      ['tbsp', 'US tablespoon', `${GAL}/256`, 'tablespoon'],
      ['tsp', 'US teaspoon', `${GAL}/768`, 'teaspoon'],
      ['imp-gal', 'imperial gallon (4.54609 L)', IMPGAL, 'imp gal', 'uk gal', 'imperial gallon'],
      ['imp-qt', 'imperial quart', `${IMPGAL}/4`, 'imp qt', 'uk qt'],
      ['imp-pt', 'imperial pint', `${IMPGAL}/8`, 'imp pt', 'uk pt', 'imperial pint'],
      ['imp-fl-oz', 'imperial fluid ounce', `${IMPGAL}/160`, 'imp fl oz', 'uk fl oz'],
      ['bbl', 'oil barrel (42 US gal)', `42*${GAL}`, 'barrel', 'oil barrel'],
    ],
  },
  area: {
    base: 'm²',
    rows: [
      ['m²', 'square metre', '1', 'm2', 'sq m', 'square meter'],
      ['km²', 'square kilometre', '1000000', 'km2', 'sq km'],
      ['cm²', 'square centimetre', '0.0001', 'cm2'],
      ['mm²', 'square millimetre', '0.000001', 'mm2'],
      ['ha', 'hectare', '10000', 'hectare', 'hectares'],
      ['a', 'are', '100', 'are'],
      ['in²', 'square inch', '0.00064516', 'in2', 'sq in'],
      ['ft²', 'square foot', '0.09290304', 'ft2', 'sq ft'],
      ['yd²', 'square yard', '0.83612736', 'yd2', 'sq yd'],
      ['ac', 'acre (international)', '4046.8564224', 'acre', 'acres'],
      ['mi²', 'square mile', '1609.344*1609.344', 'mi2', 'sq mi'],
    ],
  },
  temperature: {
    base: 'K',
    rows: [
      ['K', 'kelvin', '1', 'kelvin'],
      ['°C', 'degree Celsius', '1', 'C', 'degC', 'celsius'],
      ['°F', 'degree Fahrenheit', '5/9', 'F', 'degF', 'fahrenheit'],
      ['°R', 'degree Rankine', '5/9', 'R', 'degR', 'rankine'],
    ],
  },
  speed: {
    base: 'm/s',
    rows: [
      ['m/s', 'metre per second', '1', 'mps'],
      ['km/h', 'kilometre per hour', '1000/3600', 'kph', 'kmh', 'km/hr'],
      ['mph', 'mile per hour', '1609.344/3600', 'mi/h'],
      ['kn', 'knot', '1852/3600', 'knot', 'knots', 'kt'],
      ['ft/s', 'foot per second', '0.3048', 'fps'],
    ],
  },
  time: {
    base: 's',
    rows: [
      ['ns', 'nanosecond', '0.000000001'],
      ['µs', 'microsecond', '0.000001', 'us'],
      ['ms', 'millisecond', '0.001'],
      ['s', 'second', '1', 'sec', 'second', 'seconds'],
      ['min', 'minute', '60', 'minute', 'minutes'],
      ['h', 'hour', '3600', 'hr', 'hour', 'hours'],
      ['d', 'day', '86400', 'day', 'days'],
      ['wk', 'week', '604800', 'week', 'weeks'],
      ['yr', 'Julian year (365.25 d)', '31557600', 'year', 'years'],
    ],
  },
  data: {
    base: 'bit',
    rows: [
      ['bit', 'bit', '1', 'bits'],
      ['B', 'byte', '8', 'byte', 'bytes', 'octet'],
      ['kbit', 'kilobit (1000 bit)', '1000', 'kb', 'kilobit'],
      ['Mbit', 'megabit', '1000000', 'Mb', 'megabit'],
      ['Gbit', 'gigabit', '1000000000', 'Gb', 'gigabit'],
      ['Tbit', 'terabit', '1000000000000', 'Tb', 'terabit'],
      ['kB', 'kilobyte (1000 B)', '8000', 'kilobyte'],
      ['MB', 'megabyte (10⁶ B)', '8000000', 'megabyte'],
      ['GB', 'gigabyte (10⁹ B)', '8000000000', 'gigabyte'],
      ['TB', 'terabyte (10¹² B)', '8000000000000', 'terabyte'],
      ['PB', 'petabyte (10¹⁵ B)', '8000000000000000', 'petabyte'],
      ['EB', 'exabyte (10¹⁸ B)', '8000000000000000000', 'exabyte'],
      ['Kibit', 'kibibit (1024 bit)', '1024', 'kibibit'],
      ['Mibit', 'mebibit', '1048576', 'mebibit'],
      ['Gibit', 'gibibit', '1073741824', 'gibibit'],
      ['KiB', 'kibibyte (1024 B)', '8192', 'kibibyte'],
      ['MiB', 'mebibyte (2²⁰ B)', '8388608', 'mebibyte'],
      ['GiB', 'gibibyte (2³⁰ B)', '8589934592', 'gibibyte'],
      ['TiB', 'tebibyte (2⁴⁰ B)', '8796093022208', 'tebibyte'],
      ['PiB', 'pebibyte (2⁵⁰ B)', '9007199254740992', 'pebibyte'],
      ['EiB', 'exbibyte (2⁶⁰ B)', '9223372036854775808', 'exbibyte'],
    ],
  },
  energy: {
    base: 'J',
    rows: [
      ['J', 'joule', '1', 'joule', 'joules'],
      ['kJ', 'kilojoule', '1000', 'kilojoule'],
      ['MJ', 'megajoule', '1000000', 'megajoule'],
      ['Wh', 'watt-hour', '3600', 'watt hour'],
      ['kWh', 'kilowatt-hour', '3600000', 'kilowatt hour'],
      ['MWh', 'megawatt-hour', '3600000000'],
      ['cal', 'calorie (thermochemical, 4.184 J)', '4.184', 'calorie', 'calories'],
      ['kcal', 'kilocalorie (food Calorie)', '4184', 'Cal', 'kilocalorie'],
      ['BTU', 'British thermal unit (IT)', '1055.05585262', 'btu', 'Btu'],
      ['eV', 'electronvolt', '0.0000000000000000001602176634', 'electronvolt'],
      ['erg', 'erg', '0.0000001'],
      ['ft-lbf', 'foot-pound force', `0.3048*${LBF}`, 'ft lbf', 'ft·lbf', 'foot-pound', 'ftlb'],
    ],
  },
  pressure: {
    base: 'Pa',
    rows: [
      ['Pa', 'pascal', '1', 'pascal'],
      ['hPa', 'hectopascal', '100'],
      ['kPa', 'kilopascal', '1000'],
      ['MPa', 'megapascal', '1000000'],
      ['bar', 'bar', '100000'],
      ['mbar', 'millibar', '100', 'millibar'],
      ['atm', 'standard atmosphere', '101325', 'atmosphere'],
      ['at', 'technical atmosphere (kgf/cm²)', '98066.5', 'kgf/cm2'],
      ['psi', 'pound-force per square inch', `${LBF}/0.0254/0.0254`, 'lbf/in2'],
      ['Torr', 'torr (atm/760)', '101325/760', 'torr'],
      ['mmHg', 'millimetre of mercury (conventional)', '133.322387415'],
      ['inHg', 'inch of mercury (conventional)', '25.4*133.322387415'],
    ],
  },
  fuel: {
    base: 'km/L',
    rows: [
      ['km/L', 'kilometres per litre', '1', 'kmpl', 'kpl'],
      ['L/100km', 'litres per 100 km (reciprocal)', '100', 'l/100km', 'l/100 km'],
      ['mpg', 'miles per US gallon', '1.609344/3.785411784', 'mpg us', 'mpg-us'],
      ['mpg-imp', 'miles per imperial gallon', '1.609344/4.54609', 'mpg uk', 'mpg imp', 'mpgimp'],
      ['gal/100mi', 'US gallons per 100 miles (reciprocal)', '160.9344/3.785411784'],
    ],
  },
  angle: {
    base: '°',
    rows: [
      ['deg', 'degree', '1', '°', 'degree', 'degrees'],
      ['rad', 'radian', '180/pi', 'radian', 'radians'],
      ['mrad', 'milliradian', '0.18/pi', 'milliradian'],
      ['grad', 'gradian', '0.9', 'gon', 'gradian'],
      ['arcmin', 'minute of arc', '1/60', '′', 'arcminute'],
      ['arcsec', 'second of arc', '1/3600', '″', 'arcsecond'],
      ['turn', 'turn', '360', 'rev', 'revolution'],
    ],
  },
};

/** Units whose value is inversely proportional to the base (k / value). */
const RECIPROCAL = new Set(['L/100km', 'gal/100mi']);
/** Temperature: K = (x + offset) × factor. */
const OFFSET: Record<string, string> = { K: '0', '°C': '273.15', '°F': '459.67', '°R': '0' };

export interface UnitDef {
  id: string;
  name: string;
  factor: string;
  category: Category;
}

const UNITS: UnitDef[] = [];
/**
 * The units people convert most, offered as `from`/`to` examples (the form's pick list). Not every unit: each
 * listed id costs tokens in every host's tool listing; any other unit of the table is typed.
 */
export const COMMON_UNITS = 'm km cm in ft mi kg g lb oz L mL gal °C °F km/h mph m² kWh kcal'.split(' ');
/** Exact spellings (ids and aliases) → units; normalised spellings → units (may be several: then ambiguous). */
const exact = new Map<string, UnitDef[]>();
const loose = new Map<string, UnitDef[]>();
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\s_·*]+/g, '')
    .replace(/²/g, '2')
    .replace(/³/g, '3')
    .replace(/µ|μ/g, 'u')
    .replace(/^°|deg(?=[cfr]$)/, '')
    .replace(/-/g, '');
const add = (map: Map<string, UnitDef[]>, key: string, u: UnitDef) => {
  const list = map.get(key) ?? [];
  if (!list.includes(u)) list.push(u);
  map.set(key, list);
};
for (const category of CATEGORIES) {
  for (const [id, name, factor, ...aliases] of TABLE[category].rows) {
    const u = { id, name, factor, category };
    UNITS.push(u);
    for (const s of [id, ...aliases]) {
      add(exact, s, u);
      add(loose, norm(s), u);
    }
  }
}
/** Exact spellings win over loose ones ("Cal" is the food calorie, "cal" the small one; "kb" is the kilobit). */
export function findUnit(text: string, field: 'from' | 'to', category?: Category): UnitDef {
  const inCat = (list: UnitDef[] | undefined) => (list ?? []).filter((u) => !category || u.category === category);
  let hits = inCat(exact.get(text.trim()));
  if (hits.length !== 1) hits = inCat(loose.get(norm(text)));
  if (hits.length === 1) return hits[0];
  if (hits.length > 1)
    throw new ToolError(`\`${field}\` "${text}" is ambiguous: use ${hits.map((u) => `${u.id} (${u.name})`).join(' or ')}`, 400, { field });
  const pool = UNITS.filter((u) => !category || u.category === category);
  const hint = didYouMean(
    text,
    pool.flatMap((u) => [u.id, ...(TABLE[u.category].rows.find((r) => r[0] === u.id)?.slice(3) ?? [])]),
  );
  const guess = hint ? ` (did you mean "${hint}"?)` : '';
  const known = category ? `${category} units: ${pool.map((u) => u.id).join(', ')}` : 'the units are listed in the tool description';
  throw new ToolError(`\`${field}\`: unknown unit "${text}"${category ? ` in ${category}` : ''}${guess}; ${known}`, 400, { field });
}

export function unitsOf(category: Category): string[] {
  return TABLE[category].rows.map((r) => r[0]);
}

function evalFactor(D: DecimalCtor, expr: string): Dec {
  const tokens = expr.split(/([*/])/);
  const val = (t: string) => (t === 'pi' ? D.acos(-1) : new D(t));
  let acc = val(tokens[0]);
  for (let i = 1; i < tokens.length; i += 2) acc = tokens[i] === '*' ? acc.times(val(tokens[i + 1])) : acc.div(val(tokens[i + 1]));
  return acc;
}

const sig15 = (d: Dec) => d.toSignificantDigits(15).toString();

export interface Conversion {
  result: number;
  resultText: string;
  factor: number | null;
  formula: string;
}

export async function convert(value: number, from: UnitDef, to: UnitDef): Promise<Conversion> {
  const D = await loadDecimal();
  const v = new D(value);
  const f1 = evalFactor(D, from.factor);
  const f2 = evalFactor(D, to.factor);
  const cat = from.category;
  const base = TABLE[cat].base;
  let out: Dec;
  let factor: number | null = null;
  let formula: string;
  if (cat === 'temperature') {
    const kelvin = v.plus(OFFSET[from.id]).times(f1);
    if (kelvin.isNegative() && !kelvin.isZero())
      throw new ToolError(`\`value\` ${value} ${from.id} is below absolute zero (0 K)`, 400, { field: 'value' });
    out = kelvin.div(f2).minus(OFFSET[to.id]);
    formula = `K = (${from.id} + ${OFFSET[from.id]}) × ${from.factor}; ${to.id} = K / ${to.factor} − ${OFFSET[to.id]}`;
  } else if (RECIPROCAL.has(from.id) || RECIPROCAL.has(to.id)) {
    if (!v.isPositive() || v.isZero())
      throw new ToolError(`\`value\` must be greater than 0 for fuel economy (${from.id} ↔ ${to.id} is reciprocal)`, 400, {
        field: 'value',
      });
    const inBase = RECIPROCAL.has(from.id) ? f1.div(v) : v.times(f1);
    out = RECIPROCAL.has(to.id) ? f2.div(inBase) : inBase.div(f2);
    const k = RECIPROCAL.has(from.id) !== RECIPROCAL.has(to.id);
    if (k) {
      const c = RECIPROCAL.has(from.id) ? f1.div(f2) : f2.div(f1);
      formula = `${to.id} = ${sig15(c)} / ${from.id}`;
    } else {
      factor = f2.div(f1).toNumber();
      formula = `${to.id} = ${from.id} × ${sig15(f2.div(f1))}`;
    }
  } else {
    const ratio = f1.div(f2);
    out = v.times(ratio);
    factor = ratio.toNumber();
    formula = `1 ${from.id} = ${sig15(f1)} ${base}; 1 ${to.id} = ${sig15(f2)} ${base}; ${to.id} = ${from.id} × ${sig15(ratio)}`;
  }
  return { result: out.toNumber() + 0, resultText: sig15(out), factor, formula };
}

export default defineTool({
  slug: 'unit-converter',
  title: 'Unit converter',
  summary: 'Convert length, weight, volume, temperature, speed, data and more.',
  featured: true,
  keywords: {
    en: [
      'convert units',
      'metric',
      'imperial',
      'length',
      'weight',
      'temperature',
      'volume',
      'miles',
      'km',
      'pounds',
      'kg',
      'units',
      'metric to imperial',
      'feet',
      'inches',
      'ounces',
      'gallons',
      'Celsius',
      'Fahrenheit',
      'mph',
      'km/h',
      'cm',
      'litres',
      'gram',
      'kilogram',
      'ounce',
      'mile',
      'kilometre',
      'kilometer',
    ],
    nl: [
      'eenheden omrekenen',
      'omrekenen',
      'lengte',
      'gewicht',
      'temperatuur',
      'inhoud',
      'eenheden',
      'metriek',
      'centimeter',
      'meter',
      'voet',
      'duim',
      'pond',
      'ons',
      'liter',
      'graden',
      'kilo',
      'kilometer',
      'gram',
    ],
  },
  description:
    'Converts `value` between units with exact definitional factors (NIST SP 811, SI Brochure, IEC 80000-13), in 40-digit decimals. ' +
    'Units by category: length m km cm mm µm nm in ft yd mi nmi; mass kg g mg µg t lb oz st short-ton long-ton gr ct; volume m³ L dL cL mL cm³ in³ ft³ gal qt pt cup fl-oz tbsp tsp (US) imp-gal imp-qt imp-pt imp-fl-oz bbl; ' +
    'area m² km² cm² mm² ha a in² ft² yd² ac mi²; temperature K °C °F °R (affine; below 0 K refused); speed m/s km/h mph kn ft/s; time ns µs ms s min h d wk yr (Julian 365.25 d); ' +
    'data bit B kbit Mbit Gbit Tbit kB MB GB TB PB EB (SI) Kibit Mibit Gibit KiB MiB GiB TiB PiB EiB (IEC); energy J kJ MJ Wh kWh MWh cal kcal BTU eV erg ft-lbf; ' +
    'pressure Pa hPa kPa MPa bar mbar atm at psi Torr mmHg inHg; fuel km/L L/100km mpg mpg-imp gal/100mi (reciprocal ones need value > 0); angle deg rad mrad grad arcmin arcsec turn. ' +
    'Common names and spellings work (mile, kph, degF, m2); ambiguous ones (KB) are refused.',
  resultView: { kind: 'figure', field: 'result', unit: '@to', label: 'Converted', detail: ['toName'] },
  input: z.strictObject({
    value: z.number().min(-1e100).max(1e100).describe('Value to convert'),
    from: z.string().min(1).max(40).describe('Unit of value, e.g. mi').meta({ examples: COMMON_UNITS }),
    to: z.string().min(1).max(40).describe('Target unit, e.g. km').meta({ examples: COMMON_UNITS }),
    category: z.enum(CATEGORIES).optional().describe('Restrict unit lookup to one category'),
  }),
  output: z.object({
    value: z.number(),
    from: z.string(),
    to: z.string(),
    fromName: z.string(),
    toName: z.string(),
    category: z.enum(CATEGORIES),
    result: z.number(),
    resultText: z.string(),
    factor: z.number().nullable(),
    formula: z.string(),
  }),
  examples: [
    // Definition (NIST SP 811 B.8): 1 mi = 1609.344 m, so 26.2 mi (a marathon, rounded) = 42.1648128 km.
    {
      name: 'Miles to kilometres',
      input: { value: 26.2, from: 'mile', to: 'km' },
      output: {
        value: 26.2,
        from: 'mi',
        to: 'km',
        fromName: 'mile',
        toName: 'kilometre',
        category: 'length',
        result: 42.1648128,
        resultText: '42.1648128',
        factor: 1.609344,
        formula: '1 mi = 1609.344 m; 1 km = 1000 m; km = mi × 1.609344',
      },
    },
    // Wikipedia "Fahrenheit": body temperature 98.6 °F = 37 °C; −40 is where both scales meet.
    {
      name: 'Fahrenheit to Celsius',
      input: { value: 98.6, from: 'degF', to: 'C' },
      output: {
        value: 98.6,
        from: '°F',
        to: '°C',
        fromName: 'degree Fahrenheit',
        toName: 'degree Celsius',
        category: 'temperature',
        result: 37,
        resultText: '37',
        factor: null,
        formula: 'K = (°F + 459.67) × 5/9; °C = K / 1 − 273.15',
      },
    },
    // Wikipedia "Fuel economy in automobiles": 100 / (mpg × 1.609344 / 3.785411784) L/100 km; 235.215 / mpg; 30 mpg (US) ≈ 7.84 L/100 km.
    {
      name: 'US mpg to litres per 100 km (reciprocal)',
      input: { value: 30, from: 'mpg', to: 'L/100km' },
      output: {
        value: 30,
        from: 'mpg',
        to: 'L/100km',
        fromName: 'miles per US gallon',
        toName: 'litres per 100 km (reciprocal)',
        category: 'fuel',
        result: 7.840486111111111,
        resultText: '7.84048611111111',
        factor: null,
        formula: 'L/100km = 235.214583333333 / mpg',
      },
    },
    // IEC 80000-13: 1 GiB = 2³⁰ B = 1.073741824 GB.
    {
      name: 'GiB to GB (IEC vs SI)',
      input: { value: 1, from: 'GiB', to: 'GB' },
      output: {
        value: 1,
        from: 'GiB',
        to: 'GB',
        fromName: 'gibibyte (2³⁰ B)',
        toName: 'gigabyte (10⁹ B)',
        category: 'data',
        result: 1.073741824,
        resultText: '1.073741824',
        factor: 1.073741824,
        formula: '1 GiB = 8589934592 bit; 1 GB = 8000000000 bit; GB = GiB × 1.073741824',
      },
    },
  ],
  async run({ value, from, to, category }) {
    const a = findUnit(from, 'from', category);
    let b: UnitDef;
    try {
      b = findUnit(to, 'to', category ?? a.category);
    } catch (err) {
      if (category) throw err;
      b = findUnit(to, 'to'); // a unit of another category gives the clearer message below
    }
    if (a.category !== b.category)
      throw new ToolError(`\`to\`: ${b.id} is ${b.category}, ${a.id} is ${a.category}; units must share a category`, 400, { field: 'to' });
    const c = await convert(value, a, b);
    return { value, from: a.id, to: b.id, fromName: a.name, toName: b.name, category: a.category, ...c };
  },
});
