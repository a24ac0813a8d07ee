import { describe, it } from 'vitest';
import tool from '../../../tools/render/url-to-pdf.js';
import { expectToolError } from '../../helpers/run.js';

// Public pages need the internet (its examples are marked online); what a direct call can prove offline is that
// the SSRF policy refuses every private, loopback, metadata and non-http(s) target before a browser starts.
// Rendering through the egress proxy with a test resolver is covered in test/render-output.test.ts and test/render-ssrf.test.ts.
describe('url-to-pdf', () => {
  it('refuses loopback, private, link-local and metadata addresses and other schemes with a 400', async () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://localhost:8787/',
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'file:///etc/passwd',
      'ftp://example.org/',
    ])
      await expectToolError(tool, { url }, 400);
  });

  it('refuses a URL that is not a URL, naming the field', async () => {
    await expectToolError(tool, { url: 'not a url' }, 400, /url/);
  });
});
