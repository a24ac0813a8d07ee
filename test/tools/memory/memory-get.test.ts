import { describe, expect, it } from 'vitest';
import memorySet from '../../../tools/memory/memory-set.js';
import memoryGet from '../../../tools/memory/memory-get.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('memory-get', () => {
  it('reads a stored item with its value, and answers found: false for a missing one', async () => {
    await runTool(memorySet, { namespace: 'get-test', key: 'note', value: 'hallo' });
    expect(await runTool(memoryGet, { namespace: 'get-test', key: 'note' })).toMatchObject({
      found: true,
      item: { namespace: 'get-test', key: 'note', value: 'hallo', mimeType: 'text/plain' },
    });
    expect(await runTool(memoryGet, { namespace: 'get-test', key: 'absent' })).toEqual({ found: false, item: null });
  });

  it('refuses an invalid namespace', async () => {
    await expectToolError(memoryGet, { namespace: 'Has Space', key: 'x' }, 400, /namespace/);
  });
});
