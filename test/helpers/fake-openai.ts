/**
 * A small, deterministic OpenAI-compatible server for the AI tools' tests and
 * declared examples. It speaks `POST /v1/chat/completions` (plain JSON and,
 * with `stream: true`, server-sent events ending in `data: [DONE]`), records
 * every request, and "answers" by fixed rules instead of a model:
 *
 * - ai-generate (any other prompt): `You said: <last user message>`.
 * - ai-summarize (system prompt starts "Summarize"): the first 1, 2 or 3 sentences
 *   of the text for length short, medium or long; one "- " line per sentence
 *   when a bullet list is asked for.
 * - ai-translate (system prompt starts "Translate"): word by word from a small
 *   dictionary (English into Dutch, German or French), unknown words unchanged,
 *   capitals and punctuation kept.
 * - ai-extract (system prompt starts "Extract"): a JSON object with, per property
 *   of the schema in the system prompt: integers/numbers → the first number in
 *   the text, properties named like "mail" → the first e-mail address, like
 *   "name" → the first run of two or more capitalised words, booleans → whether
 *   the text mentions the property name, anything else → null.
 * - An answer longer than `max_tokens` words is cut there, with finish_reason "length".
 *
 * Markers anywhere in the last user message trigger failures:
 *   [[429]] (Retry-After: 7), [[429-bare]] (no Retry-After), [[500]], [[401]] and
 *   [[400]] (their bodies echo the Authorization header, to prove it is never
 *   passed on), [[hang]] (never answers), [[hang-stream]] (streams one chunk, then
 *   hangs), [[stream-cut]] (streams one chunk, then closes), [[bad-event]] (an event
 *   that is not JSON), [[refusal]], [[no-choices]], [[not-json]] (a 200 that is not JSON),
 *   [[invalid-json]] (extraction answers that are never valid JSON),
 *   [[invalid-once]] (invalid JSON first, valid on the retry), [[schema-violation]]
 *   (valid JSON that misses every required property), [[fenced]] (the JSON inside
 *   a ```json fence).
 *
 * Run it alone: `npx tsx test/helpers/fake-openai.ts [port]` prints the base URL.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { pathToFileURL } from 'node:url';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

export interface FakeOpenAI {
  /** e.g. http://127.0.0.1:41234/v1: the value for OPENAI_BASE_URL. */
  baseURL: string;
  /** Every request received, oldest first. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const DICTIONARY: Record<string, Record<string, string>> = {
  Dutch: {
    hello: 'hallo',
    world: 'wereld',
    good: 'goede',
    morning: 'morgen',
    thank: 'dank',
    you: 'je',
    the: 'de',
    cat: 'kat',
    is: 'is',
    asleep: 'slaapt',
  },
  German: {
    hello: 'hallo',
    world: 'Welt',
    good: 'guten',
    morning: 'Morgen',
    thank: 'danke',
    you: 'dir',
    the: 'die',
    cat: 'Katze',
    is: 'ist',
    asleep: 'eingeschlafen',
  },
  French: {
    hello: 'bonjour',
    world: 'monde',
    good: 'bon',
    morning: 'matin',
    thank: 'merci',
    you: 'vous',
    the: 'le',
    cat: 'chat',
    is: 'est',
    asleep: 'endormi',
  },
};

const sentences = (text: string) =>
  text
    .trim()
    .split(/(?<=[.!?])\s+/u)
    .filter(Boolean);

function summarize(system: string, text: string): string {
  const count = system.includes('one or two sentences') ? 1 : system.includes('three to five sentences') ? 2 : 3;
  const picked = sentences(text).slice(0, count);
  return system.includes('bullet list') ? picked.map((s) => `- ${s}`).join('\n') : picked.join(' ');
}

function translate(system: string, text: string): string {
  const target = /into ([A-Z][a-z]+)/.exec(system)?.[1] ?? '';
  const words = DICTIONARY[target] ?? {};
  return text.replace(/\p{L}+/gu, (word) => {
    const translated = words[word.toLowerCase()];
    if (!translated) return word;
    return /^\p{Lu}/u.test(word) ? translated[0].toUpperCase() + translated.slice(1) : translated;
  });
}

function extract(system: string, text: string): Record<string, unknown> {
  // The schema is the one line of the system prompt that is a JSON object.
  const line = system.split('\n').find((l) => l.startsWith('{')) ?? '{}';
  const schema = JSON.parse(line) as { properties?: Record<string, { type?: string | string[] }> };
  const out: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const types = ([] as string[]).concat(prop.type ?? []);
    if (types.includes('integer') || types.includes('number')) out[name] = Number(/\d+(?:\.\d+)?/.exec(text)?.[0] ?? NaN) || null;
    else if (types.includes('boolean')) out[name] = text.toLowerCase().includes(name.toLowerCase());
    else if (/mail/i.test(name)) out[name] = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.exec(text)?.[0] ?? null;
    else if (/name/i.test(name)) out[name] = /\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+)+/u.exec(text)?.[0] ?? null;
    else out[name] = null;
  }
  return out;
}

/** The answer text for a request, by the rules above (markers for extraction answers included). */
function answerFor(body: any): string {
  const messages: { role: string; content: string }[] = body.messages ?? [];
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  const user = messages.filter((m) => m.role === 'user')[0]?.content ?? '';
  const last = messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
  if (system.startsWith('Summarize')) return summarize(system, user);
  if (system.startsWith('Translate')) return translate(system, user);
  if (system.startsWith('Extract')) {
    const retried = messages.length > 2;
    if (user.includes('[[invalid-json]]') || (user.includes('[[invalid-once]]') && !retried)) return '{"name": "Jan", ';
    if (user.includes('[[schema-violation]]')) return '{}';
    const json = JSON.stringify(extract(system, user));
    return user.includes('[[fenced]]') ? '```json\n' + json + '\n```' : json;
  }
  return `You said: ${last}`;
}

