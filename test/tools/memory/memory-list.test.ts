import { describe, expect, it } from 'vitest';
import memorySet from '../../../tools/memory/memory-set.js';
import memoryList from '../../../tools/memory/memory-list.js';
import { runTool } from '../../helpers/run.js';

describe('memory-list', () => {
  it('lists by namespace, prefix and tag, and pages with a cursor', async () => {
    for (const key of ['a1', 'a2', 'a3', 'b1'])
      await runTool(memorySet, { namespace: 'list-test', key, value: key, tags: key.startsWith('a') ? ['alpha'] : [] });
    const all = await runTool(memoryList, { namespace: 'list-test' });
    expect(all.total).toBe(4);
    expect(all.namespaces).toContain('list-test');
    expect((await runTool(memoryList, { namespace: 'list-test', prefix: 'a' })).total).toBe(3);
    expect((await runTool(memoryList, { namespace: 'list-test', tag: 'alpha' })).items.map((i: { key: string }) => i.key).sort()).toEqual([
      'a1',
      'a2',
      'a3',
    ]);
    const page1 = await runTool(memoryList, { namespace: 'list-test', limit: 2 });
    expect(page1.items).toHaveLength(2);
    expect(page1.nextCursor).toBeTruthy();
    const page2 = await runTool(memoryList, { namespace: 'list-test', limit: 2, cursor: page1.nextCursor });
    const keys = [...page1.items, ...page2.items].map((i: { key: string }) => i.key);
    expect(new Set(keys).size).toBe(4);
  });
});
