/**
 * `werkbank doctor`: checks the environment (Node.js, the tool registry, the data dir, the store, the render
 * browser, payments, the admin token), then prints the MCP host configurations for this install.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { VERSION } from '../core/version.js';
import { print, userDataDir } from './output.js';

type Check = [name: string, ok: boolean | 'note', detail: string];

export async function doctorCommand(dataDirOption: string | undefined, databaseUrl: string | undefined): Promise<number> {
  const checks = await environmentChecks(dataDirOption, databaseUrl);
  print(`werkbank ${VERSION} doctor\n`);
  const mark = (ok: boolean | 'note') => (ok === 'note' ? 'note' : ok ? 'ok  ' : 'FAIL');
  for (const [name, ok, detail] of checks) print(`  ${mark(ok)}  ${name}: ${detail.replace(/\n/g, '\n        ')}`);
  print(await hostConfigurations());
  return checks.every(([, ok]) => ok !== false) ? 0 : 1;
}

async function environmentChecks(dataDirOption: string | undefined, databaseUrl: string | undefined): Promise<Check[]> {
  const node = process.execPath;
  const checks: Check[] = [];
  const major = Number(process.versions.node.split('.')[0]);
  checks.push(['Node.js >= 20', major >= 20, `${process.version} at ${node}`]);
  try {
    const [{ loadRegistry }, { toolCount }] = await Promise.all([import('../catalogue.js'), import('../core/tool-count.js')]);
    checks.push(['tool registry', true, toolCount(await loadRegistry()).text]);
  } catch (e) {
    checks.push(['tool registry', false, (e as Error).message]);
  }
  // The data dir of the stdio configurations printed below (what MCP hosts start); nothing is created.
  const dataDir = userDataDir(dataDirOption);
  checks.push(dataDirCheck(dataDir));
  checks.push(await (await import('../store/commands.js')).storeCheck(dataDir, databaseUrl));
  checks.push(await renderCheck(dataDir));
  checks.push((await import('../billing/stripe.js')).paymentsCheck());
  if (process.env.WERKBANK_ADMIN_TOKEN) {
    const problem = (await import('../server.js')).adminTokenProblem(process.env.WERKBANK_ADMIN_TOKEN);
    checks.push([
      'admin token',
      !problem,
      problem ?? `WERKBANK_ADMIN_TOKEN set (${process.env.WERKBANK_ADMIN_TOKEN.length} characters): the admin API is on`,
    ]);
  }
  return checks;
}

/** The MCP host configurations (stdio and Streamable HTTP) that start this install. */
async function hostConfigurations(): Promise<string> {
  const node = process.execPath;
  const { installKind, cliPath, selfCommand } = await import('../core/command.js');
  const kind = installKind();
  const cli = cliPath();
  // Never a path into npx's cache (temporary): started by npx, the configurations use npx.
  const npx = { command: 'npx', args: ['-y', 'werkbank-mcp'] };
  const local = { command: node, args: [cli] };
  const stdio = kind === 'npx' ? npx : local;
  const claude =
    kind === 'npx'
      ? 'claude mcp add werkbank -- npx -y werkbank-mcp'
      : `claude mcp add werkbank -- ${JSON.stringify(node)} ${JSON.stringify(cli)}`;
  const intro =
    kind === 'npx'
      ? 'MCP host configurations (stdio), with npx (it fetches werkbank-mcp from the npm registry):'
      : kind === 'clone'
        ? `MCP host configurations (stdio) for this build (${cli}; rebuild with npm run build after a pull):`
        : `MCP host configurations (stdio) for this install (${cli}):`;
  const after =
    kind === 'npx'
      ? `If the host does not find "npx" (nvm, PATH), use its absolute path: ${JSON.stringify(join(dirname(node), 'npx'))}.`
      : `After publication, without a clone: the package from the npm registry (until werkbank-mcp is published there, npx answers E404):\n${JSON.stringify({ mcpServers: { werkbank: npx } }, null, 2)}`;
  return `
${intro}

Claude Desktop (claude_desktop_config.json) and Cursor (~/.cursor/mcp.json):
${JSON.stringify({ mcpServers: { werkbank: stdio } }, null, 2)}

VS Code (.vscode/mcp.json):
${JSON.stringify({ servers: { werkbank: { type: 'stdio', ...stdio } } }, null, 2)}

Claude Code (it searches the tools of MCP servers itself, so it gets every tool):
  ${claude} --toolsets all

These list the default toolsets plus find_tools, which finds any other tool by task (the whole listing is
within 9,500 tokens: docs/mcp-hosts.md, Toolsets). Hosts that search tool names and descriptions themselves
(Claude Code, the Claude Agent SDK, GitHub Copilot CLI) should list every tool instead: add "--toolsets", "all"
to args (or set WERKBANK_TOOLSETS=all); each tool's description carries its English and Dutch keywords for
their search.

${after}

Streamable HTTP (after \`${selfCommand('serve')}\`; needs an API key):
${JSON.stringify({ mcpServers: { werkbank: { url: 'http://127.0.0.1:8787/mcp', headers: { 'X-API-Key': '<your key>' } } } }, null, 2)}
`;
}

/** The data dir as it is: writable, or creatable (its nearest existing parent is writable). Creates nothing. */
function dataDirCheck(dir: string): Check {
  const name = 'data dir';
  let existing = dir;
  for (;;) {
    try {
      const st = statSync(existing);
      if (!st.isDirectory())
        return [name, false, `${dir}: ${existing} is not a directory; set --data or WERKBANK_DATA_DIR to a writable directory`];
      accessSync(existing, constants.W_OK);
      return [name, true, existing === dir ? `${dir} (writable)` : `${dir} (not there yet: created on first use; ${existing} is writable)`];
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && dirname(existing) !== existing) {
        existing = dirname(existing);
        continue;
      }
      return [
        name,
        false,
        `${dir}: ${existing} is not writable (${code ?? (e as Error).message}); set --data or WERKBANK_DATA_DIR to a writable directory`,
      ];
    }
  }
}

/**
 * Launch the render browser and print a tiny page to PDF, as a render would (nothing reaches the network).
 * No browser at all is a note, not a failure: renders are optional, and the note gives the command that adds one.
 */
async function renderCheck(dataDir: string): Promise<Check> {
  const name = 'render browser';
  const [{ RenderPool }, { findChromium, BrowserUnavailable }] = await Promise.all([
    import('../render/pool.js'),
    import('../render/browser.js'),
  ]);
  try {
    await findChromium(process.env, { dataDir });
  } catch (e) {
    if (e instanceof BrowserUnavailable && e.cause.startsWith('No browser for renders') && !process.env.WERKBANK_BROWSER_AUTO_INSTALL)
      return [
        name,
        'note',
        `none yet (the render tools answer 503 until there is one): ${e.cause.replace(/^No browser for renders: /, '')}\nadd one: ${e.fix}`,
      ];
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
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
      return [name, false, `${choice.path} (${choice.source}) launched but printed no PDF`];
    return [
      name,
      true,
      `launched ${choice.path} (${choice.source}), version ${version}; printed a test page to PDF (${pdf.length} bytes) in ${(ms / 1000).toFixed(1)} s`,
    ];
  } catch (e) {
    const text = (e as Error).message.replace(/^Renders are unavailable: /, '');
    const at = text.lastIndexOf('. Fix: ');
    return [name, false, at < 0 ? text : `${text.slice(0, at)}\nfix: ${text.slice(at + 7)}`];
  } finally {
    await pool.close().catch(() => undefined);
  }
}
