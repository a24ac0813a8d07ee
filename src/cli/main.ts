/**
 * Parses the command line and runs the command it names. Each command imports what it needs when it runs:
 * a stdio start (what MCP hosts run) loads no HTTP code.
 */
import { parseArgs } from 'node:util';
import { HttpError } from '../core/errors.js';
import { VERSION } from '../core/version.js';
import { settingFlags } from '../settings.js';
import { COMMAND_HELP, SUBCOMMANDS, help } from './help.js';
import { print, type CliValues } from './output.js';

/** The settings' flags (src/settings.ts), then the commands' own arguments. */
const OPTIONS = {
  ...settingFlags(),
  plan: { type: 'string' },
  account: { type: 'string' },
  pack: { type: 'string' },
  days: { type: 'string' },
  json: { type: 'boolean' },
  'from-data': { type: 'string' },
  from: { type: 'string' },
  input: { type: 'string' },
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

/** Runs the command of `argv`: its exit code, or -1 for a command that keeps running (stdio, serve). */
export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = await parse(argv);
  if (values.version) return (print(VERSION), 0);
  if (positionals[0] === 'help') {
    const topic = positionals[1];
    if (!topic) return mainHelp();
    if (!COMMAND_HELP[topic]) return unknownCommand(topic);
    return (print(COMMAND_HELP[topic]), 0);
  }
  if (values.help) return positionals[0] && COMMAND_HELP[positionals[0]] ? (print(COMMAND_HELP[positionals[0]]), 0) : mainHelp();
  const [command = 'stdio', sub, arg] = positionals;
  // A command group without a (known) subcommand: its help (on stdout when asked for, with the error otherwise).
  if (SUBCOMMANDS[command] && !SUBCOMMANDS[command].includes(sub ?? '')) {
    if (sub === undefined) return (print(COMMAND_HELP[command]), 0);
    process.stderr.write(
      `Unknown command "${command} ${sub}": the ${command} commands are ${SUBCOMMANDS[command].join(', ')}.\n\n${COMMAND_HELP[command]}`,
    );
    return 2;
  }
  return run(command, sub, arg, values);
}

async function run(command: string, sub: string | undefined, arg: string | undefined, values: CliValues): Promise<number> {
  switch (command) {
    case 'stdio':
      return (await import('./stdio.js')).stdioCommand(values);
    case 'serve':
      return (await import('./serve.js')).serveCommand(values);
    case 'doctor':
      return (await import('./doctor.js')).doctorCommand(values.data as string | undefined, values['database-url'] as string | undefined);
    case 'install-browser':
      return (await import('./install-browser.js')).installBrowserCommand(values);
    case 'migrate':
      return (await import('./migrate.js')).migrateCommand(values);
    case 'run':
      return (await import('./run.js')).runCommand(sub, arg, values);
    case 'accounts':
    case 'keys':
    case 'credits':
    case 'usage':
      return (await import('./admin.js')).adminCommand(command, sub, arg, values);
    default:
      return unknownCommand(command);
  }
}

/** The main help names the toolsets of this build, so it reads the catalogue. */
async function mainHelp(): Promise<number> {
  const registry = await (await import('../catalogue.js')).loadRegistry();
  return (
    print(
      help(
        registry.defaultToolsets.join(','),
        registry
          .visibleToolsets()
          .map((t) => t.name)
          .join(', '),
      ),
    ),
    0
  );
}

/** The command line parsed; an unknown option is refused with the closest known one. */
async function parse(argv: string[]): Promise<{ values: CliValues; positionals: string[] }> {
  try {
    return parseArgs({ args: argv, allowPositionals: true, strict: true, options: OPTIONS });
  } catch (err) {
    const unknown = (err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && /'(-[^']*)'/.exec((err as Error).message)?.[1];
    if (!unknown) throw err;
    const { didYouMean } = await import('../core/validate.js');
    const hint = didYouMean(unknown.replace(/^-+/, '').split('=')[0], Object.keys(OPTIONS));
    throw new HttpError(`Unknown option ${unknown}${hint ? ` (did you mean --${hint}?)` : ''}: werkbank --help lists the options`);
  }
}

function unknownCommand(command: string): number {
  process.stderr.write(
    `Unknown command "${command}": the commands are stdio, serve, run, doctor, install-browser, ${Object.keys(SUBCOMMANDS).join(', ')}, usage, migrate, help ` +
      `(werkbank --help describes them).\n`,
  );
  return 2;
}
