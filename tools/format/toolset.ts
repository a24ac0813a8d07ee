import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description:
    'Convert and format data: JSON, CSV, YAML, XML, TypeScript types, Markdown tables and HTML, SQL formatting, Base64, URL encoding, HTML entities, subtitles (SRT, WebVTT, SBV)',
});
