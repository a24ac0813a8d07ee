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
import { ToolError } from '../core/tool.js';

export function memoryRoutes(app: Hono, h: RouteHelpers): void {
  const { registry, pipeline } = h;
  const call = async (c: Context, slug: string, input: Record<string, unknown>) => {
    const caller = await h.authenticate(c);
    const { data } = await pipeline.call(registry.requireSlug(slug), input, { surface: 'rest', caller, signal: c.req.raw.signal });
    return data as Record<string, unknown>;
  };
  const handle =
    (fn: (c: Context) => Promise<{ data: unknown; status?: number }>) =>
    async (c: Context) => {
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
      if (!names.includes(name)) throw new ToolError(`Unknown query parameter \`${k}\`; allowed: ${names.map((n) => (n === 'query' ? 'q' : n)).join(', ')}`);
      out[name] = name === 'limit' ? Number(v) : v;
    }
    return out;
  };

  app.get('/api/v1/memory', handle(async (c) => ({ data: await call(c, 'memory-list', query(c, ['namespace', 'tag', 'prefix', 'limit', 'cursor'])) })));
  app.get('/api/v1/memory/search', handle(async (c) => ({ data: await call(c, 'memory-search', query(c, ['query', 'tag', 'namespace', 'limit'])) })));
  app.get(
    '/api/v1/memory/:namespace/:key',
    handle(async (c) => {
      const data = await call(c, 'memory-get', { namespace: c.req.param('namespace'), key: c.req.param('key') });
      if (!data.found) throw new ToolError(`No memory item memory://${c.req.param('namespace')}/${c.req.param('key')}`, 404);
      return { data: data.item };
    }),
  );
  app.put(
    '/api/v1/memory/:namespace/:key',
    handle(async (c) => {
      const body = await h.readJsonObject(c);
      for (const k of ['namespace', 'key']) if (k in body) throw new ToolError(`\`${k}\` comes from the path, not the body`);
      const data = await call(c, 'memory-set', { ...body, namespace: c.req.param('namespace'), key: c.req.param('key') });
      return { data, status: data.created ? 201 : 200 };
    }),
  );
  app.delete(
    '/api/v1/memory/:namespace/:key',
    handle(async (c) => {
      const data = await call(c, 'memory-delete', { namespace: c.req.param('namespace'), key: c.req.param('key') });
      if (!data.deleted) throw new ToolError(`No memory item ${String(data.uri)}`, 404);
      return { data };
    }),
  );
}
