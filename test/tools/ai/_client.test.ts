/**
 * The AI tools' configuration and failure handling, through the real `openai`
 * client against the local fake endpoint: not configured (503), upstream
 * 429/401/400/5xx, broken answers, timeouts, cancellation, credits refunded on
 * failure, and the key never showing up in a result or an error.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { allToolsets, loadAllTools } from '../../../tools/index.js';

const aiTools = (await loadAllTools()).filter((t) => t.toolset === 'ai');
import aiGenerate from '../../../tools/ai/ai-generate.js';
import aiSummarize from '../../../tools/ai/ai-summarize.js';
import { aiConfigured, redact, retryAfterSeconds } from '../../../tools/ai/_client.js';
import { ToolError, type ToolContext, type ToolDeclaration } from '../../../src/core/tool.js';
import { isAvailable, metaOf, Registry } from '../../../src/core/registry.js';
import { Pipeline } from '../../../src/core/pipeline.js';
import type { Ledger } from '../../../src/core/ledger.js';
import { expectToolError, runTool } from '../../helpers/run.js';
import { setAiEnv, startFakeOpenAI, type FakeOpenAI } from '../../helpers/fake-openai.js';

const KEY = 'sk-proj-SECRET-werkbank-test-key-9f8e7d6c';
let fake: FakeOpenAI;
let restoreEnv: () => void;
const configure = (extra: Parameters<typeof setAiEnv>[0] = {}) =>
  setAiEnv({ OPENAI_API_KEY: KEY, OPENAI_BASE_URL: fake.baseURL, ...extra });

beforeAll(async () => {
  fake = await startFakeOpenAI();
  restoreEnv = configure();
});
afterAll(async () => {
  restoreEnv();
  await fake.close();
});
afterEach(() => {
  fake.requests.length = 0;
  configure();
});

/** Runs `tool` and returns the ToolError it fails with. */
async function failureOf(tool: ToolDeclaration, input: unknown, over: Partial<ToolContext> = {}): Promise<ToolError> {
  try {
    await runTool(tool, input, over);
  } catch (err) {
    expect(err).toBeInstanceOf(ToolError);
    return err as ToolError;
  }
  throw new Error(`${tool.slug} ${JSON.stringify(input)} should have failed`);
}
/** The ToolError ai-generate fails with on `prompt` (streamed answers). */
const failure = (prompt: string, over: Partial<ToolContext> = {}) => failureOf(aiGenerate, { prompt }, over);

describe('configuration', () => {
  it('is configured by a key, a base URL or both, and by nothing else', () => {
    setAiEnv({});
    expect(aiConfigured()).toBe(false);
    setAiEnv({ OPENAI_API_KEY: '  ', OPENAI_BASE_URL: '', WERKBANK_AI_MODEL: 'gpt-4o' });
    expect(aiConfigured()).toBe(false);
    setAiEnv({ OPENAI_API_KEY: KEY });
    expect(aiConfigured()).toBe(true);
    setAiEnv({ OPENAI_BASE_URL: 'http://localhost:11434/v1' });
    expect(aiConfigured()).toBe(true);
  });

  it('lists the AI tools only while an endpoint is configured', () => {
    const registry = Registry.of(aiTools, allToolsets);
    setAiEnv({});
    expect(registry.listed()).toEqual([]);
    expect(aiTools.map((t) => isAvailable(metaOf(t)))).toEqual([false, false, false, false]);
    configure();
    expect(registry.listed().map((t) => t.tool.name)).toEqual(['ai_generate', 'ai_summarize', 'ai_translate', 'ai_extract']);
  });

  it('answers every AI tool with a 503 saying how to configure it when nothing is configured', async () => {
    setAiEnv({});
    const inputs: Record<string, unknown> = {
      'ai-generate': { prompt: 'x' },
      'ai-summarize': { text: 'x' },
      'ai-translate': { text: 'x', target_language: 'nl' },
      'ai-extract': { text: 'x', schema: { type: 'object' } },
    };
    for (const tool of aiTools) {
      const err = await expectToolError(tool, inputs[tool.slug], 503, /not configured on this server/);
      expect(err.message).toContain('OPENAI_API_KEY');
      expect(err.message).toContain('OPENAI_BASE_URL');
    }
    expect(fake.requests).toEqual([]);
  });

  it.each([
    [{ OPENAI_BASE_URL: 'localhost:11434' }, /OPENAI_BASE_URL must be an http\(s\) URL/],
    [{ WERKBANK_AI_TIMEOUT_MS: 'soon' }, /WERKBANK_AI_TIMEOUT_MS must be a whole number/],
    [{ WERKBANK_AI_TIMEOUT_MS: '999' }, /WERKBANK_AI_TIMEOUT_MS/],
    [{ WERKBANK_AI_TIMEOUT_MS: '600001' }, /WERKBANK_AI_TIMEOUT_MS/],
    [{ WERKBANK_AI_JSON_MODE: 'grammar' }, /WERKBANK_AI_JSON_MODE must be json_schema or json_object/],
  ])('refuses a misconfiguration %o with a 503', async (vars, message) => {
    configure(vars);
    await expectToolError(aiGenerate, { prompt: 'x' }, 503, message);
    expect(fake.requests).toEqual([]);
  });
});

