import { readFileSync } from 'node:fs';
import { domainToASCII } from 'node:url';
import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { assetPath } from '../../src/core/paths.js';
import { lazy } from '../_lib/lazy.js';

/** Popular mailbox providers added to the spell checker's list (Dutch and Belgian ones, and the big webmails). */
const EXTRA_DOMAINS = [
  'gmail.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'yahoo.com',
  'icloud.com',
  'hotmail.nl',
  'live.nl',
  'outlook.nl',
  'ziggo.nl',
  'kpnmail.nl',
  'kpnplanet.nl',
  'planet.nl',
  'home.nl',
  'xs4all.nl',
  'hetnet.nl',
  'casema.nl',
  'upcmail.nl',
  'chello.nl',
  'quicknet.nl',
  'telfort.nl',
  'zeelandnet.nl',
  'telenet.be',
  'skynet.be',
  'proximus.be',
  'gmx.de',
  'gmx.net',
  't-online.de',
];
const SECOND_LEVEL = ['gmail', 'yahoo', 'hotmail', 'mail', 'live', 'outlook', 'icloud', 'ziggo', 'kpnmail', 'xs4all', 'gmx'];

/** The domain lists a suggestion is drawn from. */
export interface SuggestionLists {
  domains: string[];
  topLevelDomains: string[];
  secondLevelDomains: string[];
}

/** The spell checker (loaded on first use) and the tool's lists: its popular domains and TLDs plus the ones above. */
const loadSpellChecker = lazy(async () => {
  const { POPULAR_DOMAINS, POPULAR_TLDS, run } = await import('@zootools/email-spell-checker');
  const lists: SuggestionLists = {
    domains: [...new Set([...POPULAR_DOMAINS, ...EXTRA_DOMAINS])],
    topLevelDomains: POPULAR_TLDS,
    secondLevelDomains: SECOND_LEVEL,
  };
  return { suggestDomain: run, lists };
});

