import { describe, expect, it } from 'vitest';
import { detectDelimiter } from '../../tools/_lib/csv.js';

describe('delimiter detection', () => {
  it('picks the consistent candidate with most fields, ties in documented order', () => {
    expect(detectDelimiter('a;b;c\n1;2,5;3')).toBe('semicolon');
    expect(detectDelimiter('a\tb\n1\t2')).toBe('tab');
    expect(detectDelimiter('a|b\n1|2')).toBe('pipe');
    expect(detectDelimiter('a,b;c\n1,2;3')).toBe('comma');
    expect(detectDelimiter('"a;b",c\n"1;2",3')).toBe('comma');
    expect(detectDelimiter('just text')).toBe('comma');
  });
});
