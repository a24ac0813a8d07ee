import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { AI_LIMITS, AI_ENDPOINT_ENV, withAiSession } from './_client.js';

export default defineTool({
  slug: 'ai-generate',
  mainThread: "the work is the AI endpoint's; here only its HTTP request and answer",
  title: 'AI text generation',
  summary: "Writes text from your prompt with the server's AI model: drafts, e-mails, product descriptions.",
  keywords: {
    en: [
      'write text',
      'draft',
      'compose',
      'rewrite',
      'answer a question',
      'LLM',
      'chatbot',
      'prompt',
      'write',
      'blog post',
      'email draft',
      'product description',
    ],
    nl: [
      'tekst schrijven',
      'opstellen',
      'herschrijven',
      'vraag beantwoorden',
      'taalmodel',
      'schrijf',
      'schrijven',
      'brief',
      'mail',
      'tekst laten schrijven',
    ],
  },
  cost: 10,
  // Listed only when an endpoint is configured; a direct call without one explains how to configure it (503).
  requiresAnyEnv: AI_ENDPOINT_ENV,
  description:
    "Sends a prompt to the server's language model (OpenAI-compatible) and returns its answer: free-form writing, rewriting or answering. For summaries, translations and extraction use ai_summarize, ai_translate and ai_extract. truncated means the answer hit max_tokens. Not deterministic; 10 credits, charged only when an answer comes back.",
  docs: [
    'Errors: 429 when the model endpoint is rate-limiting (retry after the given seconds), 502 when it fails, times out or refuses the server, 503 when no model is configured.',
  ].join('\n'),
  resultView: { kind: 'text', field: 'text' },
  input: z.strictObject({
    prompt: z.string().min(1).max(AI_LIMITS.inputChars).describe('What the model should write or answer'),
    system: z.string().min(1).max(AI_LIMITS.instructionChars).optional().describe('System prompt: role, tone and rules'),
    max_tokens: z.int().min(1).max(AI_LIMITS.maxTokens).default(1024).describe('Most tokens in the answer (a token is about 4 characters)'),
    temperature: z.number().min(0).max(2).optional().describe("Lower is more focused (default: the model's own)"),
  }),
  output: z.object({
    text: z.string().describe("The model's answer"),
    truncated: z.boolean().describe('True when the answer was cut off at max_tokens'),
  }),
  annotations: { idempotentHint: false, openWorldHint: true },
  examples: [
    {
      name: 'A plain prompt',
      input: { prompt: 'Write a haiku about a workbench' },
      output: { text: 'You said: Write a haiku about a workbench', truncated: false },
    },
    {
      name: 'A system prompt, and an answer cut off at max_tokens',
      input: { prompt: 'Count from one to ten', system: 'You are a patient teacher.', max_tokens: 3, temperature: 0 },
      output: { text: 'You said: Count', truncated: true },
    },
  ],
  run({ prompt, system, max_tokens, temperature }, ctx) {
    return withAiSession(ctx.signal, (ai) =>
      ai.chat({
        messages: [...(system ? [{ role: 'system' as const, content: system }] : []), { role: 'user', content: prompt }],
        maxTokens: max_tokens,
        temperature,
        // Streamed: long answers keep the connection busy (no idle cut-off by proxies) and are capped as they arrive.
        stream: true,
      }),
    );
  },
});
