import { describe, expect, it } from 'vitest';
import lorem from '../../../tools/text/lorem-ipsum-generator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

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
