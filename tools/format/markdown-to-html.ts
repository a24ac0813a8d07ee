import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { IOptions as SanitizeOptions } from 'sanitize-html';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { LIMITS } from '../../src/core/limits.js';
import { WorkerPool, WorkerPoolError } from '../../src/compute/worker-pool.js';

/**
 * The allowlist applied to every rendered document. It keeps what CommonMark and GFM produce (headings, lists,
 * tables with alignment, task-list checkboxes, code with a `language-*` class, images, footnotes) plus a few
 * harmless tags people write by hand (`<details>`, `<kbd>`, `<sup>`...). Everything else is dropped: `<script>`,
 * `<style>`, `<iframe>`, forms, comments, event-handler attributes (`on*`), `style`, and URLs whose scheme is not
 * http, https, mailto or tel (so `javascript:` and `data:` links lose their `href`). Text inside a dropped tag is
 * kept, except for script/style/textarea-like tags whose content is dropped with them. (Plain data, so it can be
 * handed to the worker; the two rules about `<input>` are in the worker program.)
 */
export const SANITIZE_ALLOWLIST = {
  // Added to sanitize-html's default tag list inside the worker (the library itself loads only there).
  extraTags: ['img', 'del', 'ins', 's', 'input', 'details', 'summary', 'section'],
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
} satisfies Omit<SanitizeOptions, 'allowedTags'> & { extraTags: string[] };

/**
 * Both steps run in worker threads with a time budget, because both have quadratic corners: micromark on thousands
 * of nested `>` or list markers or long `*` runs, htmlparser2 (inside sanitize-html) on thousands of unclosed tags
 * followed by stray end tags. A few kilobytes of such input take seconds; a megabyte would block for minutes.
 * 1,000,000 characters of ordinary Markdown take well under the budget.
 */
export const MARKDOWN_TIME_MS = 10_000;

/**
 * The worker program. Job `render`: Markdown → HTML (CommonMark + GFM, raw HTML passed through) → sanitized HTML.
 * Job `sanitize`: sanitizes given HTML (the conformance suites apply it to the spec's expected output).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const sanitizeHtml = require(workerData.modules.sanitizeHtml);
const markdown = Promise.all([import(workerData.modules.micromark), import(workerData.modules.gfm)]);
const { extraTags, ...allowlist } = workerData.allowlist;
const sanitizeOptions = {
  ...allowlist,
  allowedTags: [...sanitizeHtml.defaults.allowedTags, ...extraTags],
  // GFM task-list checkboxes are the only inputs kept, and a reader can never tick them.
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type !== 'checkbox',
  transformTags: { input: (tagName, attribs) => ({ tagName, attribs: { ...attribs, disabled: '' } }) },
};
parentPort.on('message', async ({ op, text }) => {
  try {
    let html = text;
    if (op === 'render') {
      const [{ micromark }, { gfm, gfmHtml }] = await markdown;
      html = micromark(text, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });
    }
    parentPort.postMessage({ ok: true, value: sanitizeHtml(html, sanitizeOptions) });
  } catch (err) {
    parentPort.postMessage({ ok: false, kind: 'error', message: String(err && err.message) });
  }
});
`;

const resolveModule = (name: string) => createRequire(import.meta.url).resolve(name);

let pool: WorkerPool | undefined;

async function runInWorker(job: { op: 'render' | 'sanitize'; text: string }, signal?: AbortSignal, timeMs = MARKDOWN_TIME_MS) {
  pool ??= new WorkerPool({
    source: WORKER_SOURCE,
    workerData: {
      allowlist: SANITIZE_ALLOWLIST,
      modules: {
        sanitizeHtml: resolveModule('sanitize-html'),
        micromark: pathToFileURL(resolveModule('micromark')).href,
        gfm: pathToFileURL(resolveModule('micromark-extension-gfm')).href,
      },
    },
    size: 2,
    // Bounded queue: at most 4 documents wait, none longer than 3 s; beyond that a 503 with Retry-After.
    queue: 4,
    maxWaitMs: LIMITS.workerWaitMs,
    timeMs: MARKDOWN_TIME_MS,
    heapMb: 512,
  });
  try {
    return await pool.run<string>(job, { signal, timeMs });
  } catch (err) {
    if (!(err instanceof WorkerPoolError)) throw err;
    if (err.kind === 'timeout') {
      throw new ToolError(
        `\`markdown\` took longer than ${timeMs / 1000} s to render and was stopped; it probably nests blocks, ` +
          'emphasis or HTML tags thousands of levels deep. Simplify or split the document',
        400,
        { field: 'markdown' },
      );
    }
    if (err.kind === 'busy')
      throw new ToolError('Too many Markdown documents are being rendered right now; retry in a moment', 503, {
        retryAfter: err.detail.retryAfter ?? 1,
      });
    if (err.kind === 'cancelled') throw new ToolError('The request was cancelled', 408);
    if (err.kind === 'out-of-memory') throw new ToolError('`markdown` needed too much memory to render', 413, { field: 'markdown' });
    throw new ToolError(`\`markdown\` could not be rendered: ${err.message}`, 500);
  }
}

/** Markdown → sanitized HTML, exactly as the tool does it (in a worker, stopped after `timeMs`). */
export function markdownToSafeHtml(markdown: string, signal?: AbortSignal, timeMs?: number): Promise<string> {
  return runInWorker({ op: 'render', text: markdown }, signal, timeMs);
}

