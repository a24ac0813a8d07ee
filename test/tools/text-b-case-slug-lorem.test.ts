import { describe, expect, it } from 'vitest';
import caseConverter from '../../tools/text/text-case-converter.js';
import slug from '../../tools/text/slug-generator.js';
import lorem from '../../tools/text/lorem-ipsum-generator.js';
import { expectToolError, runTool } from '../helpers/run.js';

describe('text-case-converter', () => {
  const convert = async (text: string, mode: string) => (await runTool(caseConverter, { text, mode })).result;
  const text = 'The quick-brown FOX, jumps!';

  it('every mode', async () => {
    expect(await convert(text, 'upper')).toBe('THE QUICK-BROWN FOX, JUMPS!');
    expect(await convert(text, 'lower')).toBe('the quick-brown fox, jumps!');
    expect(await convert(text, 'title')).toBe('The Quick-Brown Fox, Jumps!');
    expect(await convert(text, 'sentence')).toBe('The quick-brown fox, jumps!');
    expect(await convert(text, 'camel')).toBe('theQuickBrownFoxJumps');
    expect(await convert(text, 'pascal')).toBe('TheQuickBrownFoxJumps');
    expect(await convert(text, 'snake')).toBe('the_quick_brown_fox_jumps');
    expect(await convert(text, 'kebab')).toBe('the-quick-brown-fox-jumps');
    expect(await convert(text, 'constant')).toBe('THE_QUICK_BROWN_FOX_JUMPS');
    expect(await convert(text, 'dot')).toBe('the.quick.brown.fox.jumps');
    expect(await convert(text, 'path')).toBe('the/quick/brown/fox/jumps');
    expect(await convert(text, 'train')).toBe('The-Quick-Brown-Fox-Jumps');
  });

  it('is Unicode-aware', async () => {
    expect(await convert('élan vital ÜBER', 'camel')).toBe('élanVitalÜber');
    expect(await convert('straße', 'upper')).toBe('STRASSE');
    expect(await convert('καλημέρα κόσμε', 'title')).toBe('Καλημέρα Κόσμε');
    expect(await convert('привет. как дела', 'sentence')).toBe('Привет. Как дела');
    expect(await convert('𝒳 marks', 'title')).toBe('𝒳 Marks');
  });

  it('sentence case restarts after ! ? and blank lines', async () => {
    expect(await convert('WOW! really? yes.\n\nnew paragraph', 'sentence')).toBe('Wow! Really? Yes.\n\nNew paragraph');
  });

  it('accepts mode spellings and aliases, refuses the rest', async () => {
    expect(await runTool(caseConverter, { text: 'a b', mode: 'SCREAMING_SNAKE_CASE' })).toEqual({ result: 'A_B', mode: 'constant' });
    expect((await runTool(caseConverter, { text: 'a b', mode: 'camelCase' })).mode).toBe('camel');
    expect((await runTool(caseConverter, { text: 'a b', mode: 'kebab-case' })).mode).toBe('kebab');
    expect((await runTool(caseConverter, { text: 'a b', mode: 'UPPERCASE' })).mode).toBe('upper');
    await expectToolError(caseConverter, { text: 'a', mode: 'sarcasm' }, 400, /`mode` must be one of "upper"/);
    await expectToolError(caseConverter, { text: 'a' }, 400, /`mode`/);
  });
});

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
});

describe('lorem-ipsum-generator', () => {
  it('same options and seed give the same text; other seeds differ', async () => {
    const a = await runTool(lorem, { count: 2, seed: 42 });
    expect(await runTool(lorem, { count: 2, seed: 42 })).toEqual(a);
    expect((await runTool(lorem, { count: 2, seed: 43 })).text).not.toBe(a.text);
    expect(await runTool(lorem, { count: 2 })).toEqual(await runTool(lorem, { count: 2, seed: 0 }));
  });

  it('paragraphs: structure and counts', async () => {
    const out = await runTool(lorem, { count: 3, seed: 1 });
    const paragraphs = out.text.split('\n\n');
    expect(paragraphs).toHaveLength(3);
    expect(paragraphs[0].startsWith('Lorem ipsum dolor sit amet, consectetur adipiscing elit. ')).toBe(true);
    expect(out).toMatchObject({ type: 'paragraphs', count: 3, paragraphs: 3, characters: out.text.length });
    expect(out.words).toBe(out.text.split(/\s+/).length);
    for (const p of paragraphs) expect(p).toMatch(/^[A-Z][a-z ,]+\.( [A-Z][a-z ,]+\.){3,6}$/);
  });

  it('startWithLorem false, sentences, words, list, html', async () => {
    const noLorem = await runTool(lorem, { count: 1, type: 'sentence', startWithLorem: false, seed: 5 });
    expect(noLorem.text.startsWith('Lorem ipsum dolor sit amet')).toBe(false);
    expect(noLorem.text).toMatch(/^[A-Z][a-z ,]+\.$/);
    const words = await runTool(lorem, { count: 12, type: 'words', seed: 3 });
    expect(words.text.split(' ')).toHaveLength(12);
    expect(words.text.startsWith('lorem ipsum dolor sit amet consectetur adipiscing elit ')).toBe(true);
    const list = await runTool(lorem, { count: 4, type: 'list', html: true });
    expect(list.text).toMatch(/^<ul>\n<li>Lorem ipsum dolor sit amet<\/li>\n(<li>[A-Z][a-z ]+<\/li>\n){3}<\/ul>$/);
    expect(list).toMatchObject({ type: 'list', count: 4, paragraphs: 1 });
    const html = await runTool(lorem, { count: 2, html: true });
    expect(html.text).toMatch(/^<p>[^<]+<\/p>\n<p>[^<]+<\/p>$/);
  });

  it('caps per type, min 1', async () => {
    expect((await runTool(lorem, { count: 100, type: 'paragraphs' })).paragraphs).toBe(100);
    expect((await runTool(lorem, { count: 10000, type: 'words' })).words).toBe(10000);
    await expectToolError(lorem, { count: 101, type: 'paragraphs' }, 400, /at most 100 for type "paragraphs"/);
    await expectToolError(lorem, { count: 1001, type: 'list' }, 400, /at most 1000 for type "list"/);
    await expectToolError(lorem, { count: 10001, type: 'words' }, 400, /`count` must be ≤ 10000/);
    await expectToolError(lorem, { count: 0 }, 400, /`count` must be ≥ 1/);
    await expectToolError(lorem, { type: 'haiku' }, 400, /`type` must be one of "paragraphs"/);
  });
});
