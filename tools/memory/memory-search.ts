import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { itemSummary, limitField, memoryOf, optionalNamespace, tagField } from '../_lib/memory.js';

export default defineTool({
  slug: 'memory-search',
  mainThread: "a search of one account's items, bounded by the memory limits",
  title: 'Search notes',
  summary: 'Search your agent memory for notes by word or tag.',
  keywords: {
    en: ['search notes', 'find in memory', 'lookup', 'query memories', 'find notes', 'saved notes', 'look through', 'find notes'],
    nl: ['notities doorzoeken', 'zoeken in geheugen', 'zoeken', 'notities zoeken', 'notities zoeken'],
  },
  cost: 0,
  description:
    'Searches your agent memory by substring (case-insensitive, in keys and values) and/or tag, optionally within one namespace. Returns matching items with a short snippet around the first match; give at least `query` or `tag`.',
  resultView: { kind: 'table', field: 'items', label: 'Items' },
  input: z.strictObject({
    query: z.string().min(1).max(200).optional().describe('Text to find in keys and values (case-insensitive)'),
    tag: tagField.optional().describe('Only items with this tag'),
    namespace: optionalNamespace,
    limit: limitField,
  }),
  output: z.object({ items: z.array(itemSummary.extend({ snippet: z.string() })), total: z.int() }),
  examples: [
    {
      name: 'Nothing matches',
      input: { query: 'zebra-crossing-unmatched' },
      output: { items: [], total: 0 },
    },
    {
      name: "Find the note stored by memory-set's example",
      input: { query: 'demo on', namespace: 'project-x' },
      output: { total: 1 },
      partial: true,
    },
  ],
  async run(input, ctx) {
    if (!input.query && !input.tag) throw new ToolError('Give `query`, `tag` or both');
    return (await memoryOf(ctx)).search(input);
  },
});
