import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { MAX_FULL_PAGE_HEIGHT, SCREENSHOT_HEIGHT } from '../../src/core/render-api.js';
import { URL_FIELD, meteringOf, previewBlocks, renderOf, renderResultSchema } from '../_lib/render.js';

export default defineTool({
  slug: 'url-screenshot',
  title: 'URL screenshot',
  summary: 'A screenshot of a public web page, as PNG.',
  keywords: {
    en: ['screenshot', 'capture web page', 'website image', 'PNG', 'snapshot', 'website screenshot'],
    nl: ['schermafbeelding', 'screenshot', 'website vastleggen', 'schermafdruk'],
  },
  metering: 'render',
  description: `PNG screenshot of a public web page in headless Chromium; returns a download URL valid 24 hours (over MCP also the image, up to 1 MB). The viewport is width px wide and ${SCREENSHOT_HEIGHT} px high; fullPage captures the whole page. Non-public hosts give 400. Render allowance first, then 25 credits; 3 a day without a key; failures are free.`,
  docs: [
    '- `url` must be a public http or https URL: other schemes, user:password@ URLs, localhost, and hosts that resolve to any private, loopback, link-local (cloud metadata), CGNAT or other non-public address give 400, and so does a redirect, meta refresh or script navigation to such an address; sub-resources pointing there are left out.',
    '- Taken after the load event plus up to 1.5 s of network quiet; the whole render has a 20 s deadline (502).',
    '- Result: `url`, `expiresAt`, `bytes`, `contentType`, `metering`.',
    '- Metering: with a key the monthly render allowance (50 renders) is used first, then 25 credits per render; without a key (REST) 3 renders per day per client IP. Failed renders are not charged.',
    `- fullPage captures up to ${MAX_FULL_PAGE_HEIGHT} px; taller pages are cut there.`,
  ].join('\n'),
  resultView: { kind: 'file', field: '' },
  input: z.strictObject({
    url: URL_FIELD,
    width: z.number().int().min(320).max(1920).default(1280).describe('Viewport width, CSS px'),
    fullPage: z.boolean().default(false).describe(`Capture the full page height (up to ${MAX_FULL_PAGE_HEIGHT} px)`),
  }),
  output: renderResultSchema,
  annotations: { idempotentHint: false, openWorldHint: true },
  examples: [
    {
      name: 'The visible part of a page at 1280 px',
      input: { url: 'https://example.com/' },
      output: { contentType: 'image/png' },
      partial: true,
      online: true,
    },
    {
      name: 'A whole page at phone width',
      input: { url: 'https://example.com/', width: 390, fullPage: true },
      output: { contentType: 'image/png' },
      partial: true,
      online: true,
    },
  ],
  async run({ url, width, fullPage }, ctx) {
    const file = await renderOf(ctx, 'loading the page and taking its screenshot in the browser').urlScreenshot(url, width, fullPage);
    return { ...file, metering: meteringOf(ctx) };
  },
  mcpContent: previewBlocks,
});
