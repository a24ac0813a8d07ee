import { describe, expect, it } from 'vitest';
import base64 from '../../../tools/format/base64.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('base64', () => {
  it('round-trips astral characters and ignores whitespace on decode', async () => {
    expect((await runTool(base64, { text: '😀' })).result).toBe('8J+YgA==');
    expect((await runTool(base64, { text: '8J+Y\r\ngA==', mode: 'decode' })).result).toBe('😀');
    expect((await runTool(base64, { text: '', mode: 'decode' })).result).toBe('');
  });

  it('refuses what is not base64, with the reason', async () => {
    await expectToolError(base64, { text: 'Zm9v!', mode: 'decode' }, 400, /character "!" is not in the base64 alphabet/);
    await expectToolError(base64, { text: 'Zm=9v', mode: 'decode' }, 400, /padding may only appear at the end/);
    await expectToolError(base64, { text: 'Zm9vY', mode: 'decode' }, 400, /one stray character/);
    await expectToolError(base64, { text: 'Zg=', mode: 'decode' }, 400, /multiple of 4/);
    await expectToolError(base64, { text: '/w==', mode: 'decode' }, 400, /1 bytes that are not UTF-8/);
    await expectToolError(base64, { text: 'a\uD800b' }, 400, /lone surrogate/);
    await expectToolError(base64, { text: 'x', mode: 'both' }, 400, /mode/);
  });
});
