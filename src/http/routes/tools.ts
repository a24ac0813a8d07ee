/**
 * The REST tool routes: the catalogue (with ?q= the tool search), and tool and render calls
 * (src/http/tool-calls.ts; render routes also take anonymous callers).
 */
import type { Context, Hono } from 'hono';
import { loadStemmers } from '../../search/text.js';
import { catalogueAnswer } from '../tool-catalogue.js';
import type { AppShared } from './shared.js';

export function toolRoutes(app: Hono, s: AppShared): void {
  const { registry } = s;
  app.get('/api/v1/tools', async (c) => {
    try {
      if (c.req.query('q')) await loadStemmers();
      return c.json({
        ok: true,
        data: catalogueAnswer(registry, { q: c.req.query('q'), limit: c.req.query('limit'), toolset: c.req.query('toolset') }),
      });
    } catch (err) {
      return s.errorResponse(c, err);
    }
  });

  const toolRoute = (isRender: boolean) => async (c: Context) =>
    s.wholeAnswer(
      await s.calls.answer(c.req.param('slug') ?? '', isRender, {
        headers: c.req.raw.headers,
        clientIp: () => s.clientIp(c),
        readBody: (declared) => s.readBody(c, declared),
        signal: () => c.req.raw.signal,
      }),
    );

  for (const [prefix, isRender] of [
    ['/api/v1/tools/:slug', false],
    ['/api/v1/render/:slug', true],
  ] as const) {
    app.post(prefix, toolRoute(isRender));
    app.on(['GET', 'PUT', 'DELETE', 'PATCH'], prefix, (c) =>
      c.json({ error: `Method ${c.req.method} not allowed: tool endpoints take POST with a JSON body`, code: 405 }, 405, {
        Allow: 'POST',
      }),
    );
  }
}
