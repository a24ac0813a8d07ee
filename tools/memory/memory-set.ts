import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { MEMORY_LIMITS } from '../../src/memory/service.js';
import { itemSummary, keyField, memoryOf, namespaceField, tagField } from '../_lib/memory.js';

export default defineTool({
  slug: 'memory-set',
  mainThread: 'a store write; namespace and key are bounded by their patterns, the value by the memory limits',
  title: 'Remember a note',
  summary: 'Save a note in your agent memory under a key.',
  keywords: {
    en: ['save note', 'remember', 'store', 'write memory', 'persist', 'save', 'store note'],
    nl: ['onthouden', 'opslaan', 'notitie bewaren', 'onthoud', 'bewaren'],
  },
  cost: 0,
  annotations: { readOnlyHint: false, idempotentHint: true, destructiveHint: true, openWorldHint: false },
  description: `Stores a note in your agent memory under namespace/key, creating it or replacing its value. The item becomes the MCP resource memory://<namespace>/<key>. value: text, or any JSON value (stored as application/json). Limits: ${MEMORY_LIMITS.valueBytes} bytes per value, ${MEMORY_LIMITS.items} items per account, ${MEMORY_LIMITS.tags} tags. Items expire after the plan's retention from the last write (30 days free, 365 days paid and local use); writing again extends them.`,
  resultView: { kind: 'record', field: 'item' },
  input: z.strictObject({
    namespace: namespaceField,
    key: keyField,
    value: z.union([z.string(), z.json()]).describe('The note: a string, or any JSON value (then stored as application/json)'),
    mimeType: z
      .enum(['text/plain', 'application/json'])
      .optional()
      .describe(
        'text/plain (default for strings) or application/json (default for non-string values; a string value must then be JSON text)',
      ),
    tags: z.array(tagField).max(MEMORY_LIMITS.tags).default([]).describe('Tags for memory-search (no spaces or commas)'),
  }),
  output: z.object({ created: z.boolean().describe('false when an existing item was replaced'), item: itemSummary }),
  examples: [
    {
      name: 'Remember a text note',
      input: { namespace: 'project-x', key: 'deadline', value: 'Demo on 2026-12-01', tags: ['planning'] },
      output: {
        item: {
          namespace: 'project-x',
          key: 'deadline',
          uri: 'memory://project-x/deadline',
          mimeType: 'text/plain',
          tags: ['planning'],
          bytes: 18,
        },
      },
      partial: true,
    },
    {
      name: 'Remember JSON in the default namespace',
      input: { key: 'user-prefs', value: { language: 'nl', units: 'metric' } },
      output: {
        item: {
          namespace: 'default',
          key: 'user-prefs',
          uri: 'memory://default/user-prefs',
          mimeType: 'application/json',
          tags: [],
          bytes: 34,
        },
      },
      partial: true,
    },
  ],
  async run({ namespace, key, value, mimeType, tags }, ctx) {
    const isText = typeof value === 'string';
    const type = mimeType ?? (isText ? 'text/plain' : 'application/json');
    const text = isText ? value : JSON.stringify(value);
    return (await memoryOf(ctx)).set({ namespace, key, value: text, mimeType: type, tags });
  },
});
