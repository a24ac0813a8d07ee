/**
 * A loopback reverse proxy that adds an API key to every request, for
 * independent clients that cannot send custom headers (the MCP conformance
 * suite). Everything else (method, path, Host, Origin, body) passes unchanged.
 */
import { createServer, request, type Server } from 'node:http';

export async function keyProxy(target: string, key: string): Promise<{ url: string; close(): Promise<void> }> {
  const t = new URL(target);
  const server: Server = createServer((req, res) => {
    const upstream = request(
      { host: t.hostname, port: t.port, method: req.method, path: req.url, headers: { ...req.headers, 'x-api-key': key } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}
