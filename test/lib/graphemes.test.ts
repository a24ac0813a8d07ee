/** word-frequency-counter and reading-time-calculator (plus the linear grapheme counter they rely on). */
import { describe, expect, it } from 'vitest';
import { countGraphemes } from '../../tools/_lib/graphemes.js';

describe('countGraphemes', () => {
  it('agrees with Intl.Segmenter on mixed text, also across chunk boundaries', () => {
    const seg = new Intl.Segmenter('en', { granularity: 'grapheme' });
    const reference = (t: string) => [...seg.segment(t)].length;
    const pieces = ['a', '\r\n', 'e\u0301', '👍🏽', '👨‍👩‍👧', '🇳🇱', '한', '각', 'क्ष', ' ', '\n', 'x'];
    let text = '';
    for (let i = 0; i < 6000; i++) text += pieces[(i * 7) % pieces.length];
    expect(countGraphemes(text)).toBe(reference(text));
    expect(countGraphemes('')).toBe(0);
    expect(countGraphemes('\r\n'.repeat(3000))).toBe(3000);
    expect(countGraphemes('🇳🇱'.repeat(3000))).toBe(3000);
  });
});
