/**
 * The AI tools' one door to a language model: configuration, the `openai`
 * client, the call deadline and the mapping of every upstream failure to a
 * ToolError a caller can act on.
 *
 * Configuration (read at call time, so a test or an operator can change it
 * without a restart):
 * - `OPENAI_API_KEY`: the key sent as `Authorization: Bearer ...`.
 * - `OPENAI_BASE_URL`: any OpenAI-compatible `/v1` API (Ollama, vLLM, LM Studio,
 *   a gateway); default https://api.openai.com/v1. Local servers often need no
 *   key: setting only the base URL is enough.
 * - `WERKBANK_AI_MODEL`: the model name (default `gpt-4o-mini`).
 * - `WERKBANK_AI_TIMEOUT_MS`: the deadline of one tool call, all model requests
 *   included, 1,000 to 600,000 ms (default 60,000).
 * - `WERKBANK_AI_JSON_MODE`: how ai-extract asks for JSON, `json_schema`
 *   (default: the schema is sent as `response_format`, so servers with
 *   constrained decoding follow it) or `json_object` (plain JSON mode, for
 *   endpoints that do not take a schema).
 *
 * With neither the key nor the base URL set, the tools are unavailable
 * (`aiConfigured()` is false) and a call fails with a 503 saying how to
 * configure them.
 *
 * Secrets: the key is only ever handed to the client. Messages passed on from
 * the endpoint are scrubbed of it (and of anything that looks like a key), the
 * client's own logging is off, and credential failures are reported without
 * the endpoint's text.
 */
import type OpenAI from 'openai';
import type { APIError } from 'openai';
import type { ChatCompletionCreateParamsBase, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { ToolError } from '../../src/core/tool.js';
import { lazy } from '../_lib/lazy.js';

/** The `openai` package, loaded on the first model call (it is slow to import). */
const loadOpenAI = lazy(() => import('openai'));
type OpenAISdk = Awaited<ReturnType<typeof loadOpenAI>>;

export const AI_DEFAULTS = {
  model: 'gpt-4o-mini',
  timeoutMs: 60_000,
  jsonMode: 'json_schema',
} as const;

export const AI_LIMITS = {
  /** Largest prompt or text a caller may send, characters (about 25,000 tokens). */
  inputChars: 100_000,
  /** Largest system prompt or instruction field, characters. */
  instructionChars: 20_000,
  /** Largest `max_tokens` a caller may ask for. */
  maxTokens: 16_384,
  /** An answer longer than this (characters) is cut off and refused: a runaway or hostile endpoint cannot fill memory. */
  answerChars: 400_000,
  /** Longest piece of an upstream error message passed on to the caller. */
  upstreamMessageChars: 300,
  /** Retry-After when a rate-limited endpoint does not say how long to wait, seconds. */
  defaultRetryAfter: 20,
} as const;

export type JsonMode = 'json_schema' | 'json_object';

export interface AiConfig {
  apiKey?: string;
  baseURL?: string;
  model: string;
  timeoutMs: number;
  jsonMode: JsonMode;
}

const env = (name: string): string | undefined => {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
};

/** The settings of which one configures an endpoint: the surfaces list the AI tools only when one is set (`requiresAnyEnv`). */
export const AI_ENDPOINT_ENV = ['OPENAI_API_KEY', 'OPENAI_BASE_URL'] as const;

/** True when an endpoint is configured (a key, a base URL, or both). */
export function aiConfigured(): boolean {
  return AI_ENDPOINT_ENV.some((name) => env(name) !== undefined);
}

const NOT_CONFIGURED =
  'The AI tools are not configured on this server. The operator enables them by setting OPENAI_API_KEY ' +
  '(for api.openai.com) and/or OPENAI_BASE_URL (any OpenAI-compatible endpoint, e.g. http://localhost:11434/v1 for Ollama), ' +
  `and optionally WERKBANK_AI_MODEL (default ${AI_DEFAULTS.model})`;

/** The configuration now, or a 503 explaining what to set. */
export function aiConfig(): AiConfig {
  if (!aiConfigured()) throw new ToolError(NOT_CONFIGURED, 503);
  const misconfigured = (what: string) => new ToolError(`The AI tools are misconfigured on this server: ${what}`, 503);

  const baseURL = env('OPENAI_BASE_URL');
  if (baseURL !== undefined && !/^https?:\/\/[^\s]+$/i.test(baseURL))
    throw misconfigured('OPENAI_BASE_URL must be an http(s) URL such as http://localhost:11434/v1');

  let timeoutMs: number = AI_DEFAULTS.timeoutMs;
  const timeout = env('WERKBANK_AI_TIMEOUT_MS');
  if (timeout !== undefined) {
    timeoutMs = Number(timeout);
    if (!Number.isInteger(timeoutMs) || timeoutMs < 1_000 || timeoutMs > 600_000)
      throw misconfigured('WERKBANK_AI_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 600000');
  }

  const jsonMode = (env('WERKBANK_AI_JSON_MODE') ?? AI_DEFAULTS.jsonMode) as JsonMode;
  if (jsonMode !== 'json_schema' && jsonMode !== 'json_object')
    throw misconfigured('WERKBANK_AI_JSON_MODE must be json_schema or json_object');

  return { apiKey: env('OPENAI_API_KEY'), baseURL, model: env('WERKBANK_AI_MODEL') ?? AI_DEFAULTS.model, timeoutMs, jsonMode };
}

export interface ChatRequest {
  messages: ChatCompletionMessageParam[];
  maxTokens: number;
  /** Omitted: the endpoint's default. */
  temperature?: number;
  responseFormat?: ChatCompletionCreateParamsBase['response_format'];
  /** Read the answer as server-sent events (long free-form answers). */
  stream?: boolean;
}

export interface ChatAnswer {
  text: string;
  /** The answer stopped at `maxTokens` (finish_reason "length"). */
  truncated: boolean;
}

/** One tool call's connection to the model: the configuration, the client and a deadline shared by all its requests. */
export interface AiSession {
  readonly config: AiConfig;
  chat(request: ChatRequest): Promise<ChatAnswer>;
}

/**
 * Runs `work` with a session whose requests stop when `signal` (the caller)
 * aborts or the configured deadline passes, whichever comes first.
 */
export async function withAiSession<T>(signal: AbortSignal, work: (session: AiSession) => Promise<T>): Promise<T> {
  const config = aiConfig();
  const sdk = await loadOpenAI();
  const client = new sdk.OpenAI({
    // Local endpoints (Ollama, LM Studio) ignore the key, but the client insists on one.
    apiKey: config.apiKey ?? 'not-needed',
    baseURL: config.baseURL,
    // The deadline below governs the whole call; the tool, not the client, decides about retrying.
    timeout: config.timeoutMs,
    maxRetries: 0,
    logLevel: 'off',
  });
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), config.timeoutMs);
  const abort = () => deadline.abort();
  signal.addEventListener('abort', abort, { once: true });
  if (signal.aborted) deadline.abort();

  const session: AiSession = {
    config,
    async chat(request) {
      try {
        return await complete(sdk, client, config, request, deadline.signal);
      } catch (err) {
        if (signal.aborted) throw new ToolError('The request was cancelled', 408);
        if (deadline.signal.aborted || err instanceof sdk.APIConnectionTimeoutError)
          throw new ToolError(
            `The AI endpoint did not finish within ${config.timeoutMs / 1000} s (the server's WERKBANK_AI_TIMEOUT_MS); ` +
              'try again, or ask for a shorter answer',
            502,
          );
        throw upstreamError(sdk, err, config);
      }
    },
  };
  try {
    return await work(session);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', abort);
  }
}

