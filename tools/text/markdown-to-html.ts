import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { micromark, type Options as MicromarkOptions } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import sanitizeHtml from 'sanitize-html';
import { defineTool, ToolError } from '../../src/tool.js';
import { LIMITS } from '../../src/limits.js';
import { WorkerPool, WorkerPoolError } from '../_lib/worker-pool.js';

/**
 * micromark is correct but some inputs are quadratic (thousands of nested `>` or list markers, long runs of `*`):
 * a few kilobytes can take seconds. So the tool renders in worker threads with a time budget; sanitizing (linear)
 * runs on the calling thread. 1,000,000 characters of ordinary prose render in well under the budget.
 */
export const MARKDOWN_TIME_MS = 10_000;

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

/** micromark's options: CommonMark + GFM, raw HTML passed through for the sanitizer to judge. */
function micromarkOptions(): MicromarkOptions {
  return { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] };
}

/** Markdown to raw (unsanitized) HTML on the calling thread. The tool uses the worker version below. */
export function renderMarkdown(markdown: string): string {
  return micromark(markdown, micromarkOptions());
}

/** The worker: the same call as renderMarkdown, with the libraries loaded from the URLs the main thread resolved. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const libraries = Promise.all([import(workerData.micromark), import(workerData.gfm)]);
parentPort.on('message', async (markdown) => {
  try {
    const [{ micromark }, { gfm, gfmHtml }] = await libraries;
    const html = micromark(markdown, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });
    parentPort.postMessage({ ok: true, value: html });
  } catch (err) {
    parentPort.postMessage({ ok: false, kind: 'error', message: String(err && err.message) });
  }
});
`;

const resolveModule = (name: string) => pathToFileURL(createRequire(import.meta.url).resolve(name)).href;

let pool: WorkerPool | undefined;

/** renderMarkdown in a worker, stopped after `timeMs`. */
export async function renderMarkdownSandboxed(markdown: string, signal?: AbortSignal, timeMs = MARKDOWN_TIME_MS): Promise<string> {
  pool ??= new WorkerPool({
    source: WORKER_SOURCE,
    workerData: { micromark: resolveModule('micromark'), gfm: resolveModule('micromark-extension-gfm') },
    size: 2,
    queue: 32,
    timeMs: MARKDOWN_TIME_MS,
    heapMb: 512,
  });
  try {
    return await pool.run<string>(markdown, { signal, timeMs });
  } catch (err) {
    if (!(err instanceof WorkerPoolError)) throw err;
    if (err.kind === 'timeout') {
      throw new ToolError(
        `\`markdown\` took longer than ${timeMs / 1000} s to render and was stopped; it probably nests blocks or ` +
          'emphasis thousands of levels deep. Simplify or split the document',
        400,
        { field: 'markdown' },
      );
    }
    if (err.kind === 'busy') throw new ToolError('Too many Markdown documents are being rendered right now; retry in a moment', 503);
    if (err.kind === 'cancelled') throw new ToolError('The request was cancelled', 408);
    if (err.kind === 'out-of-memory') throw new ToolError('`markdown` needed too much memory to render', 413, { field: 'markdown' });
    throw new ToolError(`\`markdown\` could not be rendered: ${err.message}`, 500);
  }
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
    'removed, and links or images whose URL scheme is not allowed lose their href/src (Markdown links and ' +
    'images: http, https, mailto and relative URLs; raw HTML may also use tel:), so javascript:, vbscript: and ' +
    'data: never pass. Text inside removed tags is kept (except script/style content). Fenced code blocks get ' +
    'class="language-<info>". Use it to preview or publish user-written Markdown. Input up to 1,000,000 characters; ' +
    'rendering has a 10 s budget (documents nesting thousands of levels deep get a 400 instead of hanging).',
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
  async run({ markdown }, ctx) {
    return { html: sanitize(await renderMarkdownSandboxed(markdown, ctx.signal)) };
  },
});