/** Cuts `text` to `maxTokens` whitespace-separated words ("tokens" here). */
function limit(text: string, maxTokens: number | undefined): { text: string; finish: 'stop' | 'length' } {
  const words = text.split(/(?<=\S)(?=\s)/u); // keeps each word's leading whitespace
  if (!maxTokens || words.length <= maxTokens) return { text, finish: 'stop' };
  return { text: words.slice(0, maxTokens).join(''), finish: 'length' };
}

const completionId = 'chatcmpl-fake';
const created = 1_767_225_600; // 2026-01-01T00:00:00Z: fixed, so answers are byte-for-byte repeatable

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function handle(req: IncomingMessage, res: ServerResponse, body: any) {
  if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
    return sendJson(res, 404, { error: { message: `Unknown path ${req.url}`, type: 'invalid_request_error' } });
  if (typeof body?.model !== 'string' || !Array.isArray(body?.messages))
    return sendJson(res, 400, { error: { message: 'model and messages are required', type: 'invalid_request_error' } });

  const last: string = body.messages.filter((m: any) => m.role === 'user').at(-1)?.content ?? '';
  const auth = req.headers.authorization ?? '';
  if (last.includes('[[429-bare]]')) return sendJson(res, 429, { error: { message: 'Rate limit reached', type: 'rate_limit_error' } });
  if (last.includes('[[429]]'))
    return sendJson(res, 429, { error: { message: 'Rate limit reached', type: 'rate_limit_error' } }, { 'retry-after': '7' });
  if (last.includes('[[500]]')) return sendJson(res, 500, { error: { message: 'The server had an error', type: 'server_error' } });
  if (last.includes('[[401]]'))
    return sendJson(res, 401, { error: { message: `Incorrect API key provided: ${auth}`, type: 'invalid_request_error' } });
  if (last.includes('[[400]]'))
    return sendJson(res, 400, {
      error: { message: `This model's maximum context length is 128 tokens (request sent with ${auth})`, type: 'invalid_request_error' },
    });
  if (last.includes('[[hang]]')) return; // never answers; the client must give up
  if (last.includes('[[not-json]]')) {
    res.writeHead(200, { 'content-type': 'text/html' });
    return res.end('<html>gateway login</html>');
  }
  if (last.includes('[[no-choices]]'))
    return sendJson(res, 200, { id: completionId, object: 'chat.completion', created, model: body.model, choices: [] });

  const refusal = last.includes('[[refusal]]') ? 'I cannot help with that.' : null;
  const { text, finish } = refusal ? { text: '', finish: 'stop' as const } : limit(answerFor(body), body.max_tokens);

  if (!body.stream) {
    return sendJson(res, 200, {
      id: completionId,
      object: 'chat.completion',
      created,
      model: body.model,
      choices: [
        { index: 0, message: { role: 'assistant', content: refusal ? null : text, refusal }, finish_reason: finish, logprobs: null },
      ],
      usage: { prompt_tokens: 10, completion_tokens: text.split(/\s+/).length, total_tokens: 10 + text.split(/\s+/).length },
    });
  }

  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const chunk = (delta: object, finish_reason: string | null = null) =>
    res.write(
      `data: ${JSON.stringify({ id: completionId, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, finish_reason }] })}\n\n`,
    );
  chunk({ role: 'assistant', content: '' });
  if (last.includes('[[hang-stream]]')) return; // one chunk, then silence
  if (last.includes('[[stream-cut]]')) return void res.end(); // one chunk, then the connection closes
  if (last.includes('[[bad-event]]')) return void res.end('data: {"choices": [\n\n');
  if (refusal) chunk({ refusal });
  for (const piece of text.split(/(?<=\s)/u)) chunk({ content: piece }); // word by word, as models stream
  chunk({}, finish);
  res.end('data: [DONE]\n\n');
}

/** Starts the server on 127.0.0.1 (`port` 0: any free port). */
export async function startFakeOpenAI(port = 0): Promise<FakeOpenAI> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (raw += d));
    req.on('end', () => {
      let body: any;
      try {
        body = JSON.parse(raw || 'null');
      } catch {
        return sendJson(res, 400, { error: { message: 'The body is not JSON', type: 'invalid_request_error' } });
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      handle(req, res, body);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${bound}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy(); // hanging answers included
        server.close(() => resolve());
      }),
  };
}

/** The environment variables the AI tools read. */
export const AI_ENV = [
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'WERKBANK_AI_MODEL',
  'WERKBANK_AI_TIMEOUT_MS',
  'WERKBANK_AI_JSON_MODE',
] as const;

/**
 * Sets the AI variables to exactly `vars` (the others are removed) and returns
 * a function that puts back what was there before.
 */
export function setAiEnv(vars: Partial<Record<(typeof AI_ENV)[number], string>>): () => void {
  const saved = Object.fromEntries(AI_ENV.map((name) => [name, process.env[name]]));
  for (const name of AI_ENV) {
    if (vars[name] === undefined) delete process.env[name];
    else process.env[name] = vars[name];
  }
  return () => {
    for (const name of AI_ENV) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeOpenAI(Number(process.argv[2] ?? 0));
  console.log(`fake OpenAI-compatible server: OPENAI_BASE_URL=${fake.baseURL}`);
}