async function complete(sdk: OpenAISdk, client: OpenAI, config: AiConfig, request: ChatRequest, signal: AbortSignal): Promise<ChatAnswer> {
  const params = {
    model: config.model,
    messages: request.messages,
    max_tokens: request.maxTokens,
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.responseFormat ? { response_format: request.responseFormat } : {}),
  };
  if (!request.stream) {
    const completion = await client.chat.completions.create({ ...params, stream: false }, { signal });
    const choice = completion.choices?.[0];
    if (!choice?.message) throw new BadAnswer('the answer has no choices');
    return answer(choice.message.content, choice.message.refusal, choice.finish_reason);
  }
  const stream = await client.chat.completions.create({ ...params, stream: true }, { signal });
  let text = '';
  let refusal: string | null = null;
  let finish: string | null = null;
  try {
    for await (const chunk of stream) {
      const choice = chunk.choices?.[0];
      if (!choice) continue;
      text += choice.delta?.content ?? '';
      if (choice.delta?.refusal) refusal = (refusal ?? '') + choice.delta.refusal;
      if (choice.finish_reason) finish = choice.finish_reason;
      if (text.length > AI_LIMITS.answerChars) {
        stream.controller.abort();
        throw new BadAnswer(`the answer is longer than ${AI_LIMITS.answerChars.toLocaleString('en-US')} characters`);
      }
    }
  } catch (err) {
    if (err instanceof BadAnswer || err instanceof sdk.OpenAIError || signal.aborted) throw err;
    // undici's "terminated", a JSON SyntaxError in an event: the stream broke, not this code.
    throw new BadAnswer('the answer stream broke off or was not valid server-sent JSON');
  }
  // An abort ends the stream's iteration quietly: the partial text must not pass for an answer.
  if (signal.aborted) throw new sdk.APIUserAbortError();
  // Nor may a stream that stopped early, or a body that was no event stream at all (a proxy's HTML page).
  if (finish === null) throw new BadAnswer('the answer stream ended without a finish_reason');
  return answer(text, refusal, finish);
}

