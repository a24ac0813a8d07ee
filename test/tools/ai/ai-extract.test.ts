/**
 * ai-extract against the local fake endpoint: JSON mode with the schema, the
 * one retry on an invalid answer, the 502 after it, and the schema checks that
 * refuse a bad or hostile schema before any model call.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import aiExtract from '../../../tools/ai/ai-extract.js';
import { nestingDepth } from '../../../src/core/validate.js';
import { expectToolError, runTool } from '../../helpers/run.js';
import { setAiEnv, startFakeOpenAI, type FakeOpenAI } from '../../helpers/fake-openai.js';

let fake: FakeOpenAI;
let restoreEnv: () => void;
const env = () => setAiEnv({ OPENAI_API_KEY: 'sk-test-extract-0123456789', OPENAI_BASE_URL: fake.baseURL });

beforeAll(async () => {
  fake = await startFakeOpenAI();
  restoreEnv = env();
});
afterAll(async () => {
  restoreEnv();
  await fake.close();
});
afterEach(() => {
  fake.requests.length = 0;
  env();
});

const contact = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', minimum: 0 },
  },
  required: ['name', 'email', 'age'],
};
const text = 'Piet de Vries (age 37) writes from piet@example.org';
// The fake's name rule wants two capitalised words in a row, which "Piet de Vries" lacks: so name is null here.
const expected = { name: null, email: 'piet@example.org', age: 37 };

describe('ai-extract: answers', () => {
  it('asks for JSON with the schema as response_format and returns the validated object', async () => {
    const schema = { ...contact, required: ['email', 'age'], properties: { ...contact.properties, name: { type: ['string', 'null'] } } };
    expect(await runTool(aiExtract, { text, schema })).toEqual({ data: expected, attempts: 1 });
    expect(fake.requests).toHaveLength(1);
    const { body } = fake.requests[0];
    expect(body.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'extraction', schema, strict: false } });
    expect(body.temperature).toBe(0);
    expect(body.max_tokens).toBe(4096);
    expect(body.messages).toHaveLength(2);
    expect(body.messages[0].content).toContain(JSON.stringify(schema));
    expect(body.messages[1]).toEqual({ role: 'user', content: text });
  });

  it('sends plain JSON mode when WERKBANK_AI_JSON_MODE=json_object', async () => {
    setAiEnv({ OPENAI_BASE_URL: fake.baseURL, WERKBANK_AI_JSON_MODE: 'json_object' });
    await runTool(aiExtract, { text: 'Jan Jansen, 42, jan@example.nl', schema: contact });
    expect(fake.requests[0].body.response_format).toEqual({ type: 'json_object' });
  });

  it('leaves $schema out of the schema it sends, and honours draft-07', async () => {
    const schema = { $schema: 'http://json-schema.org/draft-07/schema#', ...contact };
    const out = await runTool(aiExtract, { text: 'Jan Jansen, 42, jan@example.nl', schema });
    expect(out).toEqual({ data: { name: 'Jan Jansen', email: 'jan@example.nl', age: 42 }, attempts: 1 });
    expect(fake.requests[0].body.response_format.json_schema.schema).toEqual(contact);
  });

  it('passes instructions on', async () => {
    await runTool(aiExtract, { text: 'Jan Jansen, 42, jan@example.nl', schema: contact, instructions: 'Ages in years.' });
    expect(fake.requests[0].body.messages[0].content).toMatch(/\nFurther instructions: Ages in years\.$/);
  });

  it('unwraps an answer in a ```json fence', async () => {
    const out = await runTool(aiExtract, { text: 'Jan Jansen, 42, jan@example.nl [[fenced]]', schema: contact });
    expect(out.data).toEqual({ name: 'Jan Jansen', email: 'jan@example.nl', age: 42 });
  });

  it('retries once with the errors when the first answer is not JSON', async () => {
    const input = { text: 'Jan Jansen, 42, jan@example.nl [[invalid-once]]', schema: contact };
    expect(await runTool(aiExtract, input)).toEqual({ data: { name: 'Jan Jansen', email: 'jan@example.nl', age: 42 }, attempts: 2 });
    expect(fake.requests).toHaveLength(2);
    const retry = fake.requests[1].body.messages;
    expect(retry).toHaveLength(4);
    expect(retry[2]).toEqual({ role: 'assistant', content: '{"name": "Jan", ' });
    expect(retry[3].role).toBe('user');
    expect(retry[3].content).toMatch(
      /^That answer is not valid: it is not valid JSON \(.+\)\. Answer again with only the corrected JSON object\.$/,
    );
  });

  it('fails with 502 when both answers are not JSON (two model calls, no more)', async () => {
    const err = await expectToolError(
      aiExtract,
      { text: 'Jan [[invalid-json]]', schema: contact },
      502,
      /did not validate against `schema` after 2 attempts: it is not valid JSON/,
    );
    expect(err.message).toMatch(/make fields the text may lack optional or nullable/);
    expect(fake.requests).toHaveLength(2);
  });

  it('fails with 502 naming the violations when the JSON does not validate', async () => {
    const err = await expectToolError(aiExtract, { text: 'Jan [[schema-violation]]', schema: contact }, 502);
    expect(err.message).toContain("(the top) must have required property 'name'");
    expect(err.message).toContain("(the top) must have required property 'age'");
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1].body.messages[3].content).toContain("must have required property 'email'");
  });

  it("applies the schema's constraints and formats to the answer", async () => {
    const schema = { type: 'object', properties: { age: { type: 'integer', maximum: 10 } }, required: ['age'] };
    const err = await expectToolError(aiExtract, { text: 'Age 42', schema }, 502);
    expect(err.message).toContain('/age must be <= 10');
    // The fake fills "mail_date" with the e-mail address it finds: not a date.
    const dated = { type: 'object', properties: { mail_date: { type: 'string', format: 'date' } } };
    const err2 = await expectToolError(aiExtract, { text: 'From jan@example.nl', schema: dated }, 502);
    expect(err2.message).toContain('/mail_date must match format "date"');
  });
});

describe('ai-extract: schema checks before any model call', () => {
  it.each([
    [
      'a schema without "type": "object" at the top',
      { type: 'array', items: { type: 'string' } },
      400,
      /must describe a JSON object at the top/,
    ],
    ['a schema without any type', { properties: { a: { type: 'string' } } }, 400, /must describe a JSON object/],
    ['an unknown type', { type: 'object', properties: { a: { type: 'strin' } } }, 400, /`schema` is not a valid JSON Schema \(2020-12\)/],
    ['a broken pattern', { type: 'object', properties: { a: { type: 'string', pattern: '(' } } }, 400, /not a valid JSON Schema/],
    [
      'a $ref to elsewhere (never fetched)',
      { type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } },
      400,
      /can't resolve reference/,
    ],
    [
      'a $ref to a missing local definition',
      { type: 'object', properties: { a: { $ref: '#/$defs/nope' } } },
      400,
      /can't resolve reference/,
    ],
    [
      'an unsupported draft',
      { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' },
      400,
      /\$schema.*draft-04.*not supported/,
    ],
    ['a $schema that is not a string', { $schema: 4, type: 'object' }, 400, /not supported/],
  ])('refuses %s', async (_, schema, status, message) => {
    await expectToolError(aiExtract, { text: 'x', schema }, status, message);
    expect(fake.requests).toEqual([]);
  });

  it('accepts local $refs, 2019-09 and unknown keywords', async () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      type: 'object',
      $defs: { years: { minimum: 0, maximum: 150 } },
      properties: { age: { type: 'integer', $ref: '#/$defs/years' } },
      'x-note': 'ignored',
    };
    expect(await runTool(aiExtract, { text: 'Age 42', schema })).toEqual({ data: { age: 42 }, attempts: 1 });
  });

  it('refuses a schema over 20,000 characters with 413', async () => {
    const properties = Object.fromEntries(Array.from({ length: 800 }, (_, i) => [`field_${i}`, { type: 'string' }]));
    await expectToolError(aiExtract, { text: 'x', schema: { type: 'object', properties } }, 413, /the limit is 20,000/);
  });

  it('refuses a schema nested deeper than 32 levels, without recursion', async () => {
    let deep: Record<string, unknown> = { type: 'object' };
    for (let i = 0; i < 40; i++) deep = { type: 'object', properties: { a: deep } };
    await expectToolError(aiExtract, { text: 'x', schema: deep }, 400, /nests \d+ levels deep; the limit is 32/);
    // A value far too deep for a recursive walk is measured without overflowing the stack.
    let bomb: unknown = 0;
    for (let i = 0; i < 200_000; i++) bomb = [bomb];
    expect(nestingDepth(bomb, 1_000)).toBeGreaterThan(1_000);
    expect(fake.requests).toEqual([]);
  });

  it('stops a catastrophic pattern after its time budget instead of hanging the server', async () => {
    // The fake answers "name" with the first run of capitalised words: 40 × "a" and then a space never match ^([A-Za-z]+)+$.
    const schema = { type: 'object', properties: { name: { type: 'string', pattern: '^([A-Za-z]+)+$' } } };
    const started = Date.now();
    await expectToolError(aiExtract, { text: `A${'a'.repeat(40)} Bb`, schema }, 400, /took longer than 2 s to check/);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('refuses bad input fields', async () => {
    await expectToolError(aiExtract, { text: '', schema: contact }, 400, /text/);
    await expectToolError(aiExtract, { text: 'x' }, 400, /schema/);
    await expectToolError(aiExtract, { text: 'x', schema: 'object' }, 400, /schema/);
    await expectToolError(aiExtract, { text: 'x', schema: [] }, 400, /schema/);
    await expectToolError(aiExtract, { text: 'x', schema: contact, instructions: '' }, 400, /instructions/);
    expect(fake.requests).toEqual([]);
  });
});
