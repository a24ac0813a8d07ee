/**
 * Every setting an operator can give werkbank, declared once: its command-line flag, its environment
 * variable, its default and what it does. The command line takes its setting flags from here
 * (src/cli/main.ts), `configFromEnv` (src/server.ts) and the commands read the values through `setting`, so
 * a message can name what the user actually set (`--port` or `WERKBANK_PORT`), and the configuration table
 * of docs/operators.md is generated from this list (src/docs/settings-table.ts, `npm run docs`).
 * test/settings.test.ts holds the table equal to this list and this list complete: every `WERKBANK_*` name the
 * sources read is declared here.
 */

export interface Setting {
  /** What it sets, as the table names it. */
  label: string;
  /** The command-line flag without `--` (a string option unless `boolean`). */
  flag?: string;
  boolean?: boolean;
  /** The environment variable(s); a name ending in `*` stands for a family documented elsewhere. */
  env?: string[];
  /** The default, as the table shows it (Markdown). */
  default: string;
  /** More in the table's last column (Markdown), when the label does not say it all. */
  note?: string;
  /** Read by tests and benchmarks only: declared, not shown in the table. */
  internal?: boolean;
}

export const SETTINGS = {
  port: { label: 'port', flag: 'port', env: ['WERKBANK_PORT'], default: '8787' },
  host: { label: 'bind address', flag: 'host', env: ['WERKBANK_HOST'], default: '127.0.0.1' },
  data: {
    label: 'data dir',
    flag: 'data',
    env: ['WERKBANK_DATA_DIR'],
    default: '`./.werkbank` (`serve`, administration); `~/.werkbank` (stdio, `doctor`, `install-browser`)',
  },
  toolsets: {
    label: 'MCP toolsets',
    flag: 'toolsets',
    env: ['WERKBANK_TOOLSETS'],
    default: 'see [Toolsets](mcp-hosts.md#toolsets)',
  },
  databaseUrl: {
    label: 'PostgreSQL store',
    flag: 'database-url',
    env: ['WERKBANK_DATABASE_URL'],
    default: 'off: the embedded store in the data dir',
    note: 'see [Run with PostgreSQL](#run-with-postgresql)',
  },
  workers: {
    label: 'server processes (`serve`)',
    flag: 'workers',
    env: ['WERKBANK_WORKERS'],
    default: 'all cores with a database URL, else 1',
    note: 'more than 1 needs the PostgreSQL store',
  },
  dbPoolSize: { label: 'PostgreSQL pool size (per pool; 2 pools a process)', env: ['WERKBANK_DB_POOL_SIZE'], default: '10' },
  dbTimeout: {
    label: 'PostgreSQL statement, lock and connection timeout (ms)',
    env: ['WERKBANK_DB_TIMEOUT_MS'],
    default: '4000',
    note: 'past it: 503 with `Retry-After`',
  },
  dev: {
    label: 'local development (`serve`)',
    flag: 'dev',
    boolean: true,
    default: 'off',
    note: 'a "dev" account and its key on first start; sign-up open; pages at `http://localhost:<port>`',
  },
  signup: {
    label: 'sign-up with a passkey',
    flag: 'signup',
    env: ['WERKBANK_SIGNUP'],
    default: 'off (`--dev`: open)',
    note: '`open` or `off`',
  },
  adminToken: {
    label: 'admin API token',
    env: ['WERKBANK_ADMIN_TOKEN'],
    default: 'off',
    note: 'at least 32 characters; turns on `/api/v1/admin`',
  },
  metrics: {
    label: 'Prometheus metrics (`GET /metrics`)',
    env: ['WERKBANK_METRICS'],
    default: 'off',
    note: '`on` or `off`; scraped with `Authorization: Bearer <metrics token>`; see [Metrics](#metrics)',
  },
  metricsToken: {
    label: 'metrics token',
    env: ['WERKBANK_METRICS_TOKEN'],
    default: 'the admin token',
    note: 'at least 32 characters; guards `/metrics` only',
  },
  logFormat: {
    label: 'log format (stderr)',
    env: ['WERKBANK_LOG_FORMAT'],
    default: '`pretty` in a terminal or with `--dev`, else `json`',
    note: '`json`: one object a line; see [Logs](#logs)',
  },
  logLevel: {
    label: 'log level',
    env: ['WERKBANK_LOG_LEVEL'],
    default: '`info`',
    note: '`debug`, `info` (a line per request), `warn`, `error` or `silent`',
  },
  allowedHosts: {
    label: 'extra allowed Host names',
    env: ['WERKBANK_ALLOWED_HOSTS'],
    default: 'localhost names when bound to loopback',
    note: 'comma-separated',
  },
  trustProxy: { label: 'trust `X-Forwarded-For`', env: ['WERKBANK_TRUST_PROXY'], default: 'off', note: '`1`: only behind your own proxy' },
  baseUrl: {
    label: 'public base URL (hosted files, passkeys, OAuth issuer)',
    env: ['WERKBANK_BASE_URL'],
    default: "the server's own address (`http://localhost:<port>` with `--dev`)",
  },
  shutdownGrace: {
    label: 'drain on SIGTERM: longest wait for requests and streams in flight (ms)',
    env: ['WERKBANK_SHUTDOWN_GRACE_MS'],
    default: '10000',
    note: 'see [Restarts](#restarts-and-draining)',
  },
  maxConnections: { label: 'open connections per client address', env: ['WERKBANK_MAX_CONNECTIONS_PER_IP'], default: '256' },
  filesDir: {
    label: 'hosted render files',
    env: ['WERKBANK_FILES_DIR'],
    default: 'in the database with PostgreSQL, else `<data dir>/files`',
    note: 'a directory to keep them in instead (with either store)',
  },
  filesMaxBytes: {
    label: 'bytes all hosted files may take',
    env: ['WERKBANK_FILES_MAX_BYTES'],
    default: '10737418240 (10 GiB)',
    note: 'past it a render is refused (503) until files expire; one file at most 256 MiB',
  },
  chromiumPath: {
    label: 'Chromium executable',
    env: ['WERKBANK_CHROMIUM_PATH'],
    default: "an installed Chrome/Chromium/Edge, else werkbank's own",
  },
  browserDir: {
    label: "werkbank's own browser (`install-browser`)",
    env: ['WERKBANK_BROWSER_DIR'],
    default: '`<data dir>/browser`, and `~/.werkbank/browser`',
  },
  browserAutoInstall: {
    label: 'install the browser on the first render',
    env: ['WERKBANK_BROWSER_AUTO_INSTALL'],
    default: 'off (503 naming `install-browser`)',
    note: '`1`',
  },
  renderPrice: { label: 'render price after the allowance (credits)', env: ['WERKBANK_RENDER_PRICE'], default: '25' },
  renderDeadline: { label: 'render deadline (ms)', env: ['WERKBANK_RENDER_DEADLINE_MS'], default: '20000' },
  renderConcurrency: { label: 'render pages at once (per process)', env: ['WERKBANK_RENDER_CONCURRENCY'], default: 'the number of cores' },
  aiEndpoint: {
    label: 'AI endpoint (the 4 AI tools are hidden without one)',
    env: ['OPENAI_API_KEY', 'OPENAI_BASE_URL'],
    default: 'off',
    note: 'see [Tools](tools.md#ai-tools)',
  },
  aiModel: { label: 'AI model', env: ['WERKBANK_AI_MODEL'], default: '`gpt-4o-mini`' },
  aiTimeout: { label: 'AI call deadline (ms)', env: ['WERKBANK_AI_TIMEOUT_MS'], default: '60000', note: '1000 to 600000' },
  aiJsonMode: {
    label: 'how `ai-extract` asks for JSON',
    env: ['WERKBANK_AI_JSON_MODE'],
    default: '`json_schema`',
    note: '`json_object` for endpoints that take no schema',
  },
  stripe: {
    label: 'payments (Stripe)',
    env: ['WERKBANK_STRIPE_*'],
    default: 'off: the operator adds credits',
    note: 'see [Payments](payments.md)',
  },
  webDev: {
    label: "the web pages' dev mode",
    env: ['WERKBANK_WEB_DEV'],
    default: 'on bound to loopback with a "dev" account',
    note: '`1`/`0`: the pages offer the dev key so Run works without signing in',
  },
  jobTimeScale: {
    label: 'compute job deadlines, times',
    env: ['WERKBANK_JOB_TIME_SCALE'],
    default: '1',
    note: 'a factor from 0.1 to 10 on every deadline of the compute pools (tools and regular expressions); tests run with `0.2` to reach the same refusals sooner, an operator on slow cores may raise it',
  },
  printPort: { label: 'print the port as JSON', env: ['WERKBANK_PRINT_PORT'], default: 'off', internal: true },
  manifest: { label: 'another tool manifest (benchmarks)', env: ['WERKBANK_MANIFEST'], default: '', internal: true },
  compiledWorker: {
    label: 'compute workers from dist/ when running from the sources (set by the test setup)',
    env: ['WERKBANK_TEST_COMPILED_WORKER'],
    default: 'off',
    internal: true,
  },
} satisfies Record<string, Setting>;

