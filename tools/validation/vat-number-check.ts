import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { lazy } from '../_lib/lazy.js';

/** VAT prefixes covered: the 27 EU member states (Greece = EL), EU (non-Union OSS scheme), GB, XI (Northern Ireland) and CH. */
const EU = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];
const PREFIXES = new Set([...EU, 'EU', 'GB', 'XI', 'CH']);

/**
 * jsvat (loaded on first use) and its rule sets for those prefixes (it files
 * Greece under GR and has no XI: Northern Ireland uses the GB rules).
 */
const loadJsvat = lazy(async () => {
  const { checkVAT, countries } = await import('jsvat');
  return { checkVAT, countries: countries.filter((c) => PREFIXES.has(c.codes[0]) || c.codes[0] === 'GR') };
});

const NAMES: Record<string, string> = {
  EL: 'Greece',
  EU: 'European Union (non-Union OSS scheme)',
  XI: 'United Kingdom (Northern Ireland)',
  GB: 'United Kingdom',
  CH: 'Switzerland',
};
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (prefix: string) => NAMES[prefix] ?? regionNames.of(prefix) ?? prefix;

const NOTE =
  'Syntax and check-digit test only: no registry (VIES, HMRC, UID register) was consulted, so a valid format does not prove the number is issued or active.';

