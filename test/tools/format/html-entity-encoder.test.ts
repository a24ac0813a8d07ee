import { describe, expect, it } from 'vitest';
import htmlEntity from '../../../tools/format/html-entity-encoder.js';
import { runTool } from '../../helpers/run.js';

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
