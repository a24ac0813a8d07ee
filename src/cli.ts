#!/usr/bin/env node
/**
 * The `werkbank` command.
 *
 *   werkbank                      MCP over stdio (what MCP hosts run via `npx -y werkbank-mcp`)
 *   werkbank stdio                the same, explicitly
 *   werkbank serve [options]      HTTP: REST API, OpenAPI and MCP (Streamable HTTP) on one port
 *   werkbank doctor               check the environment and print MCP host configurations
 *   werkbank accounts|keys|credits|usage ...   administration of the store (embedded, or PostgreSQL with --database-url)
 *   werkbank migrate [--from-data DIR]          database schema; copy an embedded store into PostgreSQL
 */
import { parseArgs } from 'node:util';
import { accessSync, constants, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { VERSION } from './core/version.js';
import { HttpError } from './core/errors.js';

/** How long a stopping server waits for open connections (calls in flight, MCP streams) before cutting them. */
const SHUTDOWN_GRACE_MS = 10_000;
// Everything else is imported by the command that needs it: a stdio start (what MCP hosts run) loads no HTTP code.

const help = (defaults: string, toolsets: string) => `werkbank ${VERSION}: deterministic utility tools for AI agents (MCP) and REST callers

Usage:
  werkbank [stdio] [--toolsets LIST] [--data DIR]
                                         MCP server over stdio (default; agent memory in ~/.werkbank)
  werkbank serve [--port 8787] [--host 127.0.0.1] [--data DIR] [--toolsets LIST] [--dev] [--signup open|off]
                                         HTTP server: POST /api/v1/tools/<slug>, GET /openapi.json, /mcp
  werkbank doctor                        check the environment, print MCP host configs
  werkbank install-browser [--data DIR] [--from PATH]
                                         fetch the Chromium the render tools use (64 MB) into the data dir
  werkbank accounts create|list          accounts   (werkbank accounts --help)
  werkbank keys create|list|revoke       API keys   (werkbank keys --help)
  werkbank credits add                   credit packs
  werkbank usage --account NAME [--days N]
  werkbank migrate [--from-data DIR]     apply the PostgreSQL schema; copy an embedded store into it
  werkbank help [COMMAND]                this help, or a command's

The administration commands (accounts, keys, credits, usage) open the store themselves: while
\`werkbank serve\` runs on the same data dir, use the admin API (WERKBANK_ADMIN_TOKEN) or the account
page instead, or give the server a PostgreSQL store (--database-url) that both can share.

Options:
  --data DIR        data dir (default ./.werkbank; stdio and install-browser: ~/.werkbank; or WERKBANK_DATA_DIR)
  --toolsets LIST   MCP toolsets, comma-separated, or "all" (default ${defaults}, or WERKBANK_TOOLSETS)
                    toolsets: ${toolsets}
  --dev             (serve) on first start, create a local "dev" account and print its key once;
                    sign-up open, pages at http://localhost:<port> (passkeys need a domain name)
  --signup open|off (serve) may visitors make their own account with a passkey on /signin (default off,
                    or WERKBANK_SIGNUP; set WERKBANK_BASE_URL to the public https:// address)
  --database-url URL  PostgreSQL store shared by several processes (or WERKBANK_DATABASE_URL; default: embedded)
  --workers N       (serve) processes sharing the port (default: all cores with a database URL, else 1)
  --json            (administration, install-browser) machine-readable output
  -h, --help        this help (after a command: the command's)
  -v, --version     the version

Environment: WERKBANK_DATA_DIR, WERKBANK_TOOLSETS, WERKBANK_PORT, WERKBANK_HOST, WERKBANK_ADMIN_TOKEN
(enables /api/v1/admin; at least 32 characters), WERKBANK_ALLOWED_HOSTS (Host names accepted besides localhost),
WERKBANK_SIGNUP (open|off), WERKBANK_BASE_URL (the public address: passkeys' relying party and the OAuth issuer),
WERKBANK_CHROMIUM_PATH (the browser renders use), WERKBANK_BROWSER_DIR (where install-browser puts
it; default <data dir>/browser), WERKBANK_BROWSER_AUTO_INSTALL=1 (the first render installs it).
`;

/** Help of each command and command group: `werkbank <command> --help`, `werkbank help <command>`, or a group without a subcommand. */
export const COMMAND_HELP: Record<string, string> = {
  stdio: `Usage: werkbank [stdio] [--toolsets LIST] [--data DIR]

The MCP server over stdio: what an MCP host starts (\`npx -y werkbank-mcp\`, or \`node /abs/path/dist/werkbank.js\`
from a clone; \`werkbank doctor\` prints the configuration for this install). Agent memory is kept in the data dir
(default ~/.werkbank).
`,
  serve: `Usage: werkbank serve [--port 8787] [--host 127.0.0.1] [--data DIR] [--toolsets LIST] [--dev]
                      [--database-url URL] [--workers N]

HTTP server on one port: the REST API (POST /api/v1/tools/<slug>), OpenAPI (/openapi.json, /docs), MCP over
Streamable HTTP (/mcp), the web pages (/, /account). --dev creates a local "dev" account on first start and
prints its key once. While it runs, manage accounts and keys with the admin API (set WERKBANK_ADMIN_TOKEN) or
the account page: the administration commands cannot open a data dir the server holds.
`,
  doctor: `Usage: werkbank doctor [--data DIR] [--database-url URL]

Checks Node.js, the tool registry, the data dir, the store and the render browser (launches it and prints a
test page to PDF), then prints the MCP host configurations for this install.
`,
  'install-browser': `Usage: werkbank install-browser [--data DIR] [--from PATH] [--json]

Fetches the Chromium the render tools use (the npm package @sparticuz/chromium, a 64 MB download; Linux x64)
from the npm registry, checks it against the integrity werkbank pins, unpacks it into <data dir>/browser
(WERKBANK_BROWSER_DIR overrides; default data dir ~/.werkbank, where every werkbank looks) and reports its
size. Not needed where Chrome, Chromium or Edge is installed, or with WERKBANK_CHROMIUM_PATH.
  --from PATH   install from a local copy of the package (its folder or .tgz) instead of the registry
`,
  accounts: `Usage:
  werkbank accounts create NAME [--plan free|paid]   create an account
  werkbank accounts list                             accounts, plans and credits left

Options: --data DIR, --database-url URL, --json. While \`werkbank serve\` runs on the same data dir, use the
admin API (POST /api/v1/admin/accounts with WERKBANK_ADMIN_TOKEN) instead.
`,
  keys: `Usage:
  werkbank keys create --account NAME [--json]   create an API key (wbk_…); it is printed once
  werkbank keys list --account NAME              the account's keys (prefixes only)
  werkbank keys revoke KEY_ID                    revoke a key (its id, from keys list)

Options: --data DIR, --database-url URL, --json. While \`werkbank serve\` runs on the same data dir, use the
account page (/account) or the admin API (WERKBANK_ADMIN_TOKEN) instead.
`,
  credits: `Usage:
  werkbank credits add --account NAME --pack 100|1000|5000   add a credit pack to an account

Options: --data DIR, --database-url URL, --json.
`,
  usage: `Usage: werkbank usage --account NAME [--days N]

Calls and credits of an account per day, the last N days (default 7, at most 365).
Options: --data DIR, --database-url URL, --json.
`,
  migrate: `Usage: werkbank migrate [--database-url URL] [--from-data DIR] [--json]

Applies the PostgreSQL schema (WERKBANK_DATABASE_URL or --database-url); with --from-data, copies an embedded
store (a data dir) into it: accounts, keys, usage, memory and every record table (passkeys, sessions, OAuth,
payment state; rows already expired are left). Running it again copies nothing twice.
`,
};

/** The subcommands of each command group. */
const SUBCOMMANDS: Record<string, string[]> = { accounts: ['create', 'list'], keys: ['create', 'list', 'revoke'], credits: ['add'] };

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      toolsets: { type: 'string' },
      dev: { type: 'boolean' },
      signup: { type: 'string' },
      plan: { type: 'string' },
      account: { type: 'string' },
      pack: { type: 'string' },
      days: { type: 'string' },
      json: { type: 'boolean' },
      'database-url': { type: 'string' },
      workers: { type: 'string' },
      'from-data': { type: 'string' },
      from: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
  const mainHelp = async () => {
    const registry = await (await import('./catalogue.js')).loadRegistry();
    return print(help(registry.defaultToolsets.join(','), registry.visibleToolsets().map((t) => t.name).join(', '))), 0;
  };
  if (values.version) return print(VERSION), 0;
  if (positionals[0] === 'help') {
    const topic = positionals[1];
    if (!topic) return mainHelp();
    if (!COMMAND_HELP[topic]) return unknownCommand(topic);
    return print(COMMAND_HELP[topic]), 0;
  }
  if (values.help) return positionals[0] && COMMAND_HELP[positionals[0]] ? (print(COMMAND_HELP[positionals[0]]), 0) : mainHelp();
  const [command = 'stdio', sub, arg] = positionals;
  // A command group without a (known) subcommand: its help (on stdout when asked for, with the error otherwise).
  if (SUBCOMMANDS[command] && !SUBCOMMANDS[command].includes(sub ?? '')) {
    if (sub === undefined) return print(COMMAND_HELP[command]), 0;
    process.stderr.write(`Unknown command "${command} ${sub}": the ${command} commands are ${SUBCOMMANDS[command].join(', ')}.\n\n${COMMAND_HELP[command]}`);
    return 2;
  }

  switch (command) {
    case 'stdio': {
      const dataDir = resolve((values.data as string | undefined) ?? process.env.WERKBANK_DATA_DIR ?? join(homedir(), '.werkbank'));
      const [{ runStdio }, { loadRegistry }] = await Promise.all([import('./stdio.js'), import('./catalogue.js')]);
      const registry = await loadRegistry();
      runStdio(registry, registry.selection((values.toolsets as string | undefined) ?? process.env.WERKBANK_TOOLSETS), dataDir);
      return -1; // keep running
    }
    case 'serve':
      return serveCommand(values);
    case 'doctor':
      return doctor(values.data, values['database-url']);
    case 'install-browser':
      return installBrowserCommand(values);
    case 'migrate':
      return (await import('./store/commands.js')).migrateCommand(
        { databaseUrl: values['database-url'], fromData: values['from-data'], json: values.json },
        print,
      );
    case 'accounts':
    case 'keys':
    case 'credits':
    case 'usage':
      return admin(command, sub, arg, values);
    default:
      return unknownCommand(command);
  }
}

