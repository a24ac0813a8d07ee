/**
 * MCP Apps on the wire (src/apps/): the server advertises the extension, every tool that declares a result view
 * is listed with `_meta.ui.resourceUri` naming the view of its kind, each view is a resource of MIME type
 * `text/html;profile=mcp-app` that loads nothing from anywhere, and a client that does not announce the
 * extension gets tool results byte for byte as one that does, and as they were: the text block and
 * structuredContent, nothing added. Through real MCP clients on a listening server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { APPS_EXTENSION, VIEW_MIME_TYPE } from '../src/apps/meta.js';
import { startServer, type TestServer } from './helpers/server.js';

let srv: TestServer;
let apps: Client;
let plain: Client;

const connect = async (client: Client) => {
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${srv.url}/mcp?toolsets=finance,dutch-calc,text,dev,format,csv`), {
      requestInit: { headers: { 'X-API-Key': srv.key } },
    }),
  );
  return client;
};

beforeAll(async () => {
  srv = await startServer();
  apps = await connect(
    new Client({ name: 'apps', version: '1' }, { capabilities: { extensions: { [APPS_EXTENSION]: { mimeTypes: [VIEW_MIME_TYPE] } } } }),
  );
  plain = await connect(new Client({ name: 'plain', version: '1' }));
}, 60_000);
afterAll(async () => {
  await apps?.close();
  await plain?.close();
  await srv?.close();
});

describe('MCP Apps views on the wire', () => {
  it('the server advertises the extension', () => {
    expect(apps.getServerCapabilities()?.extensions).toHaveProperty([APPS_EXTENSION]);
  });

  it('every tool with a declared view names the view of its kind, and each view is a self-contained document', async () => {
    const tools = (await apps.listTools()).tools;
    const declared = new Map(srv.server.registry.listed().map((e) => [e.tool.name, e.tool.resultView]));
    const uris = new Set<string>();
    for (const tool of tools) {
      const view = declared.get(tool.name);
      if (!view) {
        expect(tool._meta, tool.name).toBeUndefined();
        continue;
      }
      expect(tool._meta, tool.name).toEqual({ ui: { resourceUri: `ui://werkbank/${view.kind}` } });
      uris.add(`ui://werkbank/${view.kind}`);
    }
    expect(uris.size).toBeGreaterThanOrEqual(6);
    const listed: string[] = [];
    for (let cursor: string | undefined, page = 0; page < 10; page++) {
      const answer = await apps.listResources(cursor ? { cursor } : undefined);
      listed.push(...answer.resources.filter((r) => r.mimeType === VIEW_MIME_TYPE).map((r) => r.uri));
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
    for (const uri of uris) {
      expect(listed).toContain(uri);
      const [content] = (await apps.readResource({ uri })).contents as { uri: string; mimeType: string; text: string }[];
      expect(content.mimeType).toBe(VIEW_MIME_TYPE);
      expect(content.text).toMatch(/^<!doctype html>/);
      // Nothing from anywhere: no script, style, image or frame loaded by URL; the script and style inline.
      expect(content.text).not.toMatch(/<(script|img|iframe|link)\b[^>]*\b(src|href)=/i);
      const style = /<style>([\s\S]*?)<\/style>/.exec(content.text)?.[1] ?? '';
      expect(style).toContain('.primary');
      expect(style).not.toMatch(/@import|url\(/i);
      // No domain asked of the host: its default policy, no network, is all the view needs.
      expect(content).not.toHaveProperty('_meta.ui.csp');
      expect(content.text).toContain('<script>');
    }
    await expect(apps.readResource({ uri: 'ui://werkbank/nothing' })).rejects.toThrow();
  }, 120_000);

  it('a client without the extension gets the same bytes as one with it: the text block and structuredContent only', async () => {
    const calls = [
      { name: 'loan_calculator', arguments: { amount: 250_000, annualRatePercent: 4, term: 30, termUnit: 'years' } },
      { name: 'salary_calculator', arguments: { year: 2026, grossAmount: 4000 } },
      { name: 'text_diff', arguments: { original: 'The quick brown fox', modified: 'The slow brown fox' } },
      { name: 'json_to_csv', arguments: { json: '[{"id":1},{"id":2}]' } },
    ];
    for (const call of calls) {
      const [withApps, without] = [await apps.callTool(call), await plain.callTool(call)];
      expect(JSON.stringify(without), call.name).toBe(JSON.stringify(withApps));
      expect(without.isError, call.name).toBeFalsy();
      expect(Object.keys(without).sort()).toEqual(['content', 'structuredContent']);
      expect(without.content).toEqual([{ type: 'text', text: JSON.stringify(without.structuredContent) }]);
    }
  });
});
