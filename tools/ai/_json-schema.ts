/**
 * Caller-supplied JSON Schemas, checked and applied without risking the server.
 *
 * A schema's `pattern` and `patternProperties` are regular expressions, and
 * JavaScript's regex engine backtracks: `(a+)+$` against a crafted string runs
 * for minutes. A model can be talked into producing such a string, so schemas
 * are compiled and applied with Ajv in a worker thread with a time budget
 * (src/compute/worker-pool.ts), never on the main thread.
 *
 * Drafts: 2020-12 (the default, also when `$schema` is absent), 2019-09 and
 * draft-07, chosen by `$schema`. Formats (email, date, date-time, uri, uuid...)
 * are checked with ajv-formats. `$ref`s resolve only inside the schema; nothing
 * is ever fetched.
 */
import { createRequire } from 'node:module';
import { ToolError } from '../../src/core/tool.js';
import { WorkerPool, WorkerPoolError } from '../../src/compute/worker-pool.js';
import { nestingDepth } from '../../src/core/validate.js';

export const SCHEMA_LIMITS = {
  /** Largest schema, characters of compact JSON. */
  chars: 20_000,
  /** Deepest nesting of objects and arrays in a schema. */
  depth: 32,
  /** Time budget of one compile-and-validate job, ms. */
  timeMs: 2_000,
  /** Validation errors reported (to the model on a retry, to the caller on failure). */
  errors: 10,
} as const;

export type Draft = '2020-12' | '2019-09' | 'draft-07';

const DRAFTS: [RegExp, Draft][] = [
  [/^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/, '2020-12'],
  [/^https?:\/\/json-schema\.org\/draft\/2019-09\/schema#?$/, '2019-09'],
  [/^https?:\/\/json-schema\.org\/draft-07\/schema#?$/, 'draft-07'],
];

/** The checks that need no compiling: size, depth, draft and an object at the top. Throws a 400/413 naming `field`. */
export function checkSchemaShape(schema: Record<string, unknown>, field: string): Draft {
  const depth = nestingDepth(schema, SCHEMA_LIMITS.depth);
  if (depth > SCHEMA_LIMITS.depth)
    throw new ToolError(`\`${field}\` nests ${depth > 1_000 ? 'over 1000' : depth} levels deep; the limit is ${SCHEMA_LIMITS.depth}`, 400, {
      field,
    });
  const chars = JSON.stringify(schema).length;
  if (chars > SCHEMA_LIMITS.chars)
    throw new ToolError(
      `\`${field}\` is ${chars.toLocaleString('en-US')} characters of JSON; the limit is ${SCHEMA_LIMITS.chars.toLocaleString('en-US')}`,
      413,
      { field },
    );
  const declared = schema.$schema;
  let draft: Draft = '2020-12';
  if (declared !== undefined) {
    const found = typeof declared === 'string' ? DRAFTS.find(([re]) => re.test(declared)) : undefined;
    if (!found)
      throw new ToolError(
        `\`${field}.$schema\` ${JSON.stringify(declared)} is not supported; use JSON Schema 2020-12 (the default when $schema is left out), 2019-09 or draft-07`,
        400,
        { field },
      );
    draft = found[1];
  }
  if (schema.type !== 'object')
    throw new ToolError(
      `\`${field}\` must describe a JSON object at the top ("type": "object"); to extract a list, make it a property of that object`,
      400,
      { field },
    );
  return draft;
}

/** The worker: compiles the schema with the Ajv class for its draft, then validates `data` when there is any. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const classes = {
  '2020-12': require(workerData.ajv2020).default,
  '2019-09': require(workerData.ajv2019).default,
  'draft-07': require(workerData.ajv).default,
};
const addFormats = require(workerData.formats).default;
const describe = (errors) => (errors || []).slice(0, workerData.maxErrors).map((e) => {
  const where = e.instancePath || '(the top)';
  const extra = e.keyword === 'additionalProperties' ? ' (' + e.params.additionalProperty + ')' : '';
  return where + ' ' + e.message + extra;
});
parentPort.on('message', ({ schema, draft, hasData, data }) => {
  let validate;
  try {
    const ajv = new classes[draft]({ strict: false, allErrors: true });
    addFormats(ajv);
    validate = ajv.compile(schema);
  } catch (err) {
    parentPort.postMessage({ ok: true, value: { schemaError: String(err && err.message) } });
    return;
  }
  if (!hasData) {
    parentPort.postMessage({ ok: true, value: { valid: true, errors: [] } });
    return;
  }
  try {
    const valid = validate(data);
    parentPort.postMessage({ ok: true, value: { valid, errors: valid ? [] : describe(validate.errors) } });
  } catch (err) {
    parentPort.postMessage({ ok: false, kind: 'error', message: String(err && err.message) });
  }
});
`;

const resolve = createRequire(import.meta.url).resolve;

let pool: WorkerPool | undefined;

function schemaPool(): WorkerPool {
  pool ??= new WorkerPool({
    source: WORKER_SOURCE,
    workerData: {
      ajv2020: resolve('ajv/dist/2020'),
      ajv2019: resolve('ajv/dist/2019'),
      ajv: resolve('ajv'),
      formats: resolve('ajv-formats'),
      maxErrors: SCHEMA_LIMITS.errors,
    },
    size: 2,
    queue: 32,
    timeMs: SCHEMA_LIMITS.timeMs,
    heapMb: 128,
  });
  return pool;
}

export interface Verdict {
  valid: boolean;
  /** Ajv's messages, e.g. "/age must be integer", at most SCHEMA_LIMITS.errors. */
  errors: string[];
}

/** Compiles `schema`: a 400 naming `field` when it is not a valid schema of its draft. */
export async function checkSchema(schema: Record<string, unknown>, draft: Draft, field: string, signal: AbortSignal): Promise<void> {
  await runJob({ schema, draft, hasData: false }, draft, field, signal);
}

/** Validates `data` against `schema` (compiled again in the worker: a few milliseconds). */
export function validateAgainst(
  schema: Record<string, unknown>,
  draft: Draft,
  data: unknown,
  field: string,
  signal: AbortSignal,
): Promise<Verdict> {
  return runJob({ schema, draft, hasData: true, data }, draft, field, signal);
}

async function runJob(job: object, draft: Draft, field: string, signal: AbortSignal): Promise<Verdict> {
  let reply: Verdict & { schemaError?: string };
  try {
    reply = await schemaPool().run(job, { signal });
  } catch (err) {
    if (!(err instanceof WorkerPoolError)) throw err;
    switch (err.kind) {
      case 'timeout':
        throw new ToolError(
          `\`${field}\` took longer than ${SCHEMA_LIMITS.timeMs / 1000} s to check and was stopped; ` +
            'a "pattern" with nested quantifiers such as (a+)+ is the usual cause',
          400,
          { field },
        );
      case 'busy':
        throw new ToolError('Too many schemas are being checked right now; retry in a moment', 503, { retryAfter: 1 });
      case 'cancelled':
        throw new ToolError('The request was cancelled', 408);
      case 'out-of-memory':
        throw new ToolError(`\`${field}\` needed too much memory to check`, 413, { field });
      default:
        throw new ToolError(`\`${field}\` could not be applied: ${err.message}`, 400, { field });
    }
  }
  if (reply.schemaError !== undefined)
    throw new ToolError(`\`${field}\` is not a valid JSON Schema (${draft}): ${reply.schemaError}`, 400, { field });
  return { valid: reply.valid, errors: reply.errors };
}
