import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { itemSummary, keyField, memoryOf, namespaceField } from '../_lib/memory.js';

export default defineTool({
  slug: 'memory-get',
  mainThread: 'a store read; namespace and key are bounded by their patterns',
  title: 'Recall a note',
  keywords: {
    en: ['recall', 'read note', 'retrieve', 'look up saved value', 'get note', 'read saved', 'saved', 'stored value'],
    nl: ['ophalen', 'terugvinden', 'notitie lezen', 'opgeslagen', 'terughalen'],
  },
  cost: 0,
  description:
    'Reads one note from your agent memory by namespace/key. Returns found: false (and item: null) when there is no such item or it expired. JSON items are returned as text in `value` and parsed in `json`. The same item is readable as the MCP resource memory://<namespace>/<key>.',
  resultView: { kind: 'text', field: 'item.value', or: { kind: 'figure', field: 'found', label: 'Found' } },
  input: z.strictObject({ namespace: namespaceField, key: keyField }),
  output: z.object({
    found: z.boolean(),
    item: itemSummary.extend({ value: z.string(), json: z.json().optional() }).nullable(),
  }),
  examples: [
    {
      name: 'A key that was never written',
      input: { namespace: 'examples', key: 'never-written' },
      output: { found: false, item: null },
    },
    {
      name: "Read the note stored by memory-set's example",
      input: { namespace: 'project-x', key: 'deadline' },
      output: { found: true, item: { uri: 'memory://project-x/deadline', value: 'Demo on 2026-12-01', tags: ['planning'] } },
      partial: true,
    },
  ],
  async run({ namespace, key }, ctx) {
    const item = (await memoryOf(ctx)).get(namespace, key);
    if (!item) return { found: false, item: null };
    return {
      found: true,
      item: item.mimeType === 'application/json' ? { ...item, json: JSON.parse(item.value) as z.infer<ReturnType<typeof z.json>> } : item,
    };
  },
});