export type SettingName = keyof typeof SETTINGS;

/** A setting's value and where it came from: the flag, the environment variable, or neither (undefined). */
export interface SettingValue {
  value: string | undefined;
  /** `--port`, `WERKBANK_PORT`, or the setting's label when neither is set. */
  source: string;
}

/** The value of a string setting: its flag's, else its (first) environment variable's ('' counts as unset). */
export function setting(
  name: SettingName,
  flags: Record<string, string | boolean | undefined> = {},
  env: NodeJS.ProcessEnv = process.env,
): SettingValue {
  const s: Setting = SETTINGS[name];
  const flagged = s.flag ? flags[s.flag] : undefined;
  if (typeof flagged === 'string') return { value: flagged, source: `--${s.flag}` };
  for (const variable of s.env ?? []) {
    const value = env[variable];
    if (value !== undefined && value !== '') return { value, source: variable };
  }
  return { value: undefined, source: s.flag ? `--${s.flag}` : (s.env?.[0] ?? s.label) };
}

/** The command-line options of every setting that has a flag, for node:util parseArgs. */
export function settingFlags(): Record<string, { type: 'string' | 'boolean' }> {
  const entries = Object.values(SETTINGS as Record<string, Setting>).flatMap((s) =>
    s.flag ? [[s.flag, { type: s.boolean ? ('boolean' as const) : ('string' as const) }] as const] : [],
  );
  return Object.fromEntries(entries);
}
