import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import qrCode from '../../../tools/render/qr-code.js';
import { expectToolError, runTool } from '../../helpers/run.js';
import { decodeQr, readPng } from '../../render-helpers.js';

// Direct calls render like stdio: files in a temporary data dir with file:// links (test/helpers/run.ts).
describe('qr-code', () => {
  it('encodes the text in a PNG of the requested size that decodes back to it', async () => {
    const text = 'https://werkbank.example/€-ü?q=1';
    const out = await runTool(qrCode, { text, size: 300, errorCorrectionLevel: 'high' });
    expect(out).toMatchObject({ contentType: 'image/png' });
    const png = readFileSync(fileURLToPath(out.url));
    expect(png.byteLength).toBe(out.bytes);
    expect(readPng(png).width).toBe(300);
    expect(decodeQr(png)).toBe(text);
  });

  it('writes SVG on request, and refuses text beyond QR capacity', async () => {
    const svg = await runTool(qrCode, { text: 'hallo', format: 'svg' });
    expect(svg.contentType).toBe('image/svg+xml');
    expect(readFileSync(fileURLToPath(svg.url), 'utf8')).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    await expectToolError(qrCode, { text: 'x'.repeat(3000), errorCorrectionLevel: 'H' }, 400, /text/);
  });
});
