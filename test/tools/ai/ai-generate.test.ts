/**
 * ai-generate, ai-summarize and ai-translate through the real `openai` client
 * against the local fake endpoint (test/helpers/fake-openai.ts): what the tools
 * send, what they return, their input limits, and their declared examples.
 */
import { describe, expect, it } from 'vitest';

import aiGenerate from '../../../tools/ai/ai-generate.js';
import { expectToolError, runTool } from '../../helpers/run.js';
import { AI_TEST_KEY, useFakeOpenAI } from '../../helpers/ai.js';
import { setAiEnv } from '../../helpers/fake-openai.js';

const KEY = AI_TEST_KEY;
const { fake, lastRequest } = useFakeOpenAI();

describe('ai-generate', () => {
  it('sends the prompt to the configured model, streamed, with the key', async () => {
    const out = await runTool(aiGenerate, { prompt: 'Hi there' });
    expect(out).toEqual({ text: 'You said: Hi there', truncated: false });
    const req = lastRequest();
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.body).toEqual({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hi there' }],
      max_tokens: 1024,
      stream: true,
    });
  });

  it('passes the system prompt, max_tokens and temperature', async () => {
    await runTool(aiGenerate, { prompt: 'Go', system: 'Be brief.', max_tokens: 77, temperature: 0.3 });
    expect(lastRequest().body).toMatchObject({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Go' },
      ],
      max_tokens: 77,
      temperature: 0.3,
    });
  });

  it('uses WERKBANK_AI_MODEL, and works with only a base URL (local servers need no key)', async () => {
    setAiEnv({ OPENAI_BASE_URL: fake().baseURL, WERKBANK_AI_MODEL: 'llama3.2:3b' });
    expect(await runTool(aiGenerate, { prompt: 'x' })).toEqual({ text: 'You said: x', truncated: false });
    expect(lastRequest().body.model).toBe('llama3.2:3b');
    expect(lastRequest().headers.authorization).toBe('Bearer not-needed');
  });

  it('reports an answer cut off at max_tokens as truncated', async () => {
    expect(await runTool(aiGenerate, { prompt: 'one two three four', max_tokens: 4 })).toEqual({
      text: 'You said: one two',
      truncated: true,
    });
  });

  it('keeps the prompt verbatim (Unicode, newlines, markers of other tools)', async () => {
    const prompt = 'Ünïcode 👍\n\nSummarize this: nothing';
    expect((await runTool(aiGenerate, { prompt })).text).toBe(`You said: ${prompt}`);
  });

  it('enforces its ranges', async () => {
    await expectToolError(aiGenerate, { prompt: '' }, 400, /prompt/);
    await expectToolError(aiGenerate, { prompt: 'x'.repeat(100_001) }, 400, /prompt/);
    await expectToolError(aiGenerate, { prompt: 'x', system: '' }, 400, /system/);
    await expectToolError(aiGenerate, { prompt: 'x', system: 's'.repeat(20_001) }, 400, /system/);
    await expectToolError(aiGenerate, { prompt: 'x', max_tokens: 0 }, 400, /max_tokens/);
    await expectToolError(aiGenerate, { prompt: 'x', max_tokens: 16_385 }, 400, /max_tokens/);
    await expectToolError(aiGenerate, { prompt: 'x', max_tokens: 1.5 }, 400, /max_tokens/);
    await expectToolError(aiGenerate, { prompt: 'x', temperature: -0.1 }, 400, /temperature/);
    await expectToolError(aiGenerate, { prompt: 'x', temperature: 2.1 }, 400, /temperature/);
    await expectToolError(aiGenerate, { prompt: 'x', model: 'gpt-4o' }, 400, /model/);
    expect(fake().requests).toEqual([]);

    await runTool(aiGenerate, { prompt: 'x'.repeat(100_000), max_tokens: 16_384, temperature: 2 });
    await runTool(aiGenerate, { prompt: 'x', max_tokens: 1, temperature: 0 });
    expect(fake().requests.map((r) => [r.body.max_tokens, r.body.temperature])).toEqual([
      [16_384, 2],
      [1, 0],
    ]);
  });
});
