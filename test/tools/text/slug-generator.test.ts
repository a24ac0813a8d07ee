import { describe, expect, it } from 'vitest';
import slug from '../../../tools/text/slug-generator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('slug-generator', () => {
  const make = async (text: string, separator?: string) =>
    (await runTool(slug, separator === undefined ? { text } : { text, separator })).slug;

  it('lower-cases, strips diacritics and special characters', async () => {
    expect(await make('Hello, World!')).toBe('hello-world');
    expect(await make('Ça marche à Zürich — 100%')).toBe('ca-marche-a-zurich-100');
    expect(await make('Smörgåsbord & Øl')).toBe('smorgasbord-and-ol');
    expect(await make('  --Already-a-slug--  ')).toBe('already-a-slug');
    expect(await make('Привет мир')).toBe('privet-mir');
  });

  it('separator', async () => {
    expect(await make('a b c', '_')).toBe('a_b_c');
    expect(await make('a b c', '')).toBe('abc');
    expect(await make('a b c', '--')).toBe('a--b--c');
    await expectToolError(slug, { text: 'a', separator: 'x'.repeat(11) }, 400, /`separator` must be at most 10/);
  });

  it('may be empty when nothing transliterates', async () => {
    expect(await make('日本語')).toBe('');
    expect(await make('!!!')).toBe('');
  });

  it('keeps a word whole when a capital letter transliterates to two (Æ, Œ, Ĳ, Þ), in title case and in capitals', async () => {
    expect(await make('Æsop Ærø')).toBe('aesop-aero');
    expect(await make('Œuvre')).toBe('oeuvre');
    expect(await make('Straße Þór Łódź')).toBe('strasse-thor-lodz');
    expect(await make('ĲSSELMEER Ĳssel')).toBe('ijsselmeer-ijssel');
    expect(await make('ÆSOP')).toBe('aesop');
    expect(await make('fooBar XMLHttpRequest')).toBe('foo-bar-xml-http-request'); // camelCase still splits
  });
});
