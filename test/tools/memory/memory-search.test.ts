import { describe, expect, it } from 'vitest';
import memorySet from '../../../tools/memory/memory-set.js';
import memorySearch from '../../../tools/memory/memory-search.js';
import { runTool } from '../../helpers/run.js';

describe('memory-search', () => {
  it('finds items by words in keys and values, with a snippet, and filters by tag', async () => {
    await runTool(memorySet, { namespace: 'search-test', key: 'deadline', value: 'The demo is on 1 December', tags: ['planning'] });
    await runTool(memorySet, { namespace: 'search-test', key: 'lunch', value: 'Pizza on Friday' });
    const hits = await runTool(memorySearch, { query: 'demo', namespace: 'search-test' });
    expect(hits.total).toBe(1);
    expect(hits.items[0]).toMatchObject({ key: 'deadline' });
    expect(hits.items[0].snippet).toContain('demo');
    expect((await runTool(memorySearch, { tag: 'planning', namespace: 'search-test' })).items.map((i: { key: string }) => i.key)).toEqual([
      'deadline',
    ]);
    expect((await runTool(memorySearch, { query: 'zebra', namespace: 'search-test' })).total).toBe(0);
  });
});
