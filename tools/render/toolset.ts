import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description: 'Render to files: HTML to PDF, web page (URL) to PDF, web page screenshot (PNG), QR codes (PNG or SVG)',
  rest: 'render',
});
