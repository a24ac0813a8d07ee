/**
 * The AI tools' tests against the local OpenAI-compatible fake (test/helpers/fake-openai.ts):
 * one fake per test file, configured before each test, its recorded requests cleared after.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { setAiEnv, startFakeOpenAI, type FakeOpenAI } from './fake-openai.js';

export const AI_TEST_KEY = 'sk-test-ai-tools-0123456789';

export function useFakeOpenAI(): { fake: () => FakeOpenAI; lastRequest: () => FakeOpenAI['requests'][number] } {
  let fake: FakeOpenAI;
  let restoreEnv: () => void;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    restoreEnv = setAiEnv({ OPENAI_API_KEY: AI_TEST_KEY, OPENAI_BASE_URL: fake.baseURL });
  });
  afterAll(async () => {
    restoreEnv();
    await fake.close();
  });
  afterEach(() => {
    fake.requests.length = 0;
    setAiEnv({ OPENAI_API_KEY: AI_TEST_KEY, OPENAI_BASE_URL: fake.baseURL });
  });
  return { fake: () => fake, lastRequest: () => fake.requests.at(-1)! };
}
