import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description:
    "AI writing on the server's language model (OpenAI-compatible endpoint): generate or rewrite text, summarize, translate between languages, extract JSON fields from e-mails, invoices or CVs",
  order: ['ai-generate', 'ai-summarize', 'ai-translate', 'ai-extract'],
});
