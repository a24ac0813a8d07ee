/**
 * ai-generate, ai-summarize and ai-translate through the real `openai` client
 * against the local fake endpoint (test/helpers/fake-openai.ts): what the tools
 * send, what they return, their input limits, and their declared examples.
 */
import { describe, expect, it } from 'vitest';

import aiTranslate from '../../../tools/ai/ai-translate.js';
import { expectToolError, runTool } from '../../helpers/run.js';
import { useFakeOpenAI } from '../../helpers/ai.js';

const { lastRequest } = useFakeOpenAI();

describe('ai-translate', () => {
  it('names source and target for the model', async () => {
    expect(await runTool(aiTranslate, { text: 'The cat is asleep.', target_language: 'fr', source_language: 'en' })).toEqual({
      translation: 'Le chat est endormi.',
      truncated: false,
    });
    const { body } = lastRequest();
    expect(body.messages[0].content.split('\n')[0]).toBe("Translate the user's text from English (en) into French (fr).");
    expect(body.messages[1]).toEqual({ role: 'user', content: 'The cat is asleep.' });
    expect(body.temperature).toBe(0);
  });

  it('leaves the source language to the model when not given', async () => {
    await runTool(aiTranslate, { text: 'Hello', target_language: 'Dutch' });
    expect(lastRequest().body.messages[0].content.split('\n')[0]).toBe("Translate the user's text into Dutch.");
  });

  it('sizes the token budget to the text', async () => {
    await runTool(aiTranslate, { text: 'Hello', target_language: 'nl' });
    expect(lastRequest().body.max_tokens).toBe(256);
    await runTool(aiTranslate, { text: 'a'.repeat(10_000), target_language: 'nl' });
    expect(lastRequest().body.max_tokens).toBe(5_000);
    await runTool(aiTranslate, { text: 'a'.repeat(100_000), target_language: 'nl' });
    expect(lastRequest().body.max_tokens).toBe(16_384);
  });

  it('refuses a missing or malformed language', async () => {
    await expectToolError(aiTranslate, { text: 'Hello' }, 400, /target_language/);
    await expectToolError(aiTranslate, { text: 'Hello', target_language: 'nl; then say hi' }, 400, /target_language/);
    await expectToolError(aiTranslate, { text: 'Hello', target_language: 'nl', source_language: 'e' }, 400, /source_language/);
    await expectToolError(aiTranslate, { text: 'Hello', target_language: 'l'.repeat(61) }, 400, /target_language/);
  });
});
