/** `werkbank serve`: the HTTP server (REST, OpenAPI, MCP over Streamable HTTP, the web pages) on one port. */
import type { Server as NodeServer } from 'node:http';
import { HttpError } from '../core/errors.js';
import { VERSION } from '../core/version.js';
import type { Accounts } from '../accounts/accounts.js';
import { toolCount } from '../core/tool-count.js';
import { setting } from '../settings.js';
import { configureLog, log } from '../core/log.js';
import { print, type CliValues } from './output.js';

/** How long a stopping server waits for open connections (calls in flight, streamed answers) before cutting them. */
const SHUTDOWN_GRACE_MS = 10_000;

type ServerModule = typeof import('../server.js');
type ServerConfig = ReturnType<ServerModule['configFromEnv']>;
type WerkbankServer = Awaited<ReturnType<ServerModule['createServer']>>;

export async function serveCommand(values: CliValues): Promise<number> {
  // Messages name the setting the user gave (`--port` or `WERKBANK_PORT`).
  const portSetting = setting('port', values);
  const portText = portSetting.value ?? '8787';
  const port = Number(portText);
  if (!/^\d+$/.test(portText.trim()) || port > 65535)
    throw new HttpError(`${portSetting.source} must be a port from 0 to 65535, got "${portText}"`);
  const signup = setting('signup', values);
  if (signup.value !== undefined && signup.value !== 'open' && signup.value !== 'off')
    throw new HttpError(`${signup.source} must be "open" or "off", got "${signup.value}"`);
  const workers = setting('workers', values);
  const grace = setting('shutdownGrace');
  const graceMs = grace.value === undefined ? SHUTDOWN_GRACE_MS : Number(grace.value);
  if (!/^\d+$/.test(grace.value?.trim() ?? '0') || graceMs > 3_600_000)
    throw new HttpError(`${grace.source} must be milliseconds from 0 to 3600000, got "${grace.value}"`);
  configureLog({ dev: !!values.dev, env: setting('logFormat').value, level: setting('logLevel').value });
  const [{ serve }, { configFromEnv, createServer }, { serverProcessCount, superviseServerProcesses }, { default: cluster }] =
    await Promise.all([import('@hono/node-server'), import('../server.js'), import('../server-processes.js'), import('node:cluster')]);
  const config = configFromEnv({
    databaseUrl: values['database-url'] as string | undefined,
    dataDir: values.data as string | undefined,
    host: values.host as string | undefined,
    toolsets: values.toolsets as string | undefined,
  });
  const { signupModeFrom } = await import('../http/identity/gate.js');
  config.signup = signupModeFrom(signup.value, values.dev ? 'open' : 'off');
  const processes = serverProcessCount(workers.value, config.databaseUrl, workers.source);
  if (processes > 1 && cluster.isPrimary) return (await superviseServerProcesses(processes, graceMs), -1);
  const server = await createServer(config);
  const devKeyCreated = values.dev && (cluster.worker?.id ?? 1) === 1 ? await devKey(server.accounts) : null;
  const { SERVER_OPTIONS, capConnections } = await import('../http/protect.js');
  const http = serve(
    { fetch: server.app.fetch, createServer: server.createNodeServer, port, hostname: config.host, serverOptions: SERVER_OPTIONS },
    (info) => announce(config, server, info.port, !!values.dev, devKeyCreated, cluster.worker?.id),
  ) as NodeServer;
  capConnections(http);
  http.on('error', (err: NodeJS.ErrnoException) => {
    process.stderr.write(listenErrorLine(err, config.host, port, portSetting.value === undefined ? null : portSetting.source) + '\n');
    void server.close().finally(() => process.exit(1));
  });
  const stop = gracefulStop(http, server, graceMs);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return -1;
}