function unknownCommand(command: string): number {
  process.stderr.write(
    `Unknown command "${command}": the commands are stdio, serve, doctor, install-browser, ${Object.keys(SUBCOMMANDS).join(', ')}, usage, migrate, help ` +
      `(werkbank --help describes them).\n`,
  );
  return 2;
}

function print(text: string): void {
  process.stdout.write(text.endsWith('\n') ? text : text + '\n');
}

async function serveCommand(values: Record<string, string | boolean | undefined>): Promise<number> {
  const portText = (values.port as string | undefined) ?? process.env.WERKBANK_PORT ?? '8787';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new HttpError(`--port must be 0-65535, got "${portText}"`);
  const [{ serve }, { configFromEnv, createServer, workerCount, superviseWorkers }, { default: cluster }] = await Promise.all([
    import('@hono/node-server'),
    import('./server.js'),
    import('node:cluster'),
  ]);
  const config = configFromEnv({
    databaseUrl: values['database-url'] as string | undefined,
    dataDir: values.data as string | undefined,
    host: values.host as string | undefined,
    toolsets: values.toolsets as string | undefined,
  });
  const { signupModeFrom } = await import('./http/identity/gate.js');
  config.signup = signupModeFrom((values.signup as string | undefined) ?? process.env.WERKBANK_SIGNUP, values.dev ? 'open' : 'off');
  const workers = workerCount(values.workers as string | undefined, config.databaseUrl);
  if (workers > 1 && cluster.isPrimary) return await superviseWorkers(workers), -1;
  const server = await createServer(config);
  const devKeyCreated = values.dev && (cluster.worker?.id ?? 1) === 1 ? await devKey(server.accounts) : null;
  const { SERVER_OPTIONS, capConnections } = await import('./http/protect.js');
  const http = serve({ fetch: server.app.fetch, createServer: server.createNodeServer, port, hostname: config.host, serverOptions: SERVER_OPTIONS }, (info) => {
    const shown = config.host.includes(':') ? `[${config.host}]` : config.host;
    // Links to hosted render files, the passkeys' relying party and the OAuth issuer (WERKBANK_BASE_URL overrides).
    // Under --dev on loopback the pages live at localhost: browsers refuse passkeys on an IP address.
    const loopback = ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(config.host);
    config.baseUrl ??= values.dev && loopback ? `http://localhost:${info.port}` : `http://${shown}:${info.port}`;
    process.stderr.write(
      `werkbank ${VERSION} listening on http://${shown}:${info.port} (${server.registry.tools.length} tools; store ${server.store.describe()}` +
        `${cluster.worker ? `; worker ${cluster.worker.id}, pid ${process.pid}` : ''}; sign-up ${config.signup}; open ${config.baseUrl})\n`,
    );
    if (devKeyCreated)
      print(
        `Created account "dev" with a local API key (shown once):\n\n  ${devKeyCreated}\n\nTry:\n  curl -s ${config.baseUrl}/api/v1/tools/word-counter ` +
          `-H 'X-API-Key: ${devKeyCreated}' -H 'Content-Type: application/json' -d '{"text":"Hello werkbank"}'\n`,
      );
    // Machine-readable line for tests and scripts that start with --port 0.
    if (process.env.WERKBANK_PRINT_PORT) print(JSON.stringify({ port: info.port }));
  });
  capConnections(http as import('node:http').Server);
  http.on('error', (err: NodeJS.ErrnoException) => {
    const where = `${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    const line =
      err.code === 'EADDRINUSE'
        ? `werkbank: port ${port} is already in use on ${config.host} (another werkbank or another server holds it): start on a free port with --port <n> or WERKBANK_PORT=<n>, or stop the process on ${where}`
        : err.code === 'EACCES'
          ? `werkbank: not allowed to listen on ${where} (ports below 1024 need privileges): use --port <n> or WERKBANK_PORT=<n> with a port of 1024 or more`
          : err.code === 'EADDRNOTAVAIL'
            ? `werkbank: cannot listen on ${where}: ${config.host} is not an address of this machine; use --host or WERKBANK_HOST`
            : `werkbank: cannot listen on ${where}: ${err.message}`;
    process.stderr.write(line + '\n');
    void server.close().finally(() => process.exit(1));
  });
  // Graceful stop (a rolling restart sends SIGTERM): take no new connections, let the calls in flight
  // finish and their responses go out, close keep-alive connections as they fall idle, and only then close
  // the store. Connections still open after the grace period (MCP listen streams) are cut.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const node = http as import('node:http').Server;
    const idle = setInterval(() => node.closeIdleConnections(), 50);
    const cut = setTimeout(() => node.closeAllConnections(), SHUTDOWN_GRACE_MS);
    node.close(() => {
      clearInterval(idle);
      clearTimeout(cut);
      void server.close().finally(() => process.exit(0));
    });
    node.closeIdleConnections();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return -1;
}

/** The dev account's key when this start created it (printed once the server listens), else null. */
async function devKey(accounts: import('./accounts/accounts.js').Accounts): Promise<string | null> {
  try {
    await accounts.requireAccount('dev');
    process.stderr.write('Dev account "dev" exists (its key was printed on first start; `werkbank keys create --account dev` makes another while the server is stopped).\n');
    return null;
  } catch {
    await accounts.createAccount('dev', 'paid');
    return (await accounts.createKey('dev')).key;
  }
}

async function admin(command: string, sub: string | undefined, arg: string | undefined, values: Record<string, string | boolean | undefined>) {
  const [{ configFromEnv }, { openStore }, { Accounts }] = await Promise.all([import('./server.js'), import('./store/select.js'), import('./accounts/accounts.js')]);
  const config = configFromEnv({ dataDir: values.data as string | undefined, databaseUrl: values['database-url'] as string | undefined });
  const store = await openStore(config).catch((err: Error) => {
    // The embedded store serves one process: while `werkbank serve` holds the data dir, the server itself administers it.
    if (/in use by another werkbank process/.test(err.message))
      throw new HttpError(
        `${err.message}\nWhile the server runs, use its admin API instead (/api/v1/admin/..., with WERKBANK_ADMIN_TOKEN set when it starts) ` +
          `or the account page (/account, e.g. http://127.0.0.1:8787/account).`,
      );
    throw err;
  });
  const accounts = new Accounts(store);
  const out = (data: unknown, text: string) => print(values.json ? JSON.stringify(data, null, 2) : text);
  const need = (name: string, value: unknown): string => {
    if (typeof value !== 'string' || !value) throw new HttpError(`${name} is required (see werkbank --help)`);
    return value;
  };
  try {
    const action = `${command} ${command === 'usage' ? '' : (sub ?? '')}`.trim();
    switch (action) {
      case 'accounts create': {
        const plan = (values.plan as string | undefined) ?? 'free';
        if (plan !== 'free' && plan !== 'paid') throw new HttpError('--plan must be free or paid');
        const a = await accounts.createAccount(need('NAME', arg), plan);
        out(await accounts.accountInfo(a.id), `Created account "${a.name}" (plan ${a.plan}).`);
        break;
      }
      case 'accounts list': {
        const list = await accounts.listAccounts();
        out(list, list.map((a) => `${a.name}\t${a.plan}\t${a.remaining} credits left`).join('\n') || '(no accounts)');
        break;
      }
      case 'keys create': {
        const k = await accounts.createKey(need('--account', values.account));
        out(k, `API key for "${k.account}" (id ${k.id}); it is shown only now, store it safely:\n\n  ${k.key}\n`);
        break;
      }
      case 'keys list': {
        const keys = await accounts.listKeys(need('--account', values.account));
        out(keys, keys.map((k) => `${k.id}\t${k.prefix}…\tcreated ${k.createdAt}${k.revokedAt ? `\trevoked ${k.revokedAt}` : ''}`).join('\n') || '(no keys)');
        break;
      }
      case 'keys revoke': {
        const before = new Date().toISOString();
        const r = await accounts.revokeKey(need('KEY_ID', arg));
        // The store keeps the first revocation time: an earlier one means this call changed nothing.
        const already = !!r.revokedAt && r.revokedAt < before;
        out({ ...r, alreadyRevoked: already }, already ? `Key ${r.id} (${r.prefix}…) was already revoked (${r.revokedAt}); nothing changed.` : `Revoked ${r.id} (${r.prefix}…).`);
        break;
      }
      case 'credits add': {
        const pack = Number(need('--pack', values.pack));
        const b = await accounts.addPack(need('--account', values.account), pack, 'cli');
        out(b, `Added ${pack} pack credits; ${b.remaining} credits left.`);
        break;
      }
      case 'usage': {
        const days = values.days === undefined ? 7 : Number(values.days);
        if (!Number.isInteger(days) || days < 1 || days > 365) throw new HttpError('--days must be 1-365');
        const u = await accounts.usage((await accounts.requireAccount(need('--account', values.account))).id, days);
        out(
          u,
          `Usage of "${u.account}", last ${u.days} day(s) (kept ${u.retentionDays}): ${u.totals.calls} calls, ${u.totals.credits} credits\n` +
            u.perDay.map((d) => `  ${d.date}  ${d.calls} calls  ${d.credits} credits`).join('\n'),
        );
        break;
      }
      default:
        throw new HttpError(`Unknown command "${command} ${sub ?? ''}" (see werkbank --help)`);
    }
    return 0;
  } finally {
    await store.close();
  }
}