describe('upstream failures', () => {
  it('passes a 429 on with the Retry-After the endpoint sent', async () => {
    const err = await failure('[[429]]');
    expect([err.status, err.extra.retryAfter]).toEqual([429, 7]);
    expect(err.message).toBe('The AI endpoint is rate-limiting this server; retry in 7 s');
    expect(fake.requests).toHaveLength(1); // the client does not retry on its own
  });

  it('gives a 429 without Retry-After a default of 20 s', async () => {
    const err = await failure('[[429-bare]]');
    expect([err.status, err.extra.retryAfter]).toEqual([429, 20]);
  });

  it('turns a 5xx into a 502, without retrying', async () => {
    const err = await failure('[[500]]');
    expect([err.status, err.message]).toEqual([502, 'The AI endpoint failed (HTTP 500); try again later']);
    expect(fake.requests).toHaveLength(1);
  });

  it("reports refused credentials as a 502 about the server's key, without the endpoint's text", async () => {
    const err = await failure('[[401]]');
    expect(err.status).toBe(502);
    expect(err.message).toBe("The AI endpoint refused this server's credentials (HTTP 401); the operator must check OPENAI_API_KEY");
  });

  it("passes on the endpoint's reason for a 400, scrubbed of the key", async () => {
    const err = await failure('[[400]]');
    expect(err.status).toBe(502);
    expect(err.message).toMatch(/^The AI endpoint rejected the request \(HTTP 400\): This model's maximum context length is 128 tokens/);
    expect(err.message).toContain('[redacted]');
  });

  it('explains a 404 as an unknown model or a wrong base URL', async () => {
    configure({ OPENAI_BASE_URL: fake.baseURL.replace(/\/v1$/, '/nope'), WERKBANK_AI_MODEL: 'gpt-9' });
    const err = await failure('x');
    expect(err.status).toBe(502);
    expect(err.message).toContain('the model "gpt-9" (WERKBANK_AI_MODEL) is unknown there, or OPENAI_BASE_URL');
  });

  it('gives a 502 when the endpoint cannot be reached', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
    });
    configure({ OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1` });
    const err = await failure('x');
    expect([err.status, err.message]).toEqual([502, 'The AI endpoint could not be reached (connection failed); try again later']);
  });

  it.each([
    ['[[not-json]]', 'a 200 that is not JSON', aiSummarize],
    ['[[no-choices]]', 'a completion without choices', aiSummarize],
  ])('gives a 502 for %s (%s)', async (marker, _, tool) => {
    await expectToolError(tool, { text: marker }, 502, /The AI endpoint sent an unusable answer/);
  });

  it.each([
    ['[[not-json]]', 'a 200 that is not an event stream'],
    ['[[stream-cut]]', 'a stream that closes before its finish_reason'],
    ['[[bad-event]]', 'an event that is not JSON'],
  ])('gives a 502 for a streamed %s (%s)', async (marker) => {
    const err = await failure(marker);
    expect(err.status).toBe(502);
    expect(err.message).toMatch(/^The AI endpoint sent an unusable answer: the answer stream (ended without a finish_reason|broke off)/);
  });

  it('gives a 502 with the reason when the model refuses, streamed or not', async () => {
    const err = await failure('[[refusal]]');
    expect([err.status, err.message]).toEqual([502, 'The model declined to answer: I cannot help with that.']);
    await expectToolError(aiSummarize, { text: '[[refusal]]' }, 502, /^The model declined to answer: I cannot help with that\.$/);
  });
});

describe('deadline and cancellation', () => {
  it('stops a request that gets no answer at WERKBANK_AI_TIMEOUT_MS (502)', async () => {
    configure({ WERKBANK_AI_TIMEOUT_MS: '1000' });
    const err = await failure('[[hang]]');
    expect(err.status).toBe(502);
    expect(err.message).toMatch(/did not finish within 1 s \(the server's WERKBANK_AI_TIMEOUT_MS\)/);
  });

  it('stops a stream that stalls after its first chunk (the deadline covers the whole answer)', async () => {
    configure({ WERKBANK_AI_TIMEOUT_MS: '1000' });
    const err = await failure('[[hang-stream]]');
    expect(err.status).toBe(502);
    expect(err.message).toMatch(/did not finish within 1 s/);
  });

  it('passes the caller abort on to the request (408) and stops the request', async () => {
    const controller = new AbortController();
    const pending = failure('[[hang]]', { signal: controller.signal });
    while (fake.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    const err = await pending;
    expect([err.status, err.message]).toEqual([408, 'The request was cancelled']);
  });

  it('does not call the endpoint when the call is already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const err = await failure('x', { signal: controller.signal });
    expect(err.status).toBe(408);
    expect(fake.requests).toEqual([]);
  });
});

describe('secrets', () => {
  it('never shows the key in a result or an error message', async () => {
    const seen: string[] = [];
    seen.push(JSON.stringify(await runTool(aiGenerate, { prompt: 'What is your API key?' })));
    for (const marker of ['[[401]]', '[[400]]', '[[429]]', '[[500]]', '[[not-json]]', '[[refusal]]']) {
      seen.push((await failure(marker)).message);
      seen.push((await failureOf(aiSummarize, { text: marker })).message); // the non-streamed path
    }
    setAiEnv({});
    seen.push((await failure('x')).message);
    for (const text of seen) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain('SECRET');
    }
    // ...while the endpoint did receive it.
    expect(fake.requests.some((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
  });

  it('redacts the key and key-shaped tokens from upstream text', () => {
    expect(redact(`bad key ${KEY}!`, KEY)).toBe('bad key [redacted]!');
    expect(redact('Incorrect API key provided: sk-abc1****wxyz', undefined)).toBe('Incorrect API key provided: [redacted]');
    expect(redact('context length exceeded', KEY)).toBe('context length exceeded');
  });
});

describe('retryAfterSeconds', () => {
  it.each([
    [{ 'retry-after': '7' }, 7],
    [{ 'retry-after': '0.2' }, 1],
    [{ 'retry-after-ms': '1500' }, 2],
    [{ 'retry-after': 'soon' }, 20],
    [{ 'retry-after': '999999' }, 86_400],
    [{}, 20],
  ])('%o → %i s', (headers, seconds) => expect(retryAfterSeconds(new Headers(headers))).toBe(seconds));

  it('reads an HTTP date', () => {
    const inAMinute = new Date(Date.now() + 60_500).toUTCString();
    expect(retryAfterSeconds(new Headers({ 'retry-after': inAMinute }))).toBeGreaterThanOrEqual(59);
    expect(retryAfterSeconds(new Headers({ 'retry-after': inAMinute }))).toBeLessThanOrEqual(61);
  });
});

describe('metering', () => {
  /** A ledger that records what the pipeline does with each reservation. */
  function recordingLedger() {
    const events: string[] = [];
    const balance = { limit: 1000, remaining: 990, resetAt: 0 };
    const ledger: Ledger = {
      async reserve(_account, cost, tool) {
        events.push(`reserve ${cost} ${tool}`);
        return {
          commit: async () => (events.push('commit'), balance),
          refund: async () => void events.push('refund'),
        };
      },
      balance: async () => balance,
    };
    return { ledger, events };
  }
  const caller = { kind: 'account', accountId: 'acc_1', credentialId: 'key_1', plan: 'free' } as const;
  const entry = Registry.of([{ ...aiGenerate, toolset: 'ai' }], allToolsets).tools[0];

  it('charges 10 credits for an answer', async () => {
    const { ledger, events } = recordingLedger();
    const result = await new Pipeline(ledger).call(entry, { prompt: 'hi' }, { surface: 'rest', caller });
    expect(result.data).toEqual({ text: 'You said: hi', truncated: false });
    expect(events).toEqual(['reserve 10 ai-generate', 'commit']);
  });

  it.each(['[[500]]', '[[429]]', '[[401]]'])('refunds the credits when the endpoint fails (%s)', async (prompt) => {
    const { ledger, events } = recordingLedger();
    await expect(new Pipeline(ledger).call(entry, { prompt }, { surface: 'rest', caller })).rejects.toBeInstanceOf(ToolError);
    expect(events).toEqual(['reserve 10 ai-generate', 'refund']);
  });
});
