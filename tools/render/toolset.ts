import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description: 'Render HTML and URLs to hosted PDF/PNG files, QR codes',
  rest: 'render',
});
