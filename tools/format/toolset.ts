import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description: 'Format conversion and formatting: JSON, CSV, YAML, XML, Markdown, SQL, Base64, URL, HTML entities, subtitles',
});
