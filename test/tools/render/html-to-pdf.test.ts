import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import htmlToPdf from '../../../tools/render/html-to-pdf.js';
import { expectToolError, runTool } from '../../helpers/run.js';
import { closeToSize, readPdf } from '../../render-helpers.js';

// A real browser (the render tools' resolution: setting, system, bundled); the REST and SSRF cases are in test/render-*.test.ts.
describe('html-to-pdf', () => {
  it('renders the HTML to a PDF of the requested paper size', async () => {
    const out = await runTool(htmlToPdf, { html: '<h1>Factuur 2026-001</h1><p>Totaal € 121,00</p>', format: 'Letter', landscape: true });
    expect(out).toMatchObject({ contentType: 'application/pdf', metering: { source: 'local', remaining: null } });
    const pdf = await readPdf(readFileSync(fileURLToPath(out.url)));
    expect(pdf.text).toContain('Totaal € 121,00');
    expect(closeToSize(pdf.size, [792, 612])).toBe(true);
  }, 60_000);

  it('refuses empty HTML, naming the field', async () => {
    await expectToolError(htmlToPdf, { html: '' }, 400, /html/);
  });
});
