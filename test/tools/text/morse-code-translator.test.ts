import { describe, expect, it } from 'vitest';
import morse from '../../../tools/text/morse-code-translator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('morse-code-translator', () => {
  const encode = async (text: string) => runTool(morse, { text });
  const decode = async (text: string) => runTool(morse, { text, mode: 'decode' });

  it('encodes letters, digits and punctuation; words split by a slash', async () => {
    expect((await encode('sos')).result).toBe('... --- ...');
    expect((await encode('Hello,  World 2\nnow!')).result).toBe(
      '.... . .-.. .-.. --- --..-- / .-- --- .-. .-.. -.. / ..--- / -. --- .-- -.-.--',
    );
    expect((await encode('É e\u0301')).result).toBe('..-.. / ..-..');
    expect((await encode('it’s')).result).toBe('.. - .----. ...');
  });

  it('drops characters without a code and lists them once', async () => {
    expect(await encode('a ñ b ñ 🇳🇱')).toEqual({ result: '.- / -...', mode: 'encode', dropped: ['ñ', '🇳🇱'] });
    expect(await encode('   ')).toEqual({ result: '', mode: 'encode', dropped: [] });
  });

  it('decodes, ignoring extra whitespace and accepting stand-ins', async () => {
    expect((await decode('.... . .-.. .-.. --- / .-- --- .-. .-.. -..')).result).toBe('HELLO WORLD');
    expect((await decode('\n  ...   ---  ...  //  \t')).result).toBe('SOS');
    expect((await decode('•••  ___  •••  |  ·-')).result).toBe('SOS A');
  });

  it('drops unknown codes and refuses text that is not Morse', async () => {
    expect(await decode('... ........ ...')).toEqual({ result: 'SS', mode: 'decode', dropped: ['........'] });
    await expectToolError(morse, { text: '... abc', mode: 'decode' }, 400, /contains "a" at position 5/);
    await expectToolError(morse, { text: '...', mode: 'sideways' }, 400, /`mode` must be one of "encode", "decode"/);
  });

  it('round-trips the whole table', async () => {
    const text = 'THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG 0123456789 .,:?\'-/()"=+@É!&;_$';
    const { result } = await encode(text);
    expect((await runTool(morse, { text: result, mode: 'from-morse' })).result).toBe(text);
  });
});
