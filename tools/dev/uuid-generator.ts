import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';

export const MAX_UUIDS = 1000;

export default defineTool({
  slug: 'uuid-generator',
  title: 'UUID v4 generator',
  summary: 'Random version-4 UUIDs, one or many at once.',
  keywords: {
    en: ['GUID', 'unique ID', 'random identifier', 'uuid4', 'UUID', 'unique identifier', 'guids', 'uuids'],
    nl: ['unieke id', 'uuid', 'guid', 'identificatie', 'unieke identificatie'],
  },
  description:
    'Generates random version-4 UUIDs (RFC 9562) with the cryptographic random generator of node:crypto (`randomUUID`), so every call returns new values (there is no seed: UUIDs must not repeat). ' +
    `\`count\`: 1 to ${MAX_UUIDS} (default 1). Default form is the canonical lower-case 8-4-4-4-12 form, e.g. "0b7c3e2a-6f1d-4c55-9a8e-2f4d1c0b9e77"; \`uppercase\` gives upper-case hex digits, \`noDashes\` drops the four dashes (32 hex digits). ` +
    'The version nibble is always 4 and the variant bits 10 (the first digit of the fourth group is 8, 9, a or b).',
  annotations: { idempotentHint: false },
  resultView: { kind: 'list', field: 'uuids' },
  input: z.strictObject({
    count: z.int().min(1).max(MAX_UUIDS).default(1).describe(`How many UUIDs to generate, 1 to ${MAX_UUIDS} (default 1)`),
    uppercase: z.boolean().default(false).describe('Upper-case hex digits (default false: lower case, the canonical form)'),
    noDashes: z.boolean().default(false).describe('Omit the dashes: 32 hex digits (default false)'),
  }),
  output: z.object({
    uuids: z.array(z.string()).describe('The generated version-4 UUIDs'),
    count: z.int().describe('Number of UUIDs returned (equals the requested count)'),
    version: z.literal(4).describe('UUID version (always 4: random)'),
  }),
  examples: [
    {
      name: 'One UUID (random; only the count and version are fixed)',
      input: {},
      output: { count: 1, version: 4 },
      partial: true,
    },
    {
      name: 'Five upper-case UUIDs without dashes',
      input: { count: 5, uppercase: true, noDashes: true },
      output: { count: 5, version: 4 },
      partial: true,
    },
  ],
  run({ count, uppercase, noDashes }) {
    const uuids: string[] = [];
    for (let i = 0; i < count; i++) {
      let id: string = randomUUID();
      if (noDashes) id = id.replace(/-/g, '');
      if (uppercase) id = id.toUpperCase();
      uuids.push(id);
    }
    return { uuids, count, version: 4 as const };
  },
});
