/**
 * Runs caller-supplied regular expressions without risking the server.
 *
 * JavaScript's regex engine backtracks: a pattern like `(a+)+$` against 30 `a`s and a `!` takes minutes, and it
 * would block the event loop (and so every other request) the whole time. So user patterns never run on the main
 * thread. They run in a pool of two worker threads (./worker-pool.ts); a job over its time budget has its worker
 * terminated (V8 interrupts the running regex) and replaced. Workers have a memory cap, so a runaway result kills
 * only the worker.
 *
 * Caps (all documented in the tools that use this module):
 * - pattern length: LIMITS.pattern (1,000 characters) and text length: LIMITS.text (1,000,000), checked by the
 *   tools' schemas;
 * - time: REGEX_LIMITS.timeMs per job (2 s of execution; time spent waiting for a free worker does not count);
 * - listed matches: REGEX_LIMITS.matches (1,000); `count` still counts every match;
 * - characters of listed matches + groups: REGEX_LIMITS.listedChars (1,000,000);
 * - replacement result: REGEX_LIMITS.resultChars (2,000,000), checked with an exact upper bound before replacing;
 * - waiting jobs: REGEX_LIMITS.queue (4), none longer than REGEX_LIMITS.maxWaitMs (2 s); beyond either a call gets a
 *   503 "busy" error with Retry-After, so a burst of hostile patterns cannot queue every other caller behind it.
 *
 * Syntax errors are found on the main thread (compiling a pattern never runs it, so it cannot hang) and are the
 * caller's input (`ToolError`); what the sandbox stops (time, memory, size, a full queue) is the platform's
 * (`HttpError`).
 */
import { HttpError } from '../core/errors.js';
import { ToolError } from '../core/tool.js';
import { WorkerPool, WorkerPoolError } from './worker-pool.js';
import { jobTimeMs } from './limits.js';

export const REGEX_LIMITS = {
  timeMs: 2_000,
  matches: 1_000,
  listedChars: 1_000_000,
  resultChars: 2_000_000,
  workers: 2,
  queue: 4,
  maxWaitMs: 2_000,
  workerHeapMb: 256,
} as const;

/** JavaScript flags a caller may give (d hasIndices, g global, i ignoreCase, m multiline, s dotAll, u unicode, v unicodeSets, y sticky). */
export const REGEX_FLAGS = 'dgimsuvy';

export interface RegexMatch {
  match: string;
  index: number;
  /** Numbered groups; a group that did not take part in the match is `null` here. */
  groups: (string | null)[];
  /** Named groups, when the pattern has any. */
  namedGroups?: Record<string, string | null>;
}

export interface MatchAllResult {
  matches: RegexMatch[];
  count: number;
  truncated: boolean;
}

export interface ReplaceResult {
  result: string;
  count: number;
}

type Job =
  | { op: 'matchAll'; pattern: string; flags: string; text: string; maxMatches: number; maxChars: number }
  | { op: 'replace'; pattern: string; flags: string; text: string; replacement: string; maxChars: number };

/**
 * The worker's program, as plain JavaScript so it runs the same from the TypeScript sources (tests) and from the
 * compiled package. It answers one job per message.
 */
const WORKER_SOURCE = String.raw`
const { parentPort } = require('node:worker_threads');

function matchAll({ pattern, flags, text, maxMatches, maxChars }) {
  const re = new RegExp(pattern, flags);
  const matches = [];
  let count = 0;
  let listedChars = 0;
  let truncated = false;
  for (const m of text.matchAll(re)) {
    count++;
    if (truncated) continue;
    const groups = m.slice(1).map((g) => (g === undefined ? null : g));
    const size = m[0].length + groups.reduce((n, g) => n + (g === null ? 0 : g.length), 0);
    if (matches.length >= maxMatches || listedChars + size > maxChars) {
      truncated = true;
      continue;
    }
    listedChars += size;
    const match = { match: m[0], index: m.index, groups };
    if (m.groups) {
      match.namedGroups = {};
      for (const [name, value] of Object.entries(m.groups)) match.namedGroups[name] = value === undefined ? null : value;
    }
    matches.push(match);
  }
  return { matches, count, truncated };
}

// An exact upper bound of the replaced text's length: every "$" reference in the template expands to at most the
// longest capture of its match ($&, $1, $<name>) or to at most the whole text ($\` and $').
function replace({ pattern, flags, text, replacement, maxChars }) {
  const re = new RegExp(pattern, flags);
  const refs = replacement.match(/\$(?:[&\d]|<[^>]*>)/g) || [];
  const outsideRefs = (replacement.match(/\$[\u0060']/g) || []).length;
  let count = 0;
  let bound = text.length;
  for (const m of text.matchAll(re)) {
    count++;
    let longest = 0;
    for (const g of m) if (g !== undefined && g.length > longest) longest = g.length;
    bound += replacement.length + refs.length * longest + outsideRefs * text.length - m[0].length;
    if (bound > maxChars) return { tooLarge: true };
  }
  return { result: count === 0 ? text : text.replace(re, replacement), count };
}

parentPort.on('message', (job) => {
  try {
    const value = job.op === 'matchAll' ? matchAll(job) : replace(job);
    if (value.tooLarge) parentPort.postMessage({ ok: false, kind: 'too-large', message: '' });
    else parentPort.postMessage({ ok: true, value });
  } catch (err) {
    const tooLarge = err instanceof RangeError && /string length/i.test(err.message);
    parentPort.postMessage({ ok: false, kind: tooLarge ? 'too-large' : 'error', message: String(err && err.message) });
  }
});
`;