/** Romanian individuals use their 13-digit CNP (personal numeric code) as VAT number. */
function isValidRomanianCnp(cnp: string): boolean {
  if (!/^[1-9]\d{12}$/.test(cnp)) return false;
  const weights = [2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9];
  const sum = weights.reduce((s, w, i) => s + w * Number(cnp[i]), 0);
  const check = sum % 11 === 10 ? 1 : sum % 11;
  const month = Number(cnp.slice(3, 5));
  const day = Number(cnp.slice(5, 7));
  return check === Number(cnp[12]) && month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

interface Parsed {
  prefix: string;
  /** Normalised VAT number, prefix included. */
  normalized: string;
  /** What to hand to jsvat (its own conventions). */
  forCheck: string;
}

/** Upper-case, drop separators, apply each country's compact form (zero padding, suffixes). */
function parse(input: string): Parsed | string {
  const compact = input.toUpperCase().replace(/[\s.,:;\-/()]/g, '');
  if (!/^[A-Z]{2}/.test(compact)) return 'a VAT number starts with a two-letter country prefix (e.g. NL, DE, EL, GB, CHE)';
  let prefix = compact.slice(0, 2);
  let body = compact.slice(2);
  if (prefix === 'GR') prefix = 'EL'; // the VAT prefix of Greece is EL
  if (!PREFIXES.has(prefix)) return `${prefix} is not covered: only the EU member states (Greece as EL), EU (OSS), GB, XI and CH`;
  if (prefix === 'CH') {
    const m = /^E(\d{9})(MWST|TVA|IVA|TPV)?$/.exec(body);
    if (!m) return 'a Swiss VAT number is CHE + 9 digits, optionally followed by MWST, TVA, IVA or TPV';
    return { prefix, normalized: `CHE${m[1]}${m[2] ?? ''}`, forCheck: `CHE${m[1]}` };
  }
  if (prefix === 'EL' && /^\d{8}$/.test(body)) body = '0' + body;
  if (prefix === 'BE' && /^\d{9}$/.test(body)) body = '0' + body;
  if (prefix === 'NL') {
    const m = /^(\d{1,9})B(\d{2})$/.exec(body);
    if (m) body = `${m[1].padStart(9, '0')}B${m[2]}`;
  }
  return { prefix, normalized: prefix + body, forCheck: (prefix === 'XI' ? 'GB' : prefix) + body };
}

async function check({ prefix, forCheck }: Parsed): Promise<string | null> {
  if (prefix === 'RO' && /^RO\d{13}$/.test(forCheck))
    return isValidRomanianCnp(forCheck.slice(2)) ? null : 'the check digit or date of the Romanian CNP is wrong';
  if (prefix === 'NL' && /B00$/.test(forCheck)) return 'a Dutch VAT number ends in B01–B99, not B00';
  const jsvat = await loadJsvat();
  const r = jsvat.checkVAT(forCheck, jsvat.countries);
  if (r.isValid) return null;
  return r.isValidFormat ? 'the check digits are wrong' : `the number does not have the ${prefix} format`;
}

export default defineTool({
  slug: 'vat-number-check',
  title: 'VAT number format check',
  summary: 'Check whether an EU VAT number is correctly formed.',
  keywords: {
    en: ['VAT ID', 'VAT number', 'tax ID', 'EU VAT', 'company tax number', 'VIES', 'verify', 'validate'],
    nl: ['btw-nummer', 'btw-id', 'btw nummer controleren', 'omzetbelastingnummer', 'valideren', 'geldig'],
  },
  description:
    'Checks the syntax and check digits of a VAT identification number from any EU member state (Greece as EL; GR is accepted and normalised to EL), the United Kingdom (GB, incl. branch traders and GD/HA government numbers), Northern Ireland (XI), the EU non-Union OSS scheme (EU + 9 digits) or Switzerland (CHE + 9 digits, optional MWST/TVA/IVA/TPV). ' +
    'Spaces, dots, dashes and lower case are ignored; `normalized` is the compact form with the country prefix and national padding (e.g. NL4495445B01 → NL004495445B01, EL 94051189 → EL094051189, Belgian 9-digit numbers get a leading 0). ' +
    '`validFormat` is true when both syntax and check digits are right; `reason` says why not. No registry (VIES/HMRC) lookup is done: `note` says so. The number must start with its country prefix.',
  resultView: { kind: 'figure', field: 'validFormat', label: 'Valid format', detail: ['normalized', 'reason'] },
  input: z.strictObject({
    vatNumber: z.string().max(50).describe('VAT number with its country prefix, e.g. NL004495445B01 or "DE 136 695 976"'),
  }),
  output: z.object({
    input: z.string(),
    normalized: z.string().describe('Compact form with country prefix ("" when no supported prefix was found)'),
    country: z.string().describe('English country name ("" when unknown)'),
    countryCode: z.string().describe('VAT prefix: EU code (EL for Greece), GB, XI or CH ("" when unknown)'),
    validFormat: z.boolean().describe('Syntax and check digits are right'),
    reason: z.string().nullable().describe('Why validFormat is false; null when true'),
    note: z.string(),
  }),
  examples: [
    {
      name: 'Dutch VAT number without zero padding',
      input: { vatNumber: 'NL4495445B01' },
      output: {
        input: 'NL4495445B01',
        normalized: 'NL004495445B01',
        country: 'Netherlands',
        countryCode: 'NL',
        validFormat: true,
        reason: null,
        note: NOTE,
      },
    },
    {
      name: 'German number with a wrong check digit',
      input: { vatNumber: 'DE 136 695 977' },
      output: {
        input: 'DE 136 695 977',
        normalized: 'DE136695977',
        country: 'Germany',
        countryCode: 'DE',
        validFormat: false,
        reason: 'the check digits are wrong',
        note: NOTE,
      },
    },
    {
      name: 'Swiss UID with MWST suffix',
      input: { vatNumber: 'CHE-109.298.651 MWST' },
      output: {
        input: 'CHE-109.298.651 MWST',
        normalized: 'CHE109298651MWST',
        country: 'Switzerland',
        countryCode: 'CH',
        validFormat: true,
        reason: null,
        note: NOTE,
      },
    },
  ],
  async run({ vatNumber }) {
    const parsed = parse(vatNumber);
    if (typeof parsed === 'string')
      return { input: vatNumber, normalized: '', country: '', countryCode: '', validFormat: false, reason: parsed, note: NOTE };
    const reason = await check(parsed);
    return {
      input: vatNumber,
      normalized: parsed.normalized,
      country: countryName(parsed.prefix),
      countryCode: parsed.prefix,
      validFormat: reason === null,
      reason,
      note: NOTE,
    };
  },
});
