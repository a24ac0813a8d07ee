import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description: 'AI tools on an OpenAI-compatible endpoint: generate, summarize, translate, extract',
  order: ['ai-generate', 'ai-summarize', 'ai-translate', 'ai-extract'],
});
