import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { itemSummary, limitField, memoryOf, optionalNamespace, tagField } from '../_lib/memory.js';

export default defineTool({
  slug: 'memory-list',
  mainThread: 'a store read; the namespace is bounded by its pattern',
  title: 'List notes',
  summary: 'List the notes in your agent memory.',
  keywords: {
    en: ['list notes', 'show memories', 'saved items', 'all notes', 'saved notes'],
    nl: ['overzicht notities', 'lijst', 'bewaarde notities', 'alle notities', 'lijst notities', 'opgeslagen notities'],
  },
  cost: 0,
  description:
    'Lists the notes in your agent memory (without their values), sorted by namespace and key, optionally only one namespace, one tag or keys with a prefix; paginated with `cursor`/`nextCursor`. Also returns the namespaces in use.',
  resultView: { kind: 'table', field: 'items', label: 'Items' },
  input: z.strictObject({
    namespace: optionalNamespace,
    tag: tagField.optional().describe('Only items with this tag'),
    prefix: z.string().max(128).optional().describe('Only keys starting with this text'),
    limit: limitField,
    cursor: z.string().max(64).optional().describe('nextCursor of the previous page'),
  }),
  output: z.object({
    items: z.array(itemSummary),
    total: z.int().describe('Items matching, over all pages'),
    nextCursor: z.string().nullable(),
    namespaces: z.array(z.string()),
  }),
  examples: [
    {
      name: 'An empty namespace',
      input: { namespace: 'nothing-here' },
      output: { items: [], total: 0, nextCursor: null },
      partial: true,
    },
    {
      name: 'The notes tagged "planning"',
      input: { tag: 'planning', limit: 10 },
      output: { nextCursor: null },
      partial: true,
    },
  ],
  async run(input, ctx) {
    const memory = await memoryOf(ctx);
    return { ...memory.list(input), namespaces: memory.namespaces() };
  },
});