async function doctor(dataDirOption: string | undefined, databaseUrl: string | undefined): Promise<number> {
  const node = process.execPath;
  const { installKind, cliPath, selfCommand } = await import('./core/command.js');
  const kind = installKind();
  const cli = cliPath();
  const checks: [string, boolean | 'note', string][] = [];
  const major = Number(process.versions.node.split('.')[0]);
  checks.push(['Node.js >= 20', major >= 20, `${process.version} at ${node}`]);
  try {
    const registry = await (await import('./catalogue.js')).loadRegistry();
    checks.push(['tool registry', true, `${registry.tools.length} tools`]);
  } catch (e) {
    checks.push(['tool registry', false, (e as Error).message]);
  }
  // The data dir of the stdio configurations printed below (what MCP hosts start); nothing is created.
  const dataDir = resolve(dataDirOption ?? process.env.WERKBANK_DATA_DIR ?? join(homedir(), '.werkbank'));
  checks.push(dataDirCheck(dataDir));
  checks.push(await (await import('./store/commands.js')).storeCheck(dataDir, databaseUrl));
  checks.push(await renderCheck(dataDir));
  checks.push((await import('./billing/stripe.js')).paymentsCheck());
  if (process.env.WERKBANK_ADMIN_TOKEN) {
    const problem = (await import('./server.js')).adminTokenProblem(process.env.WERKBANK_ADMIN_TOKEN);
    checks.push(['admin token', !problem, problem ?? `WERKBANK_ADMIN_TOKEN set (${process.env.WERKBANK_ADMIN_TOKEN.length} characters): the admin API is on`]);
  }
  print(`werkbank ${VERSION} doctor\n`);
  const mark = (ok: boolean | 'note') => (ok === 'note' ? 'note' : ok ? 'ok  ' : 'FAIL');
  for (const [name, ok, detail] of checks) print(`  ${mark(ok)}  ${name}: ${detail.replace(/\n/g, '\n        ')}`);
  // Never a path into npx's cache (temporary): started by npx, the configurations use npx.
  const npx = { command: 'npx', args: ['-y', 'werkbank-mcp'] };
  const local = { command: node, args: [cli] };
  const stdio = kind === 'npx' ? npx : local;
  const claude = kind === 'npx' ? 'claude mcp add werkbank -- npx -y werkbank-mcp' : `claude mcp add werkbank -- ${JSON.stringify(node)} ${JSON.stringify(cli)}`;
  const intro =
    kind === 'npx'
      ? 'MCP host configurations (stdio), with npx (it fetches werkbank-mcp from the npm registry):'
      : kind === 'clone'
        ? `MCP host configurations (stdio) for this build (${cli}; rebuild with npm run build after a pull):`
        : `MCP host configurations (stdio) for this install (${cli}):`;
  const after =
    kind === 'npx'
      ? `If the host does not find "npx" (nvm, PATH), use its absolute path: ${JSON.stringify(join(dirname(node), 'npx'))}.`
      : `With the published package instead (npx fetches it; no clone needed):\n${JSON.stringify({ mcpServers: { werkbank: npx } }, null, 2)}`;
  print(`
${intro}

Claude Desktop (claude_desktop_config.json) and Cursor (~/.cursor/mcp.json):
${JSON.stringify({ mcpServers: { werkbank: stdio } }, null, 2)}

VS Code (.vscode/mcp.json):
${JSON.stringify({ servers: { werkbank: { type: 'stdio', ...stdio } } }, null, 2)}

Claude Code (it searches the tools of MCP servers itself, so it gets every tool):
  ${claude} --toolsets all

These list the default toolsets plus find_tools, which finds any other tool by task (within 8,000 tokens of
the model's context). Hosts that search tool names and descriptions themselves (Claude Code, the Claude
Agent SDK, GitHub Copilot CLI) should list every tool instead: add "--toolsets", "all" to args (or set
WERKBANK_TOOLSETS=all); each tool's description carries its English and Dutch keywords for their search.

${after}

Streamable HTTP (after \`${selfCommand('serve')}\`; needs an API key):
${JSON.stringify({ mcpServers: { werkbank: { url: 'http://127.0.0.1:8787/mcp', headers: { 'X-API-Key': '<your key>' } } } }, null, 2)}
`);
  return checks.every(([, ok]) => ok !== false) ? 0 : 1;
}

