import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { LANDSCAPE, PAPER_FORMAT, meteringOf, previewBlocks, renderOf, renderResultSchema } from '../_lib/render.js';

/** `html` limit: 1 MB, counted as 1,048,576 bytes of UTF-8. */
export const HTML_MAX_BYTES = 1024 * 1024;

export default defineTool({
  slug: 'html-to-pdf',
  mainThread: 'the page renders in the browser process; here only the request and the hosted file',
  title: 'HTML to PDF',
  summary: 'Turn an HTML document (an invoice, a report, a letter) into a PDF.',
  keywords: {
    en: ['HTML to PDF', 'print', 'invoice PDF', 'report', 'document', 'convert to PDF', 'HTML', 'PDF'],
    nl: ['html naar pdf', 'pdf maken', 'factuur', 'html', 'pdf'],
  },
  metering: 'render',
  description:
    'Renders an HTML document (invoices, reports, letters) to a PDF in headless Chromium; returns a download URL valid 24 hours. Inline CSS, data: images and public http(s) resources work; scripts run, @page rules apply, 20 s deadline. Render allowance first, then 25 credits; 3 a day without a key; failures are free.',
  docs: [
    '- `html`: a full HTML document, at most 1 MB (1,048,576 bytes of UTF-8; larger gives 413). Local files and private or loopback addresses are never fetched.',
    '- Backgrounds are printed and CSS @page rules apply. Scripts run; the render stops after a 20 s deadline (502).',
    '- Result: `url`, `expiresAt`, `bytes`, `contentType` (application/pdf) and `metering` (what paid for it).',
    '- Metering: with a key the monthly render allowance (50 renders) is used first, then 25 credits per render; without a key (REST) 3 renders per day per client IP. Failed renders are not charged.',
  ].join('\n'),
  resultView: { kind: 'file', field: '' },
  input: z.strictObject({
    html: z
      .string()
      .min(1)
      .check((ctx) => {
        // Thrown, not reported: the spec answers 413 (not 400) for an oversized `html`, before anything is charged.
        const bytes = Buffer.byteLength(ctx.value, 'utf8');
        if (bytes > HTML_MAX_BYTES)
          throw new ToolError(`\`html\` is ${bytes} bytes; the limit is 1 MB (${HTML_MAX_BYTES} bytes of UTF-8)`, 413, { field: 'html' });
      })
      .describe('HTML document, at most 1 MB of UTF-8 (else 413)'),
    format: PAPER_FORMAT,
    landscape: LANDSCAPE,
  }),
  output: renderResultSchema,
  annotations: { idempotentHint: false },
  examples: [
    {
      name: 'A one-line page as an A4 PDF',
      input: { html: '<!doctype html><h1>Invoice 2026-001</h1>' },
      output: { contentType: 'application/pdf' },
      partial: true,
    },
    {
      name: 'A US Letter page in landscape',
      input: { html: '<!doctype html><p>Quarterly report</p>', format: 'Letter', landscape: true },
      output: { contentType: 'application/pdf' },
      partial: true,
    },
  ],
  async run({ html, format, landscape }, ctx) {
    const file = await renderOf(ctx, 'printing the HTML to PDF in the browser').htmlToPdf(html, format, landscape);
    return { ...file, metering: meteringOf(ctx) };
  },
  mcpContent: previewBlocks,
});
