import { z } from 'zod';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import sanitizeHtml from 'sanitize-html';
import { defineTool } from '../../src/tool.js';
import { LIMITS } from '../../src/limits.js';

/**
 * The allowlist applied to every rendered document. It keeps what CommonMark
 * and GFM produce (headings, lists, tables with alignment, task-list
 * checkboxes, code with a `language-*` class, images, footnotes) plus a few
 * harmless inline and block tags people write by hand (`<details>`, `<kbd>`,
 * `<sup>`...). Everything else is dropped: `<script>`, `<style>`, `<iframe>`,
 * forms, comments, event-handler attributes (`on*`), `style`, and URLs whose
 * scheme is not http, https, mailto or tel (so `javascript:` and `data:`
 * links lose their `href`). Text inside a dropped tag is kept, except for
 * script/style/textarea-like tags whose content is dropped with them.
 */
export const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img', 'del', 'ins', 's', 'input', 'details', 'summary', 'section',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'id', 'aria-describedby', 'aria-label', 'data-footnote-ref', 'data-footnote-backref', 'class'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    code: ['class'],
    ol: ['start'],
    li: ['id'],
    th: ['align'],
    td: ['align'],
    input: ['type', 'checked', 'disabled'],
    section: ['data-footnotes', 'class'],
    h2: ['id', 'class'],
    details: ['open'],
  },
  allowedClasses: {
    code: ['language-*'],
    a: ['data-footnote-backref'],
    section: ['footnotes'],
    h2: ['sr-only'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: true,
  // Only GFM task-list checkboxes survive, and they can never be ticked by a reader.
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type !== 'checkbox',
  transformTags: {
    input: (tagName, attribs) => ({ tagName, attribs: { ...attribs, disabled: '' } }),
  },
};

/** Markdown (CommonMark + GFM) to raw HTML, with raw HTML passed through for the sanitizer to judge. */
export function renderMarkdown(markdown: string): string {
  return micromark(markdown, {
    allowDangerousHtml: true,
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
  });
}

export function sanitize(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

export default defineTool({
  slug: 'markdown-to-html',
  title: 'Markdown to HTML',
  toolset: 'format',
  description:
    'Converts Markdown to safe HTML. Follows CommonMark 0.31.2 plus GitHub Flavored Markdown: tables (with column ' +
    'alignment), task lists (disabled checkboxes), strikethrough (~~text~~), autolinks for bare URLs and www. links, ' +
    'footnotes, and the GFM tag filter. Raw HTML in the Markdown is allowed but the result is always sanitized with an ' +
    'allowlist: <script>, <style>, <iframe>, forms, comments, style attributes and event handlers (onclick...) are ' +
    'removed, and links or images whose URL scheme is not http, https, mailto or tel (e.g. javascript: or data:) lose ' +
    'their href/src. Text inside removed tags is kept (except script/style content). Fenced code blocks get ' +
    'class="language-<info>". Use it to preview or publish user-written Markdown. Input up to 1,000,000 characters.',
  input: z.strictObject({
    markdown: z.string().max(LIMITS.text).describe('The Markdown source (CommonMark + GFM)'),
  }),
  output: z.object({
    html: z.string().describe('Sanitized HTML fragment'),
  }),
  examples: [
    {
      name: 'Heading, emphasis and a link',
      input: { markdown: '# Hello\n\nSome *emphasis* and a [link](https://example.com).' },
      output: { html: '<h1>Hello</h1>\n<p>Some <em>emphasis</em> and a <a href="https://example.com">link</a>.</p>' },
    },
    {
      name: 'GFM table, task list and strikethrough',
      input: { markdown: '| a | b |\n|:--|--:|\n| 1 | 2 |\n\n- [x] done\n- [ ] ~~todo~~\n' },
      output: {
        html:
          '<table>\n<thead>\n<tr>\n<th align="left">a</th>\n<th align="right">b</th>\n</tr>\n</thead>\n' +
          '<tbody>\n<tr>\n<td align="left">1</td>\n<td align="right">2</td>\n</tr>\n</tbody>\n</table>\n' +
          '<ul>\n<li><input type="checkbox" disabled checked /> done</li>\n' +
          '<li><input type="checkbox" disabled /> <del>todo</del></li>\n</ul>\n',
      },
    },
    {
      name: 'Hostile HTML and links are neutralised',
      input: { markdown: '<img src="x.png" onerror="alert(1)"> [click](javascript:alert(1)) <script>alert(1)</script>' },
      output: { html: '<p><img src="x.png" /> <a>click</a> &lt;script&gt;alert(1)&lt;/script&gt;</p>' },
    },
  ],
  run({ markdown }) {
    return { html: sanitize(renderMarkdown(markdown)) };
  },
});
