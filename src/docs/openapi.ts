/**
 * The OpenAPI 3.1 document, derived from the registry: one operation per tool
 * with its request and response schemas and the declared examples; plus the
 * other REST operations (account, keys, usage, memory, admin) as the modules
 * that mount them describe them (`ApiOperation`).
 */
import type { Registry, JsonSchema } from '../core/registry.js';
import { runsAsTask } from '../tasks/tasks.js';
import { TASK_SCHEMA } from '../tasks/rest-task.js';
import { LIMITS } from '../core/limits.js';
import { VERSION } from '../core/version.js';
import { SIZE_UNIT_BYTES, sizePriceText } from '../core/output-size.js';

/** Move a schema's `$defs` into components (OpenAPI refs resolve from the document root). */
function hoist(schema: JsonSchema, prefix: string, components: Record<string, unknown>): JsonSchema {
  const defs = schema.$defs as Record<string, unknown> | undefined;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === '$defs') continue;
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) out[k] = `#/components/schemas/${prefix}_${v.slice(8)}`;
      else if (k === '$ref' && v === '#') out[k] = `#/components/schemas/${prefix}`;
      else out[k] = rewrite(v);
    }
    return out;
  };
  if (defs) for (const [name, def] of Object.entries(defs)) components[`${prefix}_${name}`] = rewrite(def);
  return rewrite(schema) as JsonSchema;
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The header that makes a retry safe: see docs/rest.md "Idempotency keys". */
const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Names this call so that a retry cannot run or charge it twice: the same key with the same body within 24 hours answers the first answer again (status and body, with Idempotent-Replayed: true), uncharged; another body is a 422. 1 to 255 visible ASCII characters; kept per account (not for anonymous renders).',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
};

const RATE_HEADERS = {
  'X-RateLimit-Limit': { description: "The current period's credit allowance", schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Credits left (allowance left plus pack credits)', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Epoch seconds of the next monthly allowance reset', schema: { type: 'integer' } },
};

/**
 * A REST operation that is not a tool (account, usage, keys, admin, memory), described by the module that
 * mounts it, next to its route; `test/rest.test.ts` checks every such route is described and answers as described.
 */
export interface ApiOperation {
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI path syntax: `/api/v1/keys/{id}`. */
  path: string;
  summary: string;
  description?: string;
  tag: 'catalog' | 'account' | 'admin' | 'memory' | 'tasks';
  /** `key`: the caller's API key; `admin`: the WERKBANK_ADMIN_TOKEN as a bearer token; `none`: public. */
  auth: 'key' | 'admin' | 'none';
  parameters?: { name: string; in: 'query' | 'path'; required?: boolean; description: string; schema: JsonSchema }[];
  body?: JsonSchema;
  /** The `data` of a success. */
  data: JsonSchema;
  /** The success status (default 200); 201 for a creation. */
  status?: 200 | 201;
  /** A second success status with the same answer (PUT: 201 created, 200 replaced). */
  alsoOk?: 200 | 201;
  /** Error statuses beyond 400 and 401. */
  errors?: Partial<Record<400 | 404 | 409 | 413 | 415, string>>;
}

const API_TAGS = [
  { name: 'catalog', description: 'The tools this server offers (public)' },
  { name: 'account', description: 'Your own account, usage and API keys (with your API key)' },
  { name: 'memory', description: 'Agent memory over REST (the same items the MCP memory tools and resources hold)' },
  { name: 'tasks', description: 'Long tool calls answered later: send `Prefer: respond-async`, then poll the task' },
  { name: 'admin', description: 'Administration (with WERKBANK_ADMIN_TOKEN; off when it is unset)' },
];