const pool = new WorkerPool({
  source: WORKER_SOURCE,
  size: REGEX_LIMITS.workers,
  queue: REGEX_LIMITS.queue,
  timeMs: REGEX_LIMITS.timeMs,
  heapMb: REGEX_LIMITS.workerHeapMb,
  maxWaitMs: REGEX_LIMITS.maxWaitMs,
});

/** Runs a job in the pool; failures become the HttpError a caller of `field` should see. */
async function runJob<T>(job: Job, field: string, signal?: AbortSignal): Promise<T> {
  try {
    return await pool.run<T>(job, { signal, timeMs: jobTimeMs(REGEX_LIMITS.timeMs) });
  } catch (err) {
    if (!(err instanceof WorkerPoolError)) throw err;
    switch (err.kind) {
      case 'timeout':
        throw new HttpError(
          `\`${field}\` took longer than ${jobTimeMs(REGEX_LIMITS.timeMs) / 1000} s on this text and was stopped. ` +
            'This usually means catastrophic backtracking (nested quantifiers such as (a+)+ or (a|a)*); ' +
            'make the pattern more specific or the text shorter',
          400,
          { field },
        );
      case 'too-large':
        throw new HttpError(`The result would be longer than ${REGEX_LIMITS.resultChars.toLocaleString('en-US')} characters`, 413);
      case 'out-of-memory':
        throw new HttpError(`\`${field}\` needed too much memory on this text and was stopped`, 413, { field });
      case 'busy':
        throw new HttpError('Too many regular expressions are running right now; retry in a moment', 503, {
          retryAfter: err.detail.retryAfter ?? 2,
        });
      case 'cancelled':
        throw new HttpError('The request was cancelled', 408);
      default:
        throw new HttpError(`\`${field}\` could not be applied: ${err.message}`, 400, { field });
    }
  }
}

/**
 * Compiles `pattern` with `flags` on the main thread to report syntax errors as a 400 naming `field`.
 * Returns the compiled expression (never executed here).
 */
export function compileRegex(pattern: string, flags: string, field: string): RegExp {
  try {
    return new RegExp(pattern, flags);
  } catch (err) {
    const reason = String((err as Error).message).replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '');
    throw new ToolError(`\`${field}\` is not a valid regular expression: ${reason}`, 400, { field });
  }
}

export interface SandboxOptions {
  /** The request field holding the pattern (named in error messages). */
  field: string;
  signal?: AbortSignal;
}

/** Every match of `pattern` (flags must include `g`) in `text`, listed up to the caps and counted in full. */
export async function sandboxMatchAll(pattern: string, flags: string, text: string, opts: SandboxOptions): Promise<MatchAllResult> {
  compileRegex(pattern, flags, opts.field);
  const job: Job = { op: 'matchAll', pattern, flags, text, maxMatches: REGEX_LIMITS.matches, maxChars: REGEX_LIMITS.listedChars };
  return runJob<MatchAllResult>(job, opts.field, opts.signal);
}

/** `text.replace(new RegExp(pattern, flags), replacement)` with JavaScript's `$` templates, plus the number of replacements. */
export async function sandboxReplace(
  pattern: string,
  flags: string,
  text: string,
  replacement: string,
  opts: SandboxOptions,
): Promise<ReplaceResult> {
  compileRegex(pattern, flags, opts.field);
  const job: Job = { op: 'replace', pattern, flags, text, replacement, maxChars: REGEX_LIMITS.resultChars };
  return runJob<ReplaceResult>(job, opts.field, opts.signal);
}
