/** markdown-to-html: GFM features, and sanitising of hostile input (the conformance suites cover CommonMark). */
import { describe, expect, it } from 'vitest';
import { runTool, expectToolError } from '../../helpers/run.js';
import markdownToHtml, { markdownToSafeHtml } from '../../../tools/format/markdown-to-html.js';
import { ToolError } from '../../../src/core/tool.js';

const html = async (markdown: string) => (await runTool(markdownToHtml, { markdown })).html as string;

describe('markdown-to-html: GFM', () => {
  it('renders fenced code with a language class and escapes its content', async () => {
    expect(await html('```ts\nconst a = 1 < 2 && "x";\n```')).toBe(
      '<pre><code class="language-ts">const a = 1 &lt; 2 &amp;&amp; "x";\n</code></pre>',
    );
  });

  it('renders autolinks for bare URLs, www. and e-mail addresses', async () => {
    expect(await html('see https://example.com, www.example.org and mail@example.com')).toBe(
      '<p>see <a href="https://example.com">https://example.com</a>, <a href="http://www.example.org">www.example.org</a> ' +
        'and <a href="mailto:mail@example.com">mail@example.com</a></p>',
    );
  });

  it('renders footnotes', async () => {
    const out = await html('Text[^1]\n\n[^1]: Note');
    expect(out).toContain(
      '<sup><a href="#user-content-fn-1" id="user-content-fnref-1" data-footnote-ref aria-describedby="footnote-label">1</a></sup>',
    );
    expect(out).toContain('<section data-footnotes class="footnotes"><h2 id="footnote-label" class="sr-only">Footnotes</h2>');
  });

  it('keeps harmless raw HTML', async () => {
    expect(await html('<details><summary>More</summary>\n\nHidden *text*\n\n</details>')).toBe(
      '<details><summary>More</summary>\n<p>Hidden <em>text</em></p>\n</details>',
    );
    expect(await html('Press <kbd>Ctrl</kbd>+<kbd>C</kbd>, H<sub>2</sub>O')).toBe(
      '<p>Press <kbd>Ctrl</kbd>+<kbd>C</kbd>, H<sub>2</sub>O</p>',
    );
  });
});