/** The OpenAPI operation of an `ApiOperation` (its schemas' `$defs` moved into `components`). */
function apiOperation(op: ApiOperation, components: Record<string, unknown>): Record<string, unknown> {
  const ok = String(op.status ?? 200);
  const id = `${op.method}${op.path
    .replace(/^\/api\/v1/, '')
    .replace(/[{}]/g, '')
    .replace(/[/-](\w)/g, (_, c: string) => c.toUpperCase())}`;
  const data = hoist(op.data, `${id}_data`, components);
  const success = {
    description: op.status === 201 ? 'Created' : 'Success',
    ...(op.auth === 'key' ? { headers: RATE_HEADERS } : {}),
    content: {
      'application/json': {
        schema: { type: 'object', required: ['ok', 'data'], properties: { ok: { type: 'boolean', const: true }, data } },
      },
    },
  };
  return {
    operationId: id,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    security: op.auth === 'admin' ? [{ AdminToken: [] }] : op.auth === 'none' ? [] : [{ ApiKeyHeader: [] }, { BearerAuth: [] }],
    ...(op.parameters ? { parameters: op.parameters.map((p) => ({ ...p, schema: hoist(p.schema, `${id}_${p.name}`, components) })) } : {}),
    ...(op.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: hoist(op.body, `${id}_body`, components) } } } }
      : {}),
    responses: {
      [ok]: success,
      ...(op.alsoOk ? { [String(op.alsoOk)]: { ...success, description: op.alsoOk === 201 ? 'Created' : 'Success' } } : {}),
      ...(op.auth === 'none'
        ? {}
        : {
            '400': errorResponse('Invalid input: the message names the field or parameter and the rule'),
            '401': errorResponse(op.auth === 'admin' ? 'Admin token missing or invalid' : 'API key missing, invalid or revoked'),
          }),
      ...(op.auth === 'admin'
        ? { '404': errorResponse('The admin API is disabled (no WERKBANK_ADMIN_TOKEN), or no such account or key') }
        : {}),
      ...Object.fromEntries(Object.entries(op.errors ?? {}).map(([status, text]) => [status, errorResponse(text)])),
    },
  };
}

/** A tool's REST operation: its schemas hoisted into `schemas`, its examples, its answers and errors. */
async function toolPathItem(
  { tool: meta, inputSchema, outputSchema, load }: ReturnType<Registry['listed']>[number],
  schemas: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const declaration = await load();
  const docs = declaration.docs;
  const tool = { ...meta, examples: declaration.examples };
  const prefix = tool.name;
  const input = hoist(inputSchema, `${prefix}_input`, schemas);
  const output = hoist(outputSchema, `${prefix}_output`, schemas);
  const examples = Object.fromEntries(tool.examples.map((ex, i) => [`example${i + 1}`, { summary: ex.name, value: ex.input }]));
  const outputExamples = Object.fromEntries(
    tool.examples
      .filter((ex) => !ex.partial)
      .map((ex, i) => [`example${i + 1}`, { summary: ex.name, value: { ok: true, data: ex.output } }]),
  );
  const isRender = tool.metering === 'render'; // anonymous callers allowed
  return {
    post: {
      operationId: tool.name,
      summary: tool.title,
      description: [tool.description, docs, sizePriceText(declaration) || (tool.cost === 1 ? '' : `Cost: ${tool.cost} credits.`)]
        .filter(Boolean)
        .join('\n\n'),
      tags: [tool.toolset],
      ...(isRender ? { security: [{ ApiKeyHeader: [] }, { BearerAuth: [] }, {}] } : {}),
      'x-mcp-name': tool.name,
      'x-credit-cost': tool.cost,
      ...(declaration.outputSize
        ? {
            'x-credit-per-bytes': declaration.outputSize.perBytes ?? SIZE_UNIT_BYTES,
            'x-max-output-bytes': declaration.outputSize.capBytes,
          }
        : {}),
      parameters: runsAsTask(declaration) ? [IDEMPOTENCY_KEY, PREFER_ASYNC] : [IDEMPOTENCY_KEY],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: input, examples } },
      },
      responses: {
        '200': {
          description: 'Success',
          headers: {
            ...RATE_HEADERS,
            'Idempotent-Replayed': {
              description: '"true" when this is the stored answer of an earlier call with the same Idempotency-Key (not charged again)',
              schema: { type: 'string', const: 'true' },
            },
          },
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['ok', 'data'],
                properties: { ok: { type: 'boolean', const: true }, data: output },
              },
              ...(Object.keys(outputExamples).length ? { examples: outputExamples } : {}),
            },
          },
        },
        ...(runsAsTask(declaration) ? { '202': TASK_ACCEPTED } : {}),
        '400': errorResponse('Invalid input: the message names the field and the rule'),
        '401': errorResponse('API key missing, invalid or revoked'),
        '404': errorResponse('Unknown tool'),
        '413': errorResponse(`Request body larger than ${LIMITS.bodyBytes} bytes`),
        '415': errorResponse('Content-Type is not application/json'),
        '429': {
          ...errorResponse('Credit balance exhausted (or render allowance reached); see retry_after'),
          headers: { 'Retry-After': { description: 'Seconds until the next reset', schema: { type: 'integer' } }, ...RATE_HEADERS },
        },
        '409': errorResponse(
          'Idempotency-Key: a call with this key is still running (see Retry-After), or its answer (streamed, or over 1 MB) is not kept',
        ),
        '422': errorResponse('Idempotency-Key already used with a different request within 24 hours'),
        '500': errorResponse('Internal failure (not charged)'),
        ...(isRender ? { '502': errorResponse('The render failed (refunded)') } : {}),
      },
    },
  };
}

