import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { LANDSCAPE, PAPER_FORMAT, URL_FIELD, meteringOf, previewBlocks, renderOf, renderResultSchema } from '../_lib/render.js';

export default defineTool({
  slug: 'url-to-pdf',
  title: 'URL to PDF',
  summary: 'Save a public web page as a PDF.',
  keywords: {
    en: ['web page to PDF', 'save website', 'print page', 'archive page', 'URL to PDF', 'website PDF'],
    nl: ['website naar pdf', 'webpagina opslaan', 'pdf van website', 'pdf', 'website pdf'],
  },
  metering: 'render',
  description:
    'Opens a public web page in headless Chromium and prints it to a PDF; returns a download URL valid 24 hours. Non-public hosts give 400; error pages (404, 500) print as the browser shows them. Render allowance first, then 25 credits; 3 a day without a key; failures are free.',
  docs: [
    '- `url` must be a public http or https URL: other schemes, user:password@ URLs, localhost, and hosts that resolve to any private, loopback, link-local (cloud metadata), CGNAT or other non-public address give 400, and so does a redirect, meta refresh or script navigation to such an address; sub-resources pointing there are left out.',
    '- Taken after the load event plus up to 1.5 s of network quiet; the whole render has a 20 s deadline (502).',
    '- Result: `url`, `expiresAt`, `bytes`, `contentType`, `metering`.',
    '- Metering: with a key the monthly render allowance (50 renders) is used first, then 25 credits per render; without a key (REST) 3 renders per day per client IP. Failed renders are not charged.',
  ].join('\n'),
  resultView: { kind: 'file', field: '' },
  input: z.strictObject({
    url: URL_FIELD,
    format: PAPER_FORMAT,
    landscape: LANDSCAPE,
  }),
  output: renderResultSchema,
  annotations: { idempotentHint: false, openWorldHint: true },
  examples: [
    {
      name: 'A web page as an A4 PDF',
      input: { url: 'https://example.com/' },
      output: { contentType: 'application/pdf' },
      partial: true,
      online: true,
    },
    {
      name: 'Letter, landscape',
      input: { url: 'https://example.com/', format: 'Letter', landscape: true },
      output: { contentType: 'application/pdf' },
      partial: true,
      online: true,
    },
  ],
  async run({ url, format, landscape }, ctx) {
    const file = await renderOf(ctx, 'loading the page and printing it to PDF in the browser').urlToPdf(url, format, landscape);
    return { ...file, metering: meteringOf(ctx) };
  },
  mcpContent: previewBlocks,
});
