import { describe, expect, it } from 'vitest';
import rot13 from '../../../tools/text/rot13.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('rot13', () => {
  it('rotates letters, keeps case and everything else', async () => {
    expect(await runTool(rot13, { text: 'Why did the chicken cross the road? Gb trg gb gur bgure fvqr!' })).toEqual({
      result: 'Jul qvq gur puvpxra pebff gur ebnq? To get to the other side!',
      shift: 13,
      decode: false,
    });
    expect((await runTool(rot13, { text: 'Zz Éé 123 ß 👍', shift: 1 })).result).toBe('Aa Éé 123 ß 👍');
  });

  it('decode undoes encode for every shift 1–25', async () => {
    const text = 'The Quick Brown Fox, 1 2 3!';
    for (let shift = 1; shift <= 25; shift++) {
      const { result } = await runTool(rot13, { text, shift });
      expect(result).not.toBe(text);
      expect((await runTool(rot13, { text: result, shift, decode: true })).result).toBe(text);
    }
  });

  it('range edges: 1 and 25 pass, 0 and 26 are refused', async () => {
    expect((await runTool(rot13, { text: 'a', shift: 1 })).result).toBe('b');
    expect((await runTool(rot13, { text: 'a', shift: 25 })).result).toBe('z');
    await expectToolError(rot13, { text: 'a', shift: 0 }, 400, /`shift` must be ≥ 1/);
    await expectToolError(rot13, { text: 'a', shift: 26 }, 400, /`shift` must be ≤ 25/);
    await expectToolError(rot13, { text: 'a', shift: 2.5 }, 400, /`shift`/);
    await expectToolError(rot13, { shift: 3 }, 400, /`text` is required/);
  });
});
