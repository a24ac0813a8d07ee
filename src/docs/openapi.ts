/**
 * The OpenAPI 3.1 document, derived from the registry: one operation per tool
 * with its request and response schemas and the declared examples.
 */
import type { Registry, JsonSchema } from '../core/registry.js';
import { LIMITS } from '../core/limits.js';
import { VERSION } from '../core/version.js';

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

const RATE_HEADERS = {
  'X-RateLimit-Limit': { description: "The current period's credit allowance", schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Credits left (allowance left plus pack credits)', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Epoch seconds of the next monthly allowance reset', schema: { type: 'integer' } },
};

export async function buildOpenApi(registry: Registry): Promise<Record<string, unknown>> {
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
  for (const { tool: meta, inputSchema, outputSchema, load } of registry.tools) {
    const declaration = await load();
    const docs = declaration.docs;
    const tool = { ...meta, examples: declaration.examples };
    const prefix = tool.name;
    const input = hoist(inputSchema, `${prefix}_input`, schemas);
    const output = hoist(outputSchema, `${prefix}_output`, schemas);
    const examples = Object.fromEntries(tool.examples.map((ex, i) => [`example${i + 1}`, { summary: ex.name, value: ex.input }]));
    const outputExamples = Object.fromEntries(
      tool.examples.filter((ex) => !ex.partial).map((ex, i) => [`example${i + 1}`, { summary: ex.name, value: { ok: true, data: ex.output } }]),
    );
    const isRender = tool.metering === 'render'; // anonymous callers allowed
    paths[registry.restPath(tool)] = {
      post: {
        operationId: tool.name,
        summary: tool.title,
        description: [tool.description, docs, tool.cost === 1 ? '' : `Cost: ${tool.cost} credits.`].filter(Boolean).join('\n\n'),
        tags: [tool.toolset],
        ...(isRender ? { security: [{ ApiKeyHeader: [] }, { BearerAuth: [] }, {}] } : {}),
        'x-mcp-name': tool.name,
        'x-credit-cost': tool.cost,
        requestBody: {
          required: true,
          content: { 'application/json': { schema: input, examples } },
        },
        responses: {
          '200': {
            description: 'Success',
            headers: RATE_HEADERS,
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
          '400': errorResponse('Invalid input: the message names the field and the rule'),
          '401': errorResponse('API key missing, invalid or revoked'),
          '404': errorResponse('Unknown tool'),
          '413': errorResponse(`Request body larger than ${LIMITS.bodyBytes} bytes`),
          '415': errorResponse('Content-Type is not application/json'),
          '429': {
            ...errorResponse('Credit balance exhausted (or render allowance reached); see retry_after'),
            headers: { 'Retry-After': { description: 'Seconds until the next reset', schema: { type: 'integer' } }, ...RATE_HEADERS },
          },
          '500': errorResponse('Internal failure (not charged)'),
          ...(isRender ? { '502': errorResponse('The render failed (refunded)') } : {}),
        },
      },
    };
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
    tags: registry.toolsets.map(({ name, description }) => ({ name, description })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        BearerAuth: { type: 'http', scheme: 'bearer', description: 'The API key as a bearer token' },
      },
    },
  };
}
