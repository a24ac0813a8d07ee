import { describe, expect, it } from 'vitest';
import memorySet from '../../../tools/memory/memory-set.js';
import memoryGet from '../../../tools/memory/memory-get.js';
import { expectToolError, runTool } from '../../helpers/run.js';

// Direct calls use one temporary store per test file (test/helpers/run.ts); the surfaces are in test/memory.test.ts.
describe('memory-set', () => {
  it('creates, then replaces, an item; text and JSON values keep their type', async () => {
    const first = await runTool(memorySet, { namespace: 'set-test', key: 'k', value: 'één', tags: ['a'] });
    expect(first).toMatchObject({ created: true, item: { uri: 'memory://set-test/k', mimeType: 'text/plain', bytes: 5, tags: ['a'] } });
    const second = await runTool(memorySet, { namespace: 'set-test', key: 'k', value: { n: 1 } });
    expect(second).toMatchObject({ created: false, item: { mimeType: 'application/json', tags: [] } });
    expect(await runTool(memoryGet, { namespace: 'set-test', key: 'k' })).toMatchObject({
      found: true,
      item: { value: '{"n":1}', json: { n: 1 } },
    });
  });

  it('refuses bad keys, bad tags and unknown fields, naming the field', async () => {
    await expectToolError(memorySet, { key: '../etc', value: 'x' }, 400, /key/);
    await expectToolError(memorySet, { key: 'ok', value: 'x', tags: ['has space'] }, 400, /tags/);
    await expectToolError(memorySet, { key: 'ok', value: 'x', ttl: 5 }, 400, /ttl/);
  });
});
