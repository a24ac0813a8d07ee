import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { assetPath } from '../../src/core/paths.js';

interface StatusEntry {
  code: number;
  name: string;
  rfc: string;
  description: string;
  useCase: string;
}

/** The IANA registry with RFC 9110 names (assets/dev/http-status-codes.json, built from the IANA list). */
export const STATUS_CODES: readonly StatusEntry[] = (
  JSON.parse(readFileSync(assetPath('dev', 'http-status-codes.json'), 'utf8')) as { codes: StatusEntry[] }
).codes;

const CLASS_NAMES: Record<string, string> = {
  '1': 'Informational',
  '2': 'Successful',
  '3': 'Redirection',
  '4': 'Client Error',
  '5': 'Server Error',
};

const match = z.object({
  code: z.int(),
  name: z.string().describe('IANA name (RFC 9110 wording)'),
  class: z.string().describe('e.g. "4xx"'),
  className: z.string().describe('Informational, Successful, Redirection, Client Error or Server Error'),
  description: z.string(),
  useCase: z.string(),
  rfc: z.string().describe('Defining document and section, e.g. "RFC 9110, Section 15.5.5"'),
});

function toMatch(e: StatusEntry): z.infer<typeof match> {
  const digit = String(e.code)[0];
  return {
    code: e.code,
    name: e.name,
    class: `${digit}xx`,
    className: CLASS_NAMES[digit],
    description: e.description,
    useCase: e.useCase,
    rfc: e.rfc,
  };
}

function search(query: string): StatusEntry[] {
  if (/^\d{3}$/.test(query)) return STATUS_CODES.filter((e) => e.code === Number(query));
  const cls = /^([1-5])xx$/i.exec(query);
  if (cls) return STATUS_CODES.filter((e) => String(e.code)[0] === cls[1]);
  if (/^\d+$/.test(query) || /^\d[x\d]*$/i.test(query)) {
    throw new ToolError(`query "${query}" is neither a three-digit code (e.g. 404) nor a class 1xx to 5xx`);
  }
  const words = query.toLowerCase().split(/\s+/);
  const hasAll = (text: string) => words.every((w) => text.toLowerCase().includes(w));
  const inName = STATUS_CODES.filter((e) => hasAll(`${e.code} ${e.name}`));
  const inText = STATUS_CODES.filter((e) => !inName.includes(e) && hasAll(`${e.description} ${e.useCase} ${e.rfc}`));
  return [...inName, ...inText];
}

export default defineTool({
  slug: 'http-status-codes',
  title: 'HTTP status code lookup',
  summary: 'What an HTTP status code means: 404, 429, 503 and every other registered code.',
  keywords: {
    en: ['HTTP error', 'response code', '404', '500', 'status meaning', 'web error', 'status code', 'error code', 'HTTP 404'],
    nl: ['foutcode', 'statuscode', 'http fout', 'betekenis', 'foutmelding', 'http code'],
  },
  description:
    `Looks up HTTP status codes in the IANA registry (${STATUS_CODES.length} codes, names as in RFC 9110, e.g. 413 "Content Too Large", 422 "Unprocessable Content"; 306 and 418 are listed as "(Unused)", 418 being the "I'm a teapot" joke code). ` +
    '`query`: a three-digit code ("404"), a class ("4xx", 1xx to 5xx), or words searched case-insensitively (every word must occur): matches in the code and name ("404 not found") come first, then matches in the description, use case or RFC reference, each in code order ("redirect", "too large", "RFC 6585"). ' +
    'Each match gives the name, class, description, a typical use case and the defining RFC section. A code that is not registered (e.g. 499 or nginx/Cloudflare codes) gives found: false with no matches. Temporary registrations (104) are not included.',
  resultView: { kind: 'table', field: 'matches', label: 'Status codes' },
  input: z.strictObject({
    query: z.string().trim().min(1).max(100).describe('A code ("404"), a class ("4xx") or words ("not found", "redirect")'),
  }),
  output: z.object({
    query: z.string(),
    found: z.boolean(),
    count: z.int(),
    matches: z.array(match),
  }),
  examples: [
    {
      name: 'By code',
      input: { query: '404' },
      output: {
        query: '404',
        found: true,
        count: 1,
        matches: [
          {
            code: 404,
            name: 'Not Found',
            class: '4xx',
            className: 'Client Error',
            description: 'The server has no current representation for the target resource, or will not say that one exists.',
            useCase: 'An unknown URL or a record id that does not exist.',
            rfc: 'RFC 9110, Section 15.5.5',
          },
        ],
      },
    },
    {
      name: 'By word: the teapot',
      input: { query: 'Teapot' },
      output: {
        query: 'Teapot',
        found: true,
        count: 1,
        matches: [
          {
            code: 418,
            name: '(Unused)',
            class: '4xx',
            className: 'Client Error',
            description:
              'Reserved and unused; known as "I\'m a teapot" from the April Fools\' RFC 2324 (HTCPCP), kept out of use because implementations exist.',
            useCase: 'None in real APIs; sometimes used as an easter egg.',
            rfc: 'RFC 9110, Section 15.5.19',
          },
        ],
      },
    },
    {
      name: 'An unregistered code',
      input: { query: '499' },
      output: { query: '499', found: false, count: 0, matches: [] },
    },
  ],
  run({ query }) {
    const matches = search(query).map(toMatch);
    return { query, found: matches.length > 0, count: matches.length, matches };
  },
});