/** The disposable-email-domains blocklist (CC0), one domain a line. Loaded on first use. */
let disposable: Set<string> | undefined;
function isDisposable(domain: string): boolean {
  disposable ??= new Set(
    readFileSync(assetPath('validation', 'disposable-email-domains.txt'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#')),
  );
  // A subdomain of a listed domain is disposable too (x.mailinator.com).
  const labels = domain.split('.');
  for (let i = 0; i < labels.length - 1; i++) if (disposable.has(labels.slice(i).join('.'))) return true;
  return false;
}

const ATEXT = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The practical syntax: dot-atom local part (RFC 5322 atext, no leading,
 * trailing or double dots, ≤ 64 octets) @ a DNS host name of at least two
 * labels (letters, digits, hyphens; ≤ 63 per label; not all-numeric TLD;
 * Unicode domains converted with IDNA), total ≤ 254 octets (RFC 5321 path limit).
 * Returns the reason when the address is outside it, and the ASCII domain.
 */
function checkSyntax(email: string): { reason: string | null; domain: string } {
  const at = email.lastIndexOf('@');
  if (at < 0) return { reason: 'an e-mail address needs an @', domain: '' };
  const local = email.slice(0, at);
  const rawDomain = email.slice(at + 1);
  if (!local) return { reason: 'the part before the @ is empty', domain: '' };
  if (!rawDomain) return { reason: 'the domain after the @ is empty', domain: '' };
  if (/\s/.test(email)) return { reason: 'an e-mail address contains no spaces or line breaks', domain: '' };
  if (local.includes('@')) return { reason: 'an e-mail address has exactly one @ (quoted local parts are not accepted)', domain: '' };
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..'))
    return { reason: 'the part before the @ may not start or end with a dot or have two dots in a row', domain: '' };
  if (!local.split('.').every((atom) => ATEXT.test(atom)))
    return {
      reason: 'the part before the @ has a character that is not allowed (quotes, comments, brackets and non-ASCII are not accepted)',
      domain: '',
    };
  if (local.length > 64) return { reason: 'the part before the @ is longer than 64 characters', domain: '' };
  if (rawDomain.startsWith('[')) return { reason: 'IP address literals ([…]) are not accepted', domain: '' };
  const domain = /\P{ASCII}/u.test(rawDomain) ? domainToASCII(rawDomain) : rawDomain.toLowerCase();
  if (!domain) return { reason: 'the domain is not a valid internationalised domain name', domain: '' };
  const labels = domain.split('.');
  if (labels.length < 2) return { reason: 'the domain needs at least one dot (e.g. example.com)', domain };
  if (!labels.every((l) => LABEL.test(l)))
    return { reason: 'each part of the domain is 1–63 letters, digits or hyphens, not starting or ending with a hyphen', domain };
  if (/^\d+$/.test(labels[labels.length - 1])) return { reason: 'the top-level domain may not be all digits', domain };
  if (domain.length > 253) return { reason: 'the domain is longer than 253 characters', domain };
  if (local.length + 1 + domain.length > 254) return { reason: 'the address is longer than 254 characters', domain };
  return { reason: null, domain };
}

/**
 * The spell checker builds a RegExp from the top-level domain and runs encodeURI
 * on the address, so it only sees domains made of letters, digits, dots, hyphens,
 * underscores and '#' (a common slip), never regex metacharacters.
 */
const SUGGESTABLE_DOMAIN = /^[\p{L}\p{N}.#_-]{1,253}$/u;

/** A likely intended address when the domain is a near miss of a popular one (mailcheck's algorithm). */
export async function suggestionFor(email: string, lists?: SuggestionLists): Promise<string | null> {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (!email.includes('@') || !SUGGESTABLE_DOMAIN.test(domain)) return null;
  const checker = await loadSpellChecker();
  try {
    const s = checker.suggestDomain({ email, ...(lists ?? checker.lists) });
    return s && s.full.toLowerCase() !== email.toLowerCase() ? s.full : null;
  } catch {
    return null; // encodeURI throws on a lone surrogate in the local part: no suggestion then
  }
}

export default defineTool({
  slug: 'email-validator',
  title: 'E-mail address validator',
  summary: 'Check an e-mail address for typos, bad syntax and throwaway domains.',
  keywords: {
    en: ['email check', 'email verification', 'disposable email', 'typo in domain', 'email address', 'valid email', 'verify', 'validate'],
    nl: ['e-mailadres controleren', 'email', 'mailadres', 'geldig', 'e-mailadres', 'geldig e-mailadres', 'valideren', 'klopt'],
  },
  description:
    'Checks an e-mail address the way a sign-up form should: syntax, typo suggestion and disposable domain; no DNS or mailbox check. ' +
    "Syntax (`syntax_ok`) is a practical subset of RFC 5321/5322: a dot-atom local part (letters, digits and !#$%&'*+/=?^_`{|}~- with single dots inside, ≤ 64 characters) @ a host name with at least one dot (labels of letters, digits and inner hyphens, ≤ 63 each, TLD not all digits; Unicode domains are accepted via IDNA), ≤ 254 characters in all. " +
    'Rejected although RFC 5322 allows them: quoted local parts, comments and folding white space, IP address literals, dotless domains, non-ASCII local parts, surrounding spaces (isemail categories VALID and DNSWARN are accepted; RFC5321, RFC5322, CFWS, DEPREC and ERR are rejected). ' +
    '`suggestion`: the corrected address when the domain looks like a typo of a popular provider (gmail.con → gmail.com, hotmial.com → hotmail.com, ziggo.nk → ziggo.nl), else null. `disposable`: the domain (or a parent domain) is on the disposable-email-domains blocklist (8,335 domains). ' +
    '`valid` = syntax_ok and not disposable. `reason` says why syntax_ok is false (null when true).',
  resultView: { kind: 'figure', field: 'valid', label: 'Valid e-mail address', detail: ['suggestion', 'reason'] },
  input: z.strictObject({
    email: z.string().max(1000).describe('The e-mail address, exactly as entered'),
  }),
  output: z.object({
    valid: z.boolean().describe('syntax_ok and not disposable'),
    syntax_ok: z.boolean(),
    suggestion: z.string().nullable().describe('Corrected address for a likely typo in a popular domain, or null'),
    disposable: z.boolean(),
    reason: z.string().nullable().describe('Why the syntax is not accepted; null when it is'),
  }),
  examples: [
    {
      name: 'A typo in the domain',
      input: { email: 'jan.jansen@gmail.con' },
      output: { valid: true, syntax_ok: true, suggestion: 'jan.jansen@gmail.com', disposable: false, reason: null },
    },
    {
      name: 'A disposable address',
      input: { email: 'test@mailinator.com' },
      output: { valid: false, syntax_ok: true, suggestion: null, disposable: true, reason: null },
    },
    {
      name: 'Two dots in a row',
      input: { email: 'jan..jansen@example.nl' },
      output: {
        valid: false,
        syntax_ok: false,
        suggestion: null,
        disposable: false,
        reason: 'the part before the @ may not start or end with a dot or have two dots in a row',
      },
    },
  ],
  async run({ email }) {
    const { reason, domain } = checkSyntax(email);
    const isDisposableDomain = domain !== '' && isDisposable(domain);
    return {
      valid: reason === null && !isDisposableDomain,
      syntax_ok: reason === null,
      suggestion: await suggestionFor(email),
      disposable: isDisposableDomain,
      reason,
    };
  },
});