/** The tool's sanitizer applied to an HTML fragment (used by the conformance suites). */
export function sanitizeInWorker(html: string): Promise<string> {
  return runInWorker({ op: 'sanitize', text: html });
}

/**
 * The input limit, measured in CPU time on a loaded 2-core machine: micromark's cost per line is high, so
 * many short lines are the slow common shape (100,000 characters of `- a` list items: 8 s; of `a` lines: 3 s), and
 * a run of `[` then `]` is quadratic (100,000: 25 s). At 10,000 characters the slowest of these take 0.3 to 0.7 s.
 * Emphasis runs (`*` × 5,000, `a`, `*` × 5,000) are quadratic even here: the deadline stops those.
 */
const MARKDOWN_MAX_CHARS = 10_000;

export default defineTool({
  slug: 'markdown-to-html',
  mainThread: 'rendering runs in its own pool of 2 workers under a 10 s deadline',
  title: 'Markdown to HTML',
  keywords: {
    en: ['md to html', 'render markdown', 'GitHub flavored markdown', 'Markdown', 'HTML', 'md file'],
    nl: ['markdown naar html', 'md', 'markdown', 'html'],
  },
  description:
    'Converts Markdown to safe HTML. Follows CommonMark 0.31.2 plus GitHub Flavored Markdown: tables (with column ' +
    'alignment), task lists (disabled checkboxes), strikethrough (~~text~~), autolinks for bare URLs and www. links, ' +
    'footnotes, and the GFM tag filter. Raw HTML in the Markdown is allowed but the result is always sanitized with an ' +
    'allowlist: <script>, <style>, <iframe>, forms, comments, style attributes and event handlers (onclick...) are ' +
    'removed, and links or images whose URL scheme is not allowed lose their href/src (Markdown links and ' +
    'images: http, https, mailto and relative URLs; raw HTML may also use tel:), so javascript:, vbscript: and ' +
    'data: never pass. Text inside removed tags is kept (except script/style content). Fenced code blocks get ' +
    `class="language-<info>". Use it to preview or publish user-written Markdown. Input up to ${MARKDOWN_MAX_CHARS.toLocaleString('en-US')} characters; ` +
    'rendering has a 10 s budget (documents nesting thousands of levels deep get a 400 instead of hanging).',
  resultView: { kind: 'html', field: 'html' },
  input: z.strictObject({
    markdown: z
      .string()
      .max(MARKDOWN_MAX_CHARS)
      .describe(`The Markdown source (CommonMark + GFM), up to ${MARKDOWN_MAX_CHARS.toLocaleString('en-US')} characters`),
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
  run({ markdown }, ctx) {
    return markdownToSafeHtml(markdown, ctx.signal).then((html) => ({ html }));
  },
});
