import { describe, expect, it } from 'vitest';
import memorySet from '../../../tools/memory/memory-set.js';
import memoryGet from '../../../tools/memory/memory-get.js';
import memoryDelete from '../../../tools/memory/memory-delete.js';
import { runTool } from '../../helpers/run.js';

describe('memory-delete', () => {
  it('deletes an item once; deleting again says deleted: false', async () => {
    await runTool(memorySet, { namespace: 'delete-test', key: 'gone', value: 'x' });
    expect(await runTool(memoryDelete, { namespace: 'delete-test', key: 'gone' })).toEqual({
      deleted: true,
      uri: 'memory://delete-test/gone',
    });
    expect((await runTool(memoryGet, { namespace: 'delete-test', key: 'gone' })).found).toBe(false);
    expect(await runTool(memoryDelete, { namespace: 'delete-test', key: 'gone' })).toEqual({
      deleted: false,
      uri: 'memory://delete-test/gone',
    });
  });
});
