/**
 * Leases of a store that one process owns (the embedded store): kept in this process's memory, so a restart
 * (which ends every stream they count) starts afresh. Each operation runs to its end without awaiting, so
 * concurrent takes cannot pass a limit.
 */
import type { Leases } from '../store.js';

export function memoryLeases(): Leases {
  /** Per key, each lease's expiry by its id. */
  const keys = new Map<string, Map<string, string>>();
  const live = (key: string, now: string) => {
    const held = keys.get(key);
    if (held) for (const [id, expiresAt] of held) if (expiresAt <= now) held.delete(id);
    return held;
  };
  return {
    take: async (key, id, limit, now, expiresAt) => {
      const held = live(key, now) ?? new Map<string, string>();
      if (held.size >= limit) return false;
      held.set(id, expiresAt);
      keys.set(key, held);
      return true;
    },
    renew: async (key, id, now, expiresAt) => {
      const held = live(key, now);
      if (!held?.has(id)) return false;
      held.set(id, expiresAt);
      return true;
    },
    give: async (key, id) => {
      const held = keys.get(key);
      held?.delete(id);
      if (held?.size === 0) keys.delete(key);
    },
    count: (key, now) => live(key, now)?.size ?? 0,
    sweep: async (now) => {
      let gone = 0;
      for (const key of keys.keys())
        if (!live(key, now)?.size) {
          keys.delete(key);
          gone++;
        }
      return gone;
    },
  };
}
