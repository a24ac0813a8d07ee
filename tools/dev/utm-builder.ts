import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { LIMITS } from '../../src/core/limits.js';

const TAGS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
type Tag = (typeof TAGS)[number];
const REQUIRED: readonly Tag[] = ['source', 'medium', 'campaign'];
const MAX_URL = 8192;

/** Parses the URL, adding https:// when no scheme is given; only http(s) URLs can carry UTM tags. */
function parseUrl(raw: string, warnings: string[]): URL {
  let text = raw.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    const scheme = /^([a-z][a-z0-9+.-]*):(?!\d)/i.exec(text);
    if (scheme) throw new ToolError(`url must be an http or https URL, not "${scheme[1]}:"`);
    text = `https://${text}`;
    warnings.push('url had no scheme, so "https://" was added');
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ToolError(`url is not a valid URL: ${JSON.stringify(raw.slice(0, 80))}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ToolError(`url must be an http or https URL, not "${url.protocol}"`);
  }
  return url;
}

function decodeComponent(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

const tagField = (what: string, example: string) => z.string().max(LIMITS.short).optional().describe(`utm_${what}: ${example}`);

export default defineTool({
  slug: 'utm-builder',
  title: 'UTM link builder',
  summary: 'Add UTM campaign tags to a link for Google Analytics.',
  keywords: {
    en: ['campaign URL', 'tracking link', 'Google Analytics', 'utm parameters', 'marketing link', 'UTM', 'UTM tags', 'campaign tracking'],
    nl: ['campagnelink', 'tracking', 'utm', 'google analytics', 'nieuwsbrief link', 'campagne', 'tracking link'],
  },
  description:
    'Adds Google Analytics UTM tags (utm_source, utm_medium, utm_campaign, utm_term, utm_content) to an http(s) URL. Existing query parameters and the #fragment are kept as they are; a tag you give replaces the same utm_ parameter already in the URL (with a warning), and utm_ parameters you do not give are kept. ' +
    'Values are trimmed and percent-encoded (a space becomes %20); empty values count as not given. A URL without a scheme gets "https://" (with a warning); other schemes and invalid URLs give a 400. ' +
    '`baseUrl` is the URL without query and fragment; `params` holds the five tags of the final link (null when absent). ' +
    '`warnings` (empty when all is well): an added scheme, replaced tags, missing required tags (source, medium and campaign) and values with upper-case letters (analytics tools count "Email" and "email" separately).',
  resultView: { kind: 'text', field: 'url' },
  input: z.strictObject({
    url: z.string().min(1).max(MAX_URL).describe('The landing page URL, e.g. "https://example.com/page?ref=nav"'),
    source: tagField('source', 'where the traffic comes from, e.g. "newsletter", "google" (required for attribution)'),
    medium: tagField('medium', 'the marketing medium, e.g. "email", "cpc" (required for attribution)'),
    campaign: tagField('campaign', 'the campaign name, e.g. "spring_sale" (required for attribution)'),
    term: tagField('term', 'paid search keyword (optional)'),
    content: tagField('content', 'which link or ad variant, e.g. "header_button" (optional)'),
  }),
  output: z.object({
    url: z.string().describe('The tagged link'),
    baseUrl: z.string().describe('The URL without query string and fragment'),
    params: z.object({
      utm_source: z.string().nullable(),
      utm_medium: z.string().nullable(),
      utm_campaign: z.string().nullable(),
      utm_term: z.string().nullable(),
      utm_content: z.string().nullable(),
    }),
    warnings: z.array(z.string()),
  }),
  examples: [
    {
      name: 'Existing parameters and fragment kept',
      input: { url: 'https://example.com/page?ref=nav#top', source: 'newsletter', medium: 'email', campaign: 'spring_sale' },
      output: {
        url: 'https://example.com/page?ref=nav&utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale#top',
        baseUrl: 'https://example.com/page',
        params: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring_sale', utm_term: null, utm_content: null },
        warnings: [],
      },
    },
    {
      name: 'Missing campaign and an upper-case source',
      input: { url: 'https://shop.example.nl', source: 'Google', medium: 'cpc' },
      output: {
        url: 'https://shop.example.nl/?utm_source=Google&utm_medium=cpc',
        baseUrl: 'https://shop.example.nl/',
        params: { utm_source: 'Google', utm_medium: 'cpc', utm_campaign: null, utm_term: null, utm_content: null },
        warnings: [
          'utm_campaign is missing (source, medium and campaign are the required tags)',
          'utm_source "Google" has upper-case letters; analytics tools treat UTM values as case-sensitive, so prefer lower case ("google")',
        ],
      },
    },
    {
      name: 'No scheme, a space in the campaign and an existing tag replaced',
      input: { url: 'example.com/?utm_source=old&x=1', source: 'linkedin', medium: 'social', campaign: 'launch week', content: 'video' },
      output: {
        url: 'https://example.com/?x=1&utm_source=linkedin&utm_medium=social&utm_campaign=launch%20week&utm_content=video',
        baseUrl: 'https://example.com/',
        params: { utm_source: 'linkedin', utm_medium: 'social', utm_campaign: 'launch week', utm_term: null, utm_content: 'video' },
        warnings: ['url had no scheme, so "https://" was added', 'utm_source was already in the URL; its value was replaced'],
      },
    },
  ],
  run(input) {
    const warnings: string[] = [];
    const url = parseUrl(input.url, warnings);
    const given = new Map<Tag, string>();
    for (const tag of TAGS) {
      const v = input[tag]?.trim();
      if (v) given.set(tag, v);
    }
    const params: Record<`utm_${Tag}`, string | null> = {
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
    };
    const kept: string[] = [];
    const replaced = new Set<Tag>();
    for (const pair of url.search.slice(1).split('&')) {
      if (!pair) continue;
      const eq = pair.indexOf('=');
      const key = decodeComponent(eq < 0 ? pair : pair.slice(0, eq));
      const tag = key.startsWith('utm_') ? (key.slice(4) as Tag) : undefined;
      if (tag && TAGS.includes(tag)) {
        if (given.has(tag)) {
          replaced.add(tag);
          continue;
        }
        params[`utm_${tag}`] ??= decodeComponent(eq < 0 ? '' : pair.slice(eq + 1));
      }
      kept.push(pair);
    }
    for (const [tag, value] of given) {
      kept.push(`utm_${tag}=${encodeURIComponent(value)}`);
      params[`utm_${tag}`] = value;
    }
    url.search = kept.join('&');
    for (const tag of TAGS) if (replaced.has(tag)) warnings.push(`utm_${tag} was already in the URL; its value was replaced`);
    for (const tag of REQUIRED) {
      if (!params[`utm_${tag}`]) warnings.push(`utm_${tag} is missing (source, medium and campaign are the required tags)`);
    }
    for (const tag of TAGS) {
      const v = params[`utm_${tag}`];
      if (v && v !== v.toLowerCase()) {
        warnings.push(
          `utm_${tag} ${JSON.stringify(v)} has upper-case letters; analytics tools treat UTM values as case-sensitive, so prefer lower case (${JSON.stringify(v.toLowerCase())})`,
        );
      }
    }
    return { url: url.href, baseUrl: `${url.origin}${url.pathname}`, params, warnings };
  },
});