/** `werkbank install-browser`: fetch, verify and unpack the render browser into the browser dir; report its size. */
async function installBrowserCommand(values: Record<string, string | boolean | undefined>): Promise<number> {
  const { browserDir, installBrowser, mb } = await import('./render/install.js');
  const dataDir = resolve((values.data as string | undefined) ?? process.env.WERKBANK_DATA_DIR ?? join(homedir(), '.werkbank'));
  const dir = browserDir(dataDir);
  const report = await installBrowser({ dir, from: values.from as string | undefined, progress: (line) => !values.json && print(line) });
  // Does it start here? A missing shared library is named with the command that adds it.
  const { missingLibraries, installLibrariesCommand, systemProbe } = await import('./render/browser.js');
  const missing = await missingLibraries(report.path);
  const startable = missing.length ? `it cannot start here yet: shared libraries missing: ${missing.join(', ')}; fix: ${installLibrariesCommand(missing, systemProbe())}` : null;
  if (values.json) return print(JSON.stringify({ ...report, missingLibraries: missing }, null, 2)), 0;
  print(
    (report.alreadyInstalled ? `Already installed: ${report.path}` : `Installed ${report.path}`) +
      ` (@sparticuz/chromium ${report.version}; ${mb(report.installedBytes)} on disk` +
      (report.downloadBytes ? `, ${mb(report.downloadBytes)} fetched and verified, in ${(report.ms / 1000).toFixed(1)} s` : '') +
      `).\nThe render tools use it when no Chrome, Chromium or Edge is installed and WERKBANK_CHROMIUM_PATH is not set.` +
      (startable ? `\nNote: ${startable}` : ''),
  );
  return 0;
}

