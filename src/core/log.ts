/**
 * The log: pino lines on stderr only (in stdio mode stdout is the JSON-RPC channel). One JSON object a line for
 * log collectors, or, in a terminal, under `--dev` or with WERKBANK_LOG_FORMAT=pretty, one readable line
 * starting `werkbank: ` as the CLI's errors do. Never log API keys, tokens, cookies or request bodies.
 */
import { pino, type Logger } from 'pino';

export type LogFormat = 'json' | 'pretty';
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;

/** Until `configureLog` runs (`serve` calls it; stdio and the other commands keep this): the variable, else by terminal. */
let format: LogFormat = ['json', 'pretty'].includes(process.env.WERKBANK_LOG_FORMAT ?? '')
  ? (process.env.WERKBANK_LOG_FORMAT as LogFormat)
  : process.stderr.isTTY
    ? 'pretty'
    : 'json';

/**
 * Written through process.stderr.write (not a file descriptor of its own), so the lines keep their order with the
 * CLI's. Info lines (one per request) are gathered and written once per turn of the event loop: a write is a
 * system call, and under load one turn answers many requests. Warnings and errors, and every line at exit, are
 * written at once.
 */
let pending = '';
let scheduled = false;
const flush = (): void => {
  scheduled = false;
  if (!pending) return;
  const text = pending;
  pending = '';
  process.stderr.write(text);
};
process.on('exit', flush);
const sink = {
  write(line: string): void {
    const text = format === 'json' ? line : prettyLine(line);
    if (!line.startsWith('{"level":"info"') || pending.length > 65_536) {
      pending += text;
      return flush();
    }
    pending += text;
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush).unref();
    }
  },
};

/** The process's logger: `logger.info({ fields }, 'message')`; fields never hold secrets or bodies. */
export const logger: Logger = pino(
  {
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  },
  sink,
);

/**
 * The format from WERKBANK_LOG_FORMAT (`json` or `pretty`), else pretty in a terminal or under `--dev`, else JSON;
 * the lowest level written from WERKBANK_LOG_LEVEL (default info). Throws a message naming the variable for any
 * other value.
 */
export function configureLog(options: { dev?: boolean; env?: string; level?: string }): void {
  const raw = options.env?.trim();
  if (raw && raw !== 'json' && raw !== 'pretty') throw new Error(`WERKBANK_LOG_FORMAT must be "json" or "pretty", got "${raw}"`);
  format = raw ? (raw as LogFormat) : options.dev || process.stderr.isTTY ? 'pretty' : 'json';
  const level = options.level?.trim() || 'info';
  if (!(LEVELS as readonly string[]).includes(level))
    throw new Error(`WERKBANK_LOG_LEVEL must be one of ${LEVELS.join(', ')}, got "${level}"`);
  logger.level = level;
}

export function logFormat(): LogFormat {
  return format;
}

/** A free-text line at `level` (default info). */
export function log(message: string, level: LogLevel = 'info'): void {
  logger[level](message);
}

const SHOWN_FIRST = new Set(['time', 'level', 'msg']);
const REQUEST_FIRST = new Set(['method', 'route', 'status', 'duration_ms']);

/** One JSON line as `werkbank: 06:40:01 WARN message key=value …` (the level is left out for info). */
export function prettyLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = typeof entry.time === 'string' ? entry.time.slice(11, 19) : '';
  const level = entry.level === 'info' ? '' : `${String(entry.level).toUpperCase()} `;
  // A request line leads with what a person scans for: `POST /api/v1/tools/:slug 200 3.1 ms`.
  const request = entry.msg === 'request';
  const fields = Object.entries(entry)
    .filter(([key, value]) => !SHOWN_FIRST.has(key) && !(request && REQUEST_FIRST.has(key)) && value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const message = request
    ? `${String(entry.method)} ${String(entry.route)} ${String(entry.status)} ${String(entry.duration_ms)} ms`
    : typeof entry.msg === 'string'
      ? entry.msg
      : '';
  return `werkbank: ${time} ${level}${[message, ...fields].filter(Boolean).join(' ')}\n`;
}
