import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { MAX_FULL_PAGE_HEIGHT, SCREENSHOT_HEIGHT } from '../../src/core/render-api.js';
import { URL_FIELD, meteringOf, previewBlocks, renderOf, renderResultSchema } from '../_lib/render.js';

export default defineTool({
  slug: 'url-screenshot',
  title: 'URL screenshot',
  metering: 'render',
  description:
    'Take a PNG screenshot of a public web page in headless Chromium; returns a download URL valid for 24 hours ' +
    '(over MCP the PNG is also returned as an image when it is at most 1 MB). ' +
    `\`width\` is the viewport width in CSS pixels, 320 to 1920 (default 1280); the viewport is ${SCREENSHOT_HEIGHT} px high. ` +
    `\`fullPage\` (default false) captures the whole page height, up to ${MAX_FULL_PAGE_HEIGHT} px (taller pages are cut there). ` +
    '`url` must be a public http or https URL: other schemes, user:password@ URLs, localhost, and hosts that resolve to any ' +
    'private, loopback, link-local (cloud metadata), CGNAT or other non-public address give 400, and so does a redirect, ' +
    'meta refresh or script navigation to such an address; sub-resources pointing there are left out. ' +
    'Taken after the load event plus up to 1.5 s of network quiet; 20 s deadline (502). ' +
    'Result: `url`, `expiresAt`, `bytes`, `contentType` (image/png), `metering`. ' +
    'Metering: monthly render allowance (50) first, then 25 credits per render; 3 per day without a key. Failed renders are not charged.',
  input: z.strictObject({
    url: URL_FIELD,
    width: z.number().int().min(320).max(1920).default(1280).describe('Viewport width in CSS pixels, 320 to 1920 (default 1280)'),
    fullPage: z.boolean().default(false).describe(`Capture the full page height (up to ${MAX_FULL_PAGE_HEIGHT} px) instead of the ${SCREENSHOT_HEIGHT} px viewport`),
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
    const file = await renderOf(ctx).urlScreenshot(url, width, fullPage);
    return { ...file, metering: meteringOf(ctx) };
  },
  mcpContent: previewBlocks,
});
