/**
 * REST mirror of agent memory for non-MCP callers, derived from the memory
 * tools: each route maps path and query onto the tool's input and runs it
 * through the same pipeline (same validation, same 0-credit metering).
 *
 *   GET    /api/v1/memory?namespace=&tag=&prefix=&limit=&cursor=   memory-list
 *   GET    /api/v1/memory/search?q=&tag=&namespace=&limit=         memory-search
 *   GET    /api/v1/memory/:namespace/:key                          memory-get (404 when absent)
 *   PUT    /api/v1/memory/:namespace/:key  {value, mimeType?, tags?}  memory-set (201 created, 200 replaced)
 *   DELETE /api/v1/memory/:namespace/:key                          memory-delete (404 when absent)
 */
import type { Context, Hono } from 'hono';
import type { RouteHelpers } from '../http/app.js';
import type { JsonSchema, Registry } from '../core/registry.js';
import type { ApiOperation } from '../docs/openapi.js';
import { HttpError } from '../core/errors.js';

/** These routes for the OpenAPI document, from the memory tools' own schemas. */
export function memoryOperations(registry: Registry): ApiOperation[] {
  const schemas = (slug: string) => {
    const entry = registry.bySlugOrNull(slug);
    if (!entry) throw new Error(`memory routes need the ${slug} tool`);
    return {
      input: entry.inputSchema as JsonSchema & { properties: Record<string, JsonSchema>; required?: string[] },
      output: entry.outputSchema,
    };
  };
  /** Query parameters from a tool's input fields (`query` is `q` on the path). */
  const params = (slug: string, names: string[]): NonNullable<ApiOperation['parameters']> =>
    names.map((name) => {
      const schema = schemas(slug).input.properties[name];
      return {
        name: name === 'query' ? 'q' : name,
        in: 'query',
        ...(schemas(slug).input.required?.includes(name) ? { required: true } : {}),
        description: typeof schema.description === 'string' ? schema.description : name,
        schema,
      };
    });
  const item = [
    { name: 'namespace', in: 'path' as const, required: true, description: 'Namespace of the item', schema: { type: 'string' } },
    { name: 'key', in: 'path' as const, required: true, description: 'Key of the item in its namespace', schema: { type: 'string' } },
  ];
  const set = schemas('memory-set').input;
  const body = {
    ...set,
    properties: Object.fromEntries(Object.entries(set.properties).filter(([k]) => k !== 'namespace' && k !== 'key')),
    required: (set.required ?? []).filter((k) => k !== 'namespace' && k !== 'key'),
  };
  const get = schemas('memory-get').output as { properties?: Record<string, JsonSchema>; $defs?: JsonSchema };
  const itemSchema = { ...(get.properties?.item ?? {}), ...(get.$defs ? { $defs: get.$defs } : {}) }; // its refs point at the root's $defs
  return [
    {
      method: 'get',
      path: '/api/v1/memory',
      tag: 'memory',
      auth: 'key',
      summary: 'List memory items (as the memory_list tool)',
      parameters: params('memory-list', ['namespace', 'tag', 'prefix', 'limit', 'cursor']),
      data: schemas('memory-list').output,
    },
    {
      method: 'get',
      path: '/api/v1/memory/search',
      tag: 'memory',
      auth: 'key',
      summary: 'Search memory items (as the memory_search tool)',
      parameters: params('memory-search', ['query', 'tag', 'namespace', 'limit']),
      data: schemas('memory-search').output,
    },
    {
      method: 'get',
      path: '/api/v1/memory/{namespace}/{key}',
      tag: 'memory',
      auth: 'key',
      summary: 'Read one memory item',
      parameters: item,
      data: itemSchema,
      errors: { 404: 'No such item' },
    },
    {
      method: 'put',
      path: '/api/v1/memory/{namespace}/{key}',
      tag: 'memory',
      auth: 'key',
      summary: 'Write one memory item (as the memory_set tool): 201 when it created the item, 200 when it replaced one',
      parameters: item,
      body,
      data: schemas('memory-set').output,
      status: 201,
      alsoOk: 200,
    },
    {
      method: 'delete',
      path: '/api/v1/memory/{namespace}/{key}',
      tag: 'memory',
      auth: 'key',
      summary: 'Delete one memory item',
      parameters: item,
      data: schemas('memory-delete').output,
      errors: { 404: 'No such item' },
    },
  ];
}

export function memoryRoutes(app: Hono, h: RouteHelpers): void {
  const { registry, pipeline } = h;
  const call = async (c: Context, slug: string, input: Record<string, unknown>) => {
    const caller = await h.authenticate(c);
    const { data } = await pipeline.call(registry.requireSlug(slug), input, { surface: 'rest', caller, signal: c.req.raw.signal });
    return data as Record<string, unknown>;
  };
  const handle = (fn: (c: Context) => Promise<{ data: unknown; status?: number }>) => async (c: Context) => {
    try {
      const { data, status = 200 } = await fn(c);
      return c.json({ ok: true, data }, status as 200);
    } catch (err) {
      return h.errorResponse(c, err);
    }
  };
  const query = (c: Context, names: string[]) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(c.req.query())) {
      const name = k === 'q' ? 'query' : k;
      if (!names.includes(name))
        throw new HttpError(`Unknown query parameter \`${k}\`; allowed: ${names.map((n) => (n === 'query' ? 'q' : n)).join(', ')}`);
      out[name] = name === 'limit' ? Number(v) : v;
    }
    return out;
  };

  app.get(
    '/api/v1/memory',
    handle(async (c) => ({ data: await call(c, 'memory-list', query(c, ['namespace', 'tag', 'prefix', 'limit', 'cursor'])) })),
  );
  app.get(
    '/api/v1/memory/search',
    handle(async (c) => ({ data: await call(c, 'memory-search', query(c, ['query', 'tag', 'namespace', 'limit'])) })),
  );
  app.get(
    '/api/v1/memory/:namespace/:key',
    handle(async (c) => {
      const data = await call(c, 'memory-get', { namespace: c.req.param('namespace'), key: c.req.param('key') });
      if (!data.found) throw new HttpError(`No memory item memory://${c.req.param('namespace')}/${c.req.param('key')}`, 404);
      return { data: data.item };
    }),
  );
  app.put(
    '/api/v1/memory/:namespace/:key',
    handle(async (c) => {
      const body = await h.readJsonObject(c);
      for (const k of ['namespace', 'key']) if (k in body) throw new HttpError(`\`${k}\` comes from the path, not the body`);
      const data = await call(c, 'memory-set', { ...body, namespace: c.req.param('namespace'), key: c.req.param('key') });
      return { data, status: data.created ? 201 : 200 };
    }),
  );
  app.delete(
    '/api/v1/memory/:namespace/:key',
    handle(async (c) => {
      const data = await call(c, 'memory-delete', { namespace: c.req.param('namespace'), key: c.req.param('key') });
      if (!data.deleted) throw new HttpError(`No memory item ${String(data.uri)}`, 404);
      return { data };
    }),
  );
}