/** The data dir as it is: writable, or creatable (its nearest existing parent is writable). Creates nothing. */
function dataDirCheck(dir: string): [string, boolean, string] {
  const name = 'data dir';
  let existing = dir;
  for (;;) {
    try {
      const st = statSync(existing);
      if (!st.isDirectory()) return [name, false, `${dir}: ${existing} is not a directory; set --data or WERKBANK_DATA_DIR to a writable directory`];
      accessSync(existing, constants.W_OK);
      return [name, true, existing === dir ? `${dir} (writable)` : `${dir} (not there yet: created on first use; ${existing} is writable)`];
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && dirname(existing) !== existing) {
        existing = dirname(existing);
        continue;
      }
      return [name, false, `${dir}: ${existing} is not writable (${code ?? (e as Error).message}); set --data or WERKBANK_DATA_DIR to a writable directory`];
    }
  }
}

/**
 * Launch the render browser and print a tiny page to PDF, as a render would (nothing reaches the network).
 * No browser at all is a note, not a failure: renders are optional, and the note gives the command that adds one.
 */
async function renderCheck(dataDir: string): Promise<[string, boolean | 'note', string]> {
  const name = 'render browser';
  const [{ RenderPool }, { findChromium, BrowserUnavailable }] = await Promise.all([import('./render/pool.js'), import('./render/browser.js')]);
  try {
    await findChromium(process.env, { dataDir });
  } catch (e) {
    if (e instanceof BrowserUnavailable && e.cause.startsWith('No browser for renders') && !process.env.WERKBANK_BROWSER_AUTO_INSTALL)
      return [name, 'note', `none yet (the render tools answer 503 until there is one): ${e.cause.replace(/^No browser for renders: /, '')}\nadd one: ${e.fix}`];
  }
  const pool = new RenderPool({
    dataDir,
    proxy: { resolver: async () => [], policy: () => false },
    concurrency: 1,
    queue: 0,
    deadlineMs: 60_000,
    logFailures: false,
  });
  const started = Date.now();
  try {
    const { pdf, version } = await pool.run(async ({ page, context }) => {
      await page.setContent('<!doctype html><meta charset="utf-8"><p>werkbank doctor: één ĳsje, café 😀</p>', { waitUntil: 'load' });
      return { pdf: await page.pdf({ format: 'A4' }), version: context.browser()?.version() ?? '?' };
    });
    const ms = Date.now() - started;
    const choice = pool.browserChoice!;
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') return [name, false, `${choice.path} (${choice.source}) launched but printed no PDF`];
    return [name, true, `launched ${choice.path} (${choice.source}), version ${version}; printed a test page to PDF (${pdf.length} bytes) in ${(ms / 1000).toFixed(1)} s`];
  } catch (e) {
    const text = (e as Error).message.replace(/^Renders are unavailable: /, '');
    const at = text.lastIndexOf('. Fix: ');
    return [name, false, at < 0 ? text : `${text.slice(0, at)}\nfix: ${text.slice(at + 7)}`];
  } finally {
    await pool.close().catch(() => undefined);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`werkbank: ${err instanceof HttpError || (err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? err.message : (err as Error).message}\n`);
    process.exitCode = err instanceof HttpError ? 2 : 1;
  },
);