function answer(content: string | null | undefined, refusal: string | null | undefined, finish: string | null | undefined): ChatAnswer {
  if (refusal) throw new ToolError(`The model declined to answer: ${clip(refusal)}`, 502);
  if (finish === 'content_filter') throw new ToolError("The AI endpoint's content filter stopped the answer", 502);
  if (typeof content !== 'string') throw new BadAnswer('the answer has no text');
  if (content.length > AI_LIMITS.answerChars)
    throw new BadAnswer(`the answer is longer than ${AI_LIMITS.answerChars.toLocaleString('en-US')} characters`);
  return { text: content, truncated: finish === 'length' };
}

/** The endpoint answered 200 with something that is not a usable chat completion. */
class BadAnswer extends Error {}

/** Any failure of a model request, as the ToolError the caller sees. */
function upstreamError(sdk: OpenAISdk, err: unknown, config: AiConfig): ToolError {
  if (err instanceof ToolError) return err;
  if (err instanceof BadAnswer) return new ToolError(`The AI endpoint sent an unusable answer: ${err.message}`, 502);
  if (err instanceof sdk.APIUserAbortError) return new ToolError('The request was cancelled', 408);
  if (err instanceof sdk.APIConnectionError)
    return new ToolError('The AI endpoint could not be reached (connection failed); try again later', 502);
  if (err instanceof sdk.APIError && err.status !== undefined) {
    // Imported at run time, the SDK's class carries `any` type parameters: read it as the package declares it.
    const apiError = err as APIError<number>;
    const { status } = apiError;
    if (status === 401 || status === 403)
      return new ToolError(
        `The AI endpoint refused this server's credentials (HTTP ${status}); the operator must check OPENAI_API_KEY`,
        502,
      );
    if (status === 429) {
      const retryAfter = retryAfterSeconds(apiError.headers);
      return new ToolError(`The AI endpoint is rate-limiting this server; retry in ${retryAfter} s`, 429, { retryAfter });
    }
    if (status === 404)
      return new ToolError(
        `The AI endpoint answered HTTP 404: the model "${config.model}" (WERKBANK_AI_MODEL) is unknown there, ` +
          'or OPENAI_BASE_URL does not point at an OpenAI-compatible /v1 API',
        502,
      );
    if (status >= 500) return new ToolError(`The AI endpoint failed (HTTP ${status}); try again later`, 502);
    const detail = upstreamMessage(apiError, config);
    return new ToolError(`The AI endpoint rejected the request (HTTP ${status})${detail ? `: ${detail}` : ''}`, 502);
  }
  if (err instanceof sdk.OpenAIError || err instanceof SyntaxError)
    return new ToolError('The AI endpoint sent an unusable answer (not an OpenAI-compatible chat completion)', 502);
  return err as ToolError; // not an upstream failure: a bug, reported by the pipeline as a 500
}

/** The endpoint's own explanation of a refused request (e.g. "context length exceeded"), scrubbed and clipped. */
function upstreamMessage(err: APIError, config: AiConfig): string {
  const body: unknown = err.error;
  const message = typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' ? body.message : '';
  return clip(redact(message, config.apiKey));
}

/** Removes the key and anything shaped like a secret token from text that came from the endpoint. */
export function redact(text: string, apiKey: string | undefined): string {
  let out = text;
  if (apiKey) out = out.split(apiKey).join('[redacted]');
  return out.replace(/\b(?:sk|pk|rk|key|api|token|bearer)[-_][A-Za-z0-9_\-*.]{6,}/gi, '[redacted]');
}

function clip(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > AI_LIMITS.upstreamMessageChars ? `${oneLine.slice(0, AI_LIMITS.upstreamMessageChars)}…` : oneLine;
}

/** Seconds to wait from `retry-after-ms` or `Retry-After` (seconds or an HTTP date); a default when absent. */
export function retryAfterSeconds(headers: Headers | undefined): number {
  const clamp = (s: number) => Math.min(86_400, Math.max(1, Math.ceil(s)));
  const ms = Number(headers?.get('retry-after-ms') ?? NaN);
  if (Number.isFinite(ms) && ms >= 0) return clamp(ms / 1000);
  const value = headers?.get('retry-after')?.trim();
  if (value) {
    if (/^\d+(?:\.\d+)?$/.test(value)) return clamp(Number(value));
    const date = Date.parse(value);
    if (Number.isFinite(date)) return clamp((date - Date.now()) / 1000);
  }
  return AI_LIMITS.defaultRetryAfter;
}
