import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/sequencer.js';

/**
 * Four projects. Most files spend their time waiting on servers, browsers and child processes, so they run
 * side by side, one per core (more than one per core made browser and CLI tests meet their 30 s limits on a
 * busy machine). Files share one module graph per worker ("isolate: false") unless they change process state
 * that later files would see: importing the platform and every tool's module once per worker instead of once
 * per file cuts the CPU time of the files that share by about two fifths. ISOLATED files change that state
 * (environment variables that modules read once, such as the job time scale; the process-wide metrics
 * registry; the log level; mocks): each runs in a process of its own. ALONE files measure a deadline against
 * the machine (a job's deadline, a cold render's limit, a pool that answers 503 when full), or write into the
 * tools folder (the scaffold test): they run afterwards, one at a time, so no other file competes with them.
 * Longest files start first (test/sequencer.ts).
 */
const ALONE = [
  'test/stream-offload.test.ts',
  'test/tools/format/markdown-to-html.test.ts',
  'test/render-limits.test.ts',
  'test/structure.test.ts',
  'test/postgres-instances.test.ts',
];
const ISOLATED = [
  'test/stall.test.ts',
  'test/hostile-families.test.ts',
  'test/settings.test.ts',
  'test/metrics.test.ts',
  'test/operator-docs.test.ts',
  'test/request-log.test.ts',
  'test/render-ssrf.test.ts',
  'test/render-unavailable.test.ts',
  'test/postgres-faults.test.ts',
  'test/postgres-files.test.ts',
  'test/billing-orders.test.ts',
  'test/discovery/discovery.test.ts',
  'test/compute/job-clock.test.ts',
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
          exclude: [...ALONE, ...ISOLATED, ...UNITS],
          isolate: false,
          maxWorkers: workers,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: { ...common, name: 'isolated', include: ISOLATED, maxWorkers: workers, sequence: { groupOrder: 0 } },
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
