import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/sequencer.js';

/**
 * Three projects. Most files spend their time waiting on servers, browsers and child processes, so they run
 * side by side, one per core (more than one per core made browser and CLI tests meet their 30 s limits on a
 * busy machine). The tools' own tests (and the conformance vectors and domain libraries) call declarations and
 * engines directly and change no process state, so they share one module graph per worker ("isolate: false"):
 * importing every tool's module once per worker instead of once per file cuts their CPU time by about
 * two thirds. The files below measure a deadline against the machine (a job's deadline, a cold render's
 * limit, a pool that answers 503 when full), or write into the tools folder (the scaffold test): they run
 * afterwards, one at a time, so no other file competes with them. Longest files start first (test/sequencer.ts).
 */
const ALONE = [
  'test/stream-offload.test.ts',
  'test/tools/format/markdown-to-html.test.ts',
  'test/render-limits.test.ts',
  'test/structure.test.ts',
  'test/postgres-instances.test.ts',
];
const UNITS = ['test/tools/**/*.test.ts', 'test/conformance/**/*.test.ts', 'test/lib/**/*.test.ts'];
const workers = Math.max(2, availableParallelism());

const common = {
  globalSetup: ['./vitest.setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          ...common,
          name: 'side-by-side',
          include: ['test/**/*.test.ts'],
          exclude: [...ALONE, ...UNITS],
          maxWorkers: workers,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...common,
          name: 'units',
          include: UNITS,
          exclude: ALONE,
          isolate: false,
          maxWorkers: workers,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: { ...common, name: 'alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
