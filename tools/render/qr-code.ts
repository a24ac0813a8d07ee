import { z } from 'zod';
import type { QRCode } from 'qrcode';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { aliasedEnum } from '../_lib/aliased-enum.js';
import { lazy } from '../_lib/lazy.js';
import { previewBlocks, renderOf } from '../_lib/render.js';

/** Most characters a QR code holds (numeric mode, version 40-L); byte-mode text holds at most 2,953 bytes. */
const TEXT_MAX = 7_089;

const loadQRCode = lazy(async () => (await import('qrcode')).default);

export default defineTool({
  slug: 'qr-code',
  title: 'QR code',
  summary: 'Make a QR code of a link or text, as PNG or SVG.',
  featured: true,
  keywords: {
    en: ['QR', 'barcode', 'scan code', 'link to QR', 'wifi QR', 'QR code'],
    nl: ['qr-code', 'qr code maken', 'streepjescode', 'qr code', 'qr'],
  },
  description:
    'Makes a QR code of a text or URL as a PNG or SVG file (download URL valid 24 hours; over MCP the PNG also comes back as an image, for svg the markup in `svg`). Smallest version and encoding mode are chosen automatically; up to 2,953 UTF-8 bytes at level L (less at higher levels). 1 credit; needs an API key on REST.',
  docs: [
    '- `errorCorrectionLevel`: L (7% of the code may be damaged), M (15%), Q (25%) or H (30%); `low`/`medium`/`quartile`/`high` work too.',
    '- `size`: a PNG too small for 1 px per module (with margin) is drawn at 4 px per module instead (`width` reports the real size).',
    '- `margin`: quiet zone in modules; 4 is what the QR standard asks for.',
    '- Versions 1-40; modes numeric, alphanumeric, byte/UTF-8, kanji. Too much text gives 400.',
  ].join('\n'),
  resultView: { kind: 'file', field: '' },
  input: z.strictObject({
    text: z.string().min(1).max(TEXT_MAX).describe('Text or URL to encode'),
    format: aliasedEnum(['png', 'svg']).default('png').describe('File format'),
    errorCorrectionLevel: aliasedEnum(['L', 'M', 'Q', 'H'], { aliases: { low: 'L', medium: 'M', quartile: 'Q', high: 'H' } })
      .default('M')
      .describe('Error correction: L 7%, M 15%, Q 25%, H 30% restorable'),
    size: z.number().int().min(64).max(4096).default(512).describe('Image width and height, px'),
    margin: z.number().int().min(0).max(16).default(4).describe('Quiet zone, in modules'),
  }),
  output: z.object({
    url: z.string().describe('Download URL of the image; valid for 24 hours (`file://` URL when running over stdio)'),
    expiresAt: z.string().describe('When the URL stops working (ISO 8601, UTC)'),
    bytes: z.number().int().describe('Size of the file in bytes'),
    contentType: z.string().describe('image/png or image/svg+xml'),
    version: z.number().int().describe('QR version, 1-40 (a version-v code has 17 + 4v modules per side)'),
    modules: z.number().int().describe('Modules per side, without the margin'),
    errorCorrectionLevel: z.enum(['L', 'M', 'Q', 'H']).describe('The error correction level used'),
    width: z.number().int().describe('Width (= height) of the image in pixels'),
    svg: z.string().optional().describe('The SVG markup (format svg only)'),
  }),
  examples: [
    {
      name: 'A URL as a PNG (19 bytes at level M need version 2: 25 modules)',
      input: { text: 'https://example.com' },
      output: { contentType: 'image/png', version: 2, modules: 25, errorCorrectionLevel: 'M' },
      partial: true,
    },
    {
      name: 'Alphanumeric text as SVG at level Q (11 characters fit version 1: 21 modules)',
      input: { text: 'HELLO WORLD', format: 'svg', errorCorrectionLevel: 'quartile', size: 290, margin: 4 },
      output: { contentType: 'image/svg+xml', version: 1, modules: 21, errorCorrectionLevel: 'Q', width: 290 },
      partial: true,
    },
  ],
  async run({ text, format, errorCorrectionLevel, size, margin }, ctx) {
    const qrcode = await loadQRCode();
    let qr: QRCode;
    try {
      qr = qrcode.create(text, { errorCorrectionLevel });
    } catch (err) {
      throw new ToolError(`\`text\` does not fit in a QR code at level ${errorCorrectionLevel}: ${(err as Error).message}`, 400, {
        field: 'text',
      });
    }
    const modules = qr.modules.size;
    const options = { errorCorrectionLevel, margin, width: size };
    const service = renderOf(ctx);
    if (format === 'svg') {
      const svg = await qrcode.toString(text, { ...options, type: 'svg' });
      const file = await service.store(Buffer.from(svg, 'utf8'), 'image/svg+xml', 'qr-code.svg');
      return { ...file, version: qr.version, modules, errorCorrectionLevel, width: size, svg };
    }
    const png = await qrcode.toBuffer(text, { ...options, type: 'png' });
    const file = await service.store(png, 'image/png', 'qr-code.png');
    return { ...file, version: qr.version, modules, errorCorrectionLevel, width: png.readUInt32BE(16) };
  },
  mcpContent: previewBlocks,
});
