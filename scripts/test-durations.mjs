#!/usr/bin/env node
/**
 * Writes test/durations.json (the order test/sequencer.ts starts files in) from the durations vitest cached
 * in its last whole run (node_modules/.vite/vitest/<hash>/results.json). Run it after `npm test` on a quiet
 * machine when files were added or became much slower; files under 4 s are left out (they fill the gaps).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const cache = 'node_modules/.vite/vitest';
const results = readdirSync(cache).flatMap((dir) => {
  try {
    return JSON.parse(readFileSync(join(cache, dir, 'results.json'), 'utf8')).results;
  } catch {
    return [];
  }
});
const seconds = {};
for (const [key, { duration, failed }] of results) {
  const file = key.slice(key.indexOf(':') + 1);
  if (!failed && duration >= 4000) seconds[file] = Math.max(seconds[file] ?? 0, Math.round(duration / 1000));
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));
writeFileSync('test/durations.json', JSON.stringify(sorted, null, 2) + '\n');
console.log(`test/durations.json: ${Object.keys(sorted).length} files of 4 s or more`);
