import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two groups. Most files spend their time waiting on servers, browsers and child processes, so they run
 * side by side, one per core (vitest's default would be one file at a time on two cores; more than one per
 * core made browser and CLI tests meet their 30 s limits on a busy machine). The files below measure time or
 * a deadline against the machine (a p99 under hostile load, a job's deadline, a cold render's limit, a pool
 * that answers 503 when full), or write into the tools folder (the scaffold test): they run afterwards, one at
 * a time, so no other file competes with them.
 */
const ALONE = [
  'test/stall.test.ts',
  'test/stream-offload.test.ts',
  'test/tools/format/markdown-to-html.test.ts',
  'test/render-limits.test.ts',
  'test/structure.test.ts',
  'test/postgres-instances.test.ts',
];

const common = {
  globalSetup: ['./vitest.setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...common,
          name: 'side-by-side',
          include: ['test/**/*.test.ts'],
          exclude: ALONE,
          maxWorkers: Math.max(2, availableParallelism()),
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: { ...common, name: 'alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
