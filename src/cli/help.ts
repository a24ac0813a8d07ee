/** The help texts: the main one (`werkbank --help`) and each command's (`werkbank <command> --help`). */
import { VERSION } from '../core/version.js';
import { SETTINGS, type Setting } from '../settings.js';

export const help = (
  defaults: string,
  toolsets: string,
) => `werkbank ${VERSION}: deterministic utility tools for AI agents (MCP) and REST callers

Usage:
  werkbank [stdio] [--toolsets LIST] [--data DIR]
                                         MCP server over stdio (default; agent memory in ~/.werkbank)
  werkbank serve [--port 8787] [--host 127.0.0.1] [--data DIR] [--toolsets LIST] [--dev] [--signup open|off]
                                         HTTP server: POST /api/v1/tools/<slug>, GET /openapi.json, /mcp
  werkbank run TOOL [JSON] [--input FILE|-] [--out FILE]
                                         run one tool here (no server, no key): its result as JSON
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
  --workers N       (serve) processes sharing the port (or WERKBANK_WORKERS; default: all cores with a database
                    URL, else 1)
  --json            (administration, install-browser) machine-readable output
  -h, --help        this help (after a command: the command's)
  -v, --version     the version

Environment (a flag wins over its variable; each with its default and meaning in docs/operators.md,
Configuration):
${environmentNames()}
`;

/** Every setting's environment variable, wrapped (src/settings.ts). */
function environmentNames(): string {
  const names = Object.values(SETTINGS as Record<string, Setting>).flatMap((s) => (s.internal ? [] : (s.env ?? [])));
  const lines = [''];
  for (const name of names) {
    const last = lines.length - 1;
    if (lines[last] && lines[last].length + name.length > 110) lines.push('');
    lines[lines.length - 1] += `${lines[lines.length - 1] ? ', ' : '  '}${name}`;
  }
  return lines.join(',\n');
}

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
  run: `Usage: werkbank run TOOL [JSON] [--input FILE|-] [--out FILE]

Runs one tool on this machine, with no server and no key, as a REST call would: the input (the JSON argument, the
file of --input, stdin with \`--input -\`, else {}) is read and validated like a REST body, and the result is the
REST answer's data, printed as JSON or written to --out. Bad input prints REST's error message and exits 1.
A tool that reports its progress (the generators) draws a progress bar on stderr when stderr is a terminal.
  werkbank run word-counter '{"text":"Hallo wereld"}'
  echo '{"json":"[1,2]"}' | werkbank run json-formatter --input -
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
export const SUBCOMMANDS: Record<string, string[]> = { accounts: ['create', 'list'], keys: ['create', 'list', 'revoke'], credits: ['add'] };