describe('markdown-to-html: sanitising', () => {
  const hostile: [string, string][] = [
    ['script block', '<script>alert(1)</script>'],
    ['script split over lines', '<script\n>alert(1)</script\n>'],
    ['style', '<style>body{display:none}</style>'],
    ['iframe', '<iframe src="https://evil.example"></iframe>'],
    ['event handler', '<img src="x" onerror="alert(1)">'],
    ['event handler, odd case', '<a href="#" OnMouseOver="alert(1)">x</a>'],
    ['javascript link', '[x](javascript:alert(1))'],
    ['javascript link, encoded', '[x](jav&#x61;script:alert(1))'],
    ['javascript link, raw HTML', '<a href="JaVaScRiPt:alert(1)">x</a>'],
    ['javascript link, whitespace', '<a href=" javascript:alert(1)">x</a>'],
    ['javascript autolink', '<javascript:alert(1)>'],
    ['data URL image', '![x](data:text/html;base64,PHNjcmlwdD4=)'],
    ['vbscript', '[x](vbscript:msgbox)'],
    ['svg onload', '<svg onload="alert(1)"><circle/></svg>'],
    ['form', '<form action="https://evil.example"><input type="password"></form>'],
    ['object', '<object data="x.swf"></object>'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example">'],
    ['style attribute', '<p style="position:fixed;top:0">x</p>'],
    ['comment trick', '<!-- --><script>alert(1)</script> -->'],
    ['reference link', '[x][1]\n\n[1]: javascript:alert(1)'],
  ];
  for (const [name, markdown] of hostile) {
    it(`neutralises ${name}`, async () => {
      const out = await html(markdown);
      expect(out).not.toMatch(/<(script|style|iframe|svg|form|object|meta)\b/i);
      expect(out).not.toMatch(/\son[a-z]+\s*=/i);
      expect(out).not.toMatch(/(href|src)\s*=\s*["']?\s*(javascript|vbscript|data):/i);
      expect(out).not.toMatch(/\sstyle\s*=/i);
    });
  }

  it('keeps text of removed tags and drops script content', async () => {
    expect(await html('<span onclick="x()">kept</span> <script>gone()</script>')).toBe(
      '<p><span>kept</span> &lt;script&gt;gone()&lt;/script&gt;</p>',
    );
    expect(await html('<div>\n<script>\ngone()\n</script>\n</div>')).toBe('<div>\n&lt;script&gt;\ngone()\n&lt;/script&gt;\n</div>');
    expect(await html('<marquee>text</marquee>')).toBe('<p>text</p>');
  });

  it('keeps only checkbox inputs, always disabled', async () => {
    expect(await html('<input type="checkbox" checked> <input type="text" value="x">')).toBe(
      '<p><input type="checkbox" checked disabled /> </p>',
    );
  });

  it('keeps http, https, mailto and relative URLs in Markdown links; tel: only in raw HTML', async () => {
    expect(await html('[a](https://x.test) [b](mailto:a@x.test) [c](/path?q=1#top) [d](tel:+31201234567)')).toBe(
      '<p><a href="https://x.test">a</a> <a href="mailto:a@x.test">b</a> <a href="/path?q=1#top">c</a> <a>d</a></p>',
    );
    expect(await html('<a href="tel:+31201234567">call</a>')).toBe('<p><a href="tel:+31201234567">call</a></p>');
  });

  it('limits and refusals', async () => {
    expect(await html('')).toBe('');
    await expectToolError(markdownToHtml, { markdown: 'x'.repeat(10_001) }, 400, /`markdown` must be at most 10000 characters/);
    expect(await html('ab\n'.repeat(3_333))).toMatch(/^<p>ab\nab/); // the largest document allowed converts (1 line short of the limit)
    await expectToolError(markdownToHtml, { md: '# x' }, 400, /unknown field `md`/);
    await expectToolError(markdownToHtml, { markdown: 42 }, 400, /`markdown` must be a string/);
  });

  it('renders the slow shapes at the limit: many tiny lines, list items, brackets nested 5,000 deep', async () => {
    expect(await html('a\n'.repeat(5_000))).toBe('<p>' + Array(5_000).fill('a').join('\n') + '</p>\n');
    const items = await html('- a\n'.repeat(2_500));
    expect(items.match(/<li>a<\/li>/g)).toHaveLength(2_500);
    expect(items).toMatch(/^<ul>\n<li>a<\/li>\n/);
    expect(await html('['.repeat(5_000) + ']'.repeat(5_000))).toBe('<p>' + '['.repeat(5_000) + ']'.repeat(5_000) + '</p>');
  });

  it('renders moderately pathological nesting', async () => {
    const out = await html('>'.repeat(300) + ' deep\n\n' + '*'.repeat(500) + 'a' + '*'.repeat(500) + '\n\n' + '['.repeat(5000));
    expect(out).toContain('deep');
  });

  it('stops quadratic input at the time budget with a 400, while other calls are served', async () => {
    const evil = '*'.repeat(20_000) + 'a' + '*'.repeat(20_000); // minutes of work for micromark
    const pending = markdownToSafeHtml(evil, undefined, 300).catch((e) => e);
    const other = await html('still *serving*');
    const err = await pending;
    expect(other).toBe('<p>still <em>serving</em></p>');
    expect(err).toBeInstanceOf(ToolError);
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/^`markdown` took longer than 0.3 s to render/);
    expect(await html('after')).toBe('<p>after</p>');
  });

  it('stops quadratic HTML (unclosed tags, then stray end tags) at the time budget too', async () => {
    const evil = '<div>'.repeat(100_000) + '</span>'.repeat(100_000);
    const err = await markdownToSafeHtml(evil, undefined, 300).catch((e) => e);
    expect(err).toBeInstanceOf(ToolError);
    expect(err.status).toBe(400);
  });
});
