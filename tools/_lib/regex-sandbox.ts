/**
 * Runs caller-supplied regular expressions without risking the server.
 *
 * JavaScript's regex engine backtracks: a pattern like `(a+)+$` against 30 `a`s and a `!` takes minutes, and it
 * would block the event loop (and so every other request) the whole time. So user patterns never run on the main
 * thread. They run in a small pool of worker threads; a job that exceeds its time budget has its worker
 * terminated (V8 interrupts the running regex) and the slot is refilled lazily with a fresh worker. Workers have a
 * memory cap, so a runaway result kills only the worker.
 *
 * Caps (all documented in the tools that use this module):
 * - pattern length: LIMITS.pattern (1,000 characters), checked by the tools' schemas;
 * - time: REGEX_LIMITS.timeMs per job (2 s of execution; time spent waiting for a free worker does not count);
 * - listed matches: REGEX_LIMITS.matches (1,000); `count` still counts every match;
 * - characters of listed matches + groups: REGEX_LIMITS.listedChars (1,000,000);
 * - replacement result: REGEX_LIMITS.resultChars (2,000,000), checked with an exact upper bound before replacing;
 * - waiting jobs: REGEX_LIMITS.queue (64); beyond that a call gets a 503 "busy" error.
 *
 * Syntax errors are found on the main thread (compiling a pattern never runs it, so it cannot hang).
 */
import { Worker } from 'node:worker_threads';
import { ToolError } from '../../src/tool.js';

export const REGEX_LIMITS = {
  timeMs: 2_000,
  matches: 1_000,
  listedChars: 1_000_000,
  resultChars: 2_000_000,
  workers: 2,
  queue: 64,
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

type Reply = { ok: true; value: unknown } | { ok: false; kind: 'too-large' | 'error'; message: string };

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

interface Task {
  job: Job;
  /** Request field holding the pattern, for messages (`pattern`, `find`). */
  field: string;
  signal?: AbortSignal;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

class RegexPool {
  private idle: Worker[] = [];
  private running = 0;
  private queue: Task[] = [];

  run(job: Job, field: string, signal?: AbortSignal): Promise<unknown> {
    if (signal?.aborted) return Promise.reject(new ToolError('The request was cancelled', 408));
    if (this.queue.length >= REGEX_LIMITS.queue) {
      return Promise.reject(new ToolError('Too many regular expressions are running right now; retry in a moment', 503));
    }
    return new Promise((resolve, reject) => {
      const task: Task = { job, field, signal, resolve, reject };
      this.queue.push(task);
      signal?.addEventListener(
        'abort',
        () => {
          const i = this.queue.indexOf(task);
          if (i >= 0) {
            this.queue.splice(i, 1);
            reject(new ToolError('The request was cancelled', 408));
          }
        },
        { once: true },
      );
      this.dispatch();
    });
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: REGEX_LIMITS.workerHeapMb },
    });
    // An idle worker must not keep the process alive (CLI runs, test runners).
    worker.unref();
    return worker;
  }

  private dispatch(): void {
    while (this.queue.length > 0 && this.running < REGEX_LIMITS.workers) {
      const task = this.queue.shift()!;
      if (task.signal?.aborted) continue;
      this.running++;
      this.start(this.idle.pop() ?? this.spawn(), task);
    }
  }

  private start(worker: Worker, task: Task): void {
    let settled = false;
    const finish = (outcome: { value: unknown } | { error: unknown }, workerIsSpent: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      task.signal?.removeEventListener('abort', onAbort);
      if (workerIsSpent) void worker.terminate();
      else this.idle.push(worker);
      this.running--;
      if ('error' in outcome) task.reject(outcome.error);
      else task.resolve(outcome.value);
      this.dispatch();
    };
    const onMessage = (reply: Reply) => {
      if (reply.ok) return finish({ value: reply.value }, false);
      if (reply.kind === 'too-large') {
        return finish(
          { error: new ToolError(`The result would be longer than ${REGEX_LIMITS.resultChars.toLocaleString('en-US')} characters`, 413) },
          false,
        );
      }
      finish({ error: new ToolError(`\`${task.field}\` could not be applied: ${reply.message}`, 400) }, false);
    };
    const onError = (err: Error & { code?: string }) => {
      const message =
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `\`${task.field}\` needed too much memory on this text and was stopped`
          : `\`${task.field}\` could not be run: ${err.message}`;
      finish({ error: new ToolError(message, err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 413 : 400) }, true);
    };
    const onExit = () => finish({ error: new ToolError(`\`${task.field}\` could not be run (the regex worker stopped)`, 500) }, true);
    const onAbort = () => finish({ error: new ToolError('The request was cancelled', 408) }, true);
    const timer = setTimeout(
      () =>
        finish(
          {
            error: new ToolError(
              `\`${task.field}\` took longer than ${REGEX_LIMITS.timeMs / 1000} s on this text and was stopped. ` +
                'This usually means catastrophic backtracking (nested quantifiers such as (a+)+ or (a|a)*); ' +
                'make the pattern more specific or the text shorter',
              400,
            ),
          },
          true,
        ),
      REGEX_LIMITS.timeMs,
    );
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    task.signal?.addEventListener('abort', onAbort, { once: true });
    worker.postMessage(task.job);
  }
}

const pool = new RegexPool();

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
  return (await pool.run(job, opts.field, opts.signal)) as MatchAllResult;
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
  return (await pool.run(job, opts.field, opts.signal)) as ReplaceResult;
}
