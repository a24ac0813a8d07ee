/**
 * Window counters of a store that one process owns (the embedded store): kept in this process's memory,
 * not journaled, so a restart starts every window afresh. Each operation runs to its end without awaiting,
 * so concurrent takes cannot pass a limit. At most `maxKeys` counters are kept (past it the oldest goes), so
 * callers with many addresses cost bounded memory; `sweep` drops the expired ones.
 */
import type { WindowCounters } from '../store.js';

export function memoryCounters(maxKeys = 200_000): WindowCounters {
  const windows = new Map<string, { count: number; expiresAt: string }>();
  return {
    take: async (key, limit, now, expiresAt, amount = 1) => {
      let w = windows.get(key);
      if (amount > limit) return { count: null, expiresAt: w && w.expiresAt > now ? w.expiresAt : expiresAt };
      if (!w || w.expiresAt <= now) {
        windows.delete(key);
        // Full: the oldest counter goes (the first inserted, which started its window first).
        if (windows.size >= maxKeys) windows.delete(windows.keys().next().value!);
        windows.set(key, (w = { count: 0, expiresAt }));
      }
      if (w.count + amount > limit) return { count: null, expiresAt: w.expiresAt };
      return { count: (w.count += amount), expiresAt: w.expiresAt };
    },
    give: async (key, expiresAt, amount = 1) => {
      const w = windows.get(key);
      if (w && w.expiresAt === expiresAt) w.count = Math.max(0, w.count - amount);
    },
    current: (key, now) => {
      const w = windows.get(key);
      return w && w.expiresAt > now ? { ...w } : undefined;
    },
    sweep: async (now) => {
      let gone = 0;
      for (const [key, w] of windows)
        if (w.expiresAt <= now) {
          windows.delete(key);
          gone++;
        }
      return gone;
    },
  };
}
