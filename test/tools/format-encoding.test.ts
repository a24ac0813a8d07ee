import { describe, expect, it } from 'vitest';
import base64 from '../../tools/format/base64.js';
import urlEncoder from '../../tools/format/url-encoder.js';
import htmlEntity from '../../tools/format/html-entity-encoder.js';
import { expectToolError, runTool } from '../helpers/run.js';

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

describe('url-encoder', () => {
  it('keeps the unreserved marks and encodes reserved characters', async () => {
    expect((await runTool(urlEncoder, { text: "-_.!~*'()" })).result).toBe("-_.!~*'()");
    expect((await runTool(urlEncoder, { text: '?#[]@+ ' })).result).toBe('%3F%23%5B%5D%40%2B%20');
    expect((await runTool(urlEncoder, { text: '😀' })).result).toBe('%F0%9F%98%80');
  });

  it('names the position of a malformed sequence', async () => {
    await expectToolError(urlEncoder, { text: 'ab%zz', mode: 'decode' }, 400, /at character 3: "%" must be followed by two hexadecimal digits/);
    await expectToolError(urlEncoder, { text: 'ok%E2%82', mode: 'decode' }, 400, /at character 3: %E2%82 is not valid UTF-8/);
    await expectToolError(urlEncoder, { text: '50%', mode: 'decode' }, 400, /at character 3/);
    await expectToolError(urlEncoder, { text: '\uDC00' }, 400, /lone surrogate/);
  });
});

describe('html-entity-encoder', () => {
  it('encodes only the five specials unless encodeNonAscii', async () => {
    expect((await runTool(htmlEntity, { text: 'é & ü' })).output).toBe('é &amp; ü');
    expect((await runTool(htmlEntity, { text: 'é😀\u007F', encodeNonAscii: true })).output).toBe('&#233;&#128512;\u007F');
    expect((await runTool(htmlEntity, { text: 'a\uD800', encodeNonAscii: true })).output).toBe('a&#65533;');
  });

  it('decodes HTML5 names and leaves unknown ones', async () => {
    expect(await runTool(htmlEntity, { text: '&bigstar;&NotEqualTilde;&amp;amp; &unknown; & x', mode: 'decode' })).toEqual({
      output: '★≂̸&amp; &unknown; & x',
      mode: 'decode',
    });
    expect((await runTool(htmlEntity, { text: '&#128;&#0;&#x110000;', mode: 'decode' })).output).toBe('€\uFFFD\uFFFD');
  });

  it('round-trips', async () => {
    const text = '<p class="x">Tom & Jerry\'s “café” 😀</p>';
    for (const encodeNonAscii of [false, true]) {
      const encoded = (await runTool(htmlEntity, { text, encodeNonAscii })).output;
      expect((await runTool(htmlEntity, { text: encoded, mode: 'decode' })).output).toBe(text);
    }
  });
});