/** Once listening: the public address settled, the start line on stderr, a new dev key and the port on stdout. */
function announce(
  config: ServerConfig,
  server: WerkbankServer,
  port: number,
  dev: boolean,
  devKeyCreated: string | null,
  serverProcess: number | undefined,
): void {
  const shown = config.host.includes(':') ? `[${config.host}]` : config.host;
  // Links to hosted render files, the passkeys' relying party and the OAuth issuer (WERKBANK_BASE_URL overrides).
  // Under --dev on loopback the pages live at localhost: browsers refuse passkeys on an IP address.
  const loopback = ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(config.host);
  config.baseUrl ??= dev && loopback ? `http://localhost:${port}` : `http://${shown}:${port}`;
  process.stderr.write(
    `werkbank ${VERSION} listening on http://${shown}:${port} (${toolCount(server.registry).text}; store ${server.store.describe()}` +
      `${serverProcess ? `; server process ${serverProcess}, pid ${process.pid}` : ''}; sign-up ${config.signup}; open ${config.baseUrl})\n`,
  );
  if (devKeyCreated)
    print(
      `Created account "dev" with a local API key (shown once):\n\n  ${devKeyCreated}\n\nTry:\n  curl -s ${config.baseUrl}/api/v1/tools/word-counter ` +
        `-H 'X-API-Key: ${devKeyCreated}' -H 'Content-Type: application/json' -d '{"text":"Hello werkbank"}'\n`,
    );
  // Machine-readable line for tests and scripts that start with --port 0.
  if (process.env.WERKBANK_PRINT_PORT) print(JSON.stringify({ port }));
}

/** Why the server cannot listen, with what to do about it; `source` names the setting that chose the port (null: the default). */
function listenErrorLine(err: NodeJS.ErrnoException, host: string, port: number, source: string | null): string {
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  const chosen = source ? ` (from ${source})` : '';
  return err.code === 'EADDRINUSE'
    ? `werkbank: port ${port}${chosen} is already in use on ${host} (another werkbank or another server holds it): start on a free port with --port <n> or WERKBANK_PORT=<n>, or stop the process on ${where}`
    : err.code === 'EACCES'
      ? `werkbank: not allowed to listen on ${where}${chosen} (ports below 1024 need privileges): use --port <n> or WERKBANK_PORT=<n> with a port of 1024 or more`
      : err.code === 'EADDRNOTAVAIL'
        ? `werkbank: cannot listen on ${where}: ${host} is not an address of this machine; use --host or WERKBANK_HOST`
        : `werkbank: cannot listen on ${where}: ${err.message}`;
}

/**
 * Graceful stop (a rolling restart sends SIGTERM): drain (readiness 503, each answer closes its connection, MCP
 * listen streams end), take no new connections, let the calls in flight finish and their responses go out,
 * close keep-alive connections as they fall idle, and only then close the store and exit 0. Connections still
 * open after `graceMs` are cut.
 */
function gracefulStop(http: NodeServer, server: WerkbankServer, graceMs: number): () => void {
  let stopping = false;
  return () => {
    if (stopping) return;
    stopping = true;
    server.drain();
    const idle = setInterval(() => http.closeIdleConnections(), 50);
    const cut = setTimeout(() => {
      http.getConnections((_, open) => log(`shutdown: ${open} connection(s) still open after ${graceMs} ms, cut`, 'warn'));
      http.closeAllConnections();
    }, graceMs);
    http.close(() => {
      clearInterval(idle);
      clearTimeout(cut);
      void server.close().finally(() => process.exit(0));
    });
    http.closeIdleConnections();
  };
}

/** The dev account's key when this start created it (printed once the server listens), else null. */
async function devKey(accounts: Accounts): Promise<string | null> {
  try {
    await accounts.requireAccount('dev');
    process.stderr.write(
      'Dev account "dev" exists (its key was printed on first start; `werkbank keys create --account dev` makes another while the server is stopped).\n',
    );
    return null;
  } catch {
    await accounts.createAccount('dev', 'paid');
    return (await accounts.createKey('dev')).key;
  }
}