/** `Prefer: respond-async` on a tool that runs long: the call becomes a task (src/tasks/rest.ts). */
const PREFER_ASYNC = {
  name: 'Prefer',
  in: 'header',
  required: false,
  description:
    '`respond-async`: answer 202 at once with a task to poll (`Location`: its status URL) instead of waiting for the result. Needs an API key; ignored with an Idempotency-Key.',
  schema: { type: 'string', example: 'respond-async' },
};

const TASK_ACCEPTED = {
  description: 'Accepted as a task (with `Prefer: respond-async`): poll its status URL, then fetch its result',
  headers: {
    Location: { description: 'The status URL of the task (GET /api/v1/tasks/{id})', schema: { type: 'string' } },
    'Preference-Applied': { description: '"respond-async"', schema: { type: 'string', const: 'respond-async' } },
  },
  content: {
    'application/json': {
      schema: { type: 'object', required: ['ok', 'task'], properties: { ok: { type: 'boolean', const: true }, task: TASK_SCHEMA } },
    },
  },
};

export async function buildOpenApi(registry: Registry, operations: ApiOperation[] = []): Promise<Record<string, unknown>> {
  const schemas: Record<string, unknown> = {
    Error: {
      type: 'object',
      required: ['error', 'code'],
      properties: {
        error: { type: 'string', description: 'What went wrong, naming the field and the rule for 400' },
        code: { type: 'integer', description: 'Equals the HTTP status' },
        retry_after: { type: 'integer', description: 'Seconds until retrying can succeed (429 only)' },
      },
    },
  };
  const paths: Record<string, unknown> = {};
  // Only the tools this process lists: a hidden toolset (AI tools without an endpoint) is hidden here too.
  for (const entry of registry.listed()) paths[registry.restPath(entry.tool)] = await toolPathItem(entry, schemas);
  for (const op of operations) {
    const path = (paths[op.path] ??= {}) as Record<string, unknown>;
    path[op.method] = apiOperation(op, schemas);
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'werkbank utility API',
      version: VERSION,
      description:
        'Deterministic utility tools. Every tool is POST /api/v1/tools/<slug> with a JSON object body and answers {ok: true, data}; errors are {error, code}. Number fields also take numeric strings ("12.5"). The same tools are served over MCP at /mcp.',
    },
    servers: [{ url: '/' }],
    security: [{ ApiKeyHeader: [] }, { BearerAuth: [] }],
    tags: [
      ...registry.visibleToolsets().map(({ name, description }) => ({ name, description })),
      ...API_TAGS.filter((t) => operations.some((op) => op.tag === t.name)),
    ],
    paths,
    components: {
      schemas,
      securitySchemes: {
        ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        BearerAuth: { type: 'http', scheme: 'bearer', description: 'The API key as a bearer token' },
        ...(operations.some((op) => op.auth === 'admin')
          ? {
              AdminToken: { type: 'http', scheme: 'bearer', description: "The server's WERKBANK_ADMIN_TOKEN (administration routes only)" },
            }
          : {}),
      },
    },
  };
}
