import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { keyField, memoryOf, namespaceField } from '../_lib/memory.js';

export default defineTool({
  slug: 'memory-delete',
  mainThread: 'a store write; namespace and key are bounded by their patterns',
  title: 'Forget a note',
  keywords: {
    en: ['delete note', 'remove', 'forget', 'erase memory', 'delete', 'remove note'],
    nl: ['verwijderen', 'vergeten', 'notitie wissen', 'wissen'],
  },
  cost: 0,
  annotations: { readOnlyHint: false, idempotentHint: true, destructiveHint: true, openWorldHint: false },
  description:
    'Deletes one note from your agent memory by namespace/key. deleted: false when there was no such item (deleting twice is harmless).',
  resultView: { kind: 'figure', field: 'deleted', label: 'Deleted' },
  input: z.strictObject({ namespace: namespaceField, key: keyField }),
  output: z.object({ deleted: z.boolean(), uri: z.string() }),
  examples: [
    {
      name: 'Delete a key that does not exist',
      input: { namespace: 'examples', key: 'nothing' },
      output: { deleted: false, uri: 'memory://examples/nothing' },
    },
    {
      name: 'Delete in the default namespace',
      input: { key: 'never-stored' },
      output: { deleted: false, uri: 'memory://default/never-stored' },
    },
  ],
  async run({ namespace, key }, ctx) {
    const deleted = await (await memoryOf(ctx)).delete(namespace, key);
    return { deleted, uri: `memory://${namespace}/${key}` };
  },
});
