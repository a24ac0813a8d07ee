/**
 * The limits of the compute pool's workers and of the streams they send back. The limits of the queue in front of
 * them are with every other request limit, in src/core/limits.ts (`workerQueue`, `workerWaitMs`, `stream*Ms`).
 */
import { availableParallelism } from 'node:os';
import { LIMITS } from '../core/limits.js';
import { setting } from '../settings.js';

export const COMPUTE_LIMITS = {
  /** Workers at once: the cores less one for the event loop, at least 1, at most 4. */
  workers: Math.min(4, Math.max(1, availableParallelism() - 1)),
  /**
   * Jobs one caller (an account, or an address without one) may have waiting in a pool beyond one per worker: its
   * share is the pool's workers plus these, running and waiting, while others use the pool; one more is a 429 for
   * that caller alone.
   */
  ownerWaiting: 2,
  /** Heap cap of one worker, MB (1 MB documents can need a few hundred MB in a parser). */
  heapMb: 512,
  /** Heap cap of the long-job worker, MB. */
  longHeapMb: 1024,
  /** Longest a long job may wait for the long-job worker, ms. */
  longWaitMs: 30_000,
  /** Default deadline of one job, ms (a tool's declaration may give its own). */
  timeMs: 5_000,
} as const;

/** The limits of a streamed job besides the tool's deadline (./job-clock.ts). */
export interface StreamLimits {
  /** The reader takes nothing for this long while the worker waits for it: the stream ends, ms. */
  idleMs: number;
  /** The stream takes longer than this from start to end, reading included: it ends, ms. */
  wallMs: number;
  /** Tests only: this deadline instead of the tool's declared one, ms. */
  timeMs?: number;
}

export const STREAM_LIMITS: StreamLimits = { idleMs: LIMITS.streamIdleMs, wallMs: LIMITS.streamWallMs };

const SCALE_RANGE = [0.1, 10] as const;
let scale: number | undefined;

/**
 * The factor on every deadline of the compute pools (`WERKBANK_JOB_TIME_SCALE`, 1 when unset), read once; an
 * invalid value throws, naming the variable and the range, so a server refuses to start with it.
 */
export function jobTimeScale(): number {
  if (scale !== undefined) return scale;
  const { value, source } = setting('jobTimeScale');
  const factor = value === undefined ? 1 : Number(value.trim());
  const [min, max] = SCALE_RANGE;
  if (!Number.isFinite(factor) || factor < min || factor > max)
    throw new Error(`${source} must be a number from ${min} to ${max}, got "${value}"`);
  return (scale = factor);
}

/** A declared deadline as this process runs it: times the job time scale, ms. */
export function jobTimeMs(declaredMs: number): number {
  return Math.max(1, Math.round(declaredMs * jobTimeScale()));
}
