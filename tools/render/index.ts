import type { Tool } from '../../src/tool.js';
import htmlToPdf from './html-to-pdf.js';
import urlScreenshot from './url-screenshot.js';
import urlToPdf from './url-to-pdf.js';
import qrCode from './qr-code.js';

/** The `render` toolset. One import and one entry per tool. */
export default [
  htmlToPdf,
  urlScreenshot,
  urlToPdf,
  qrCode,
] as Tool[];
