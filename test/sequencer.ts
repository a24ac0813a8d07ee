import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order test files start in: longest first, by the durations measured in a whole run (test/durations.json,
 * seconds; `node scripts/test-durations.mjs` writes it from vitest's cache after a run). Vitest's own order
 * needs that cache, which a fresh clone (CI) lacks: it then starts the largest files first, and a short file
 * with a long run (every tool page in a browser) can start last and run alone at the end while the other
 * workers idle. Files not listed are short: they fill the gaps at the end, largest first.
 */
const durations = JSON.parse(readFileSync(new URL('./durations.json', import.meta.url), 'utf8')) as Record<string, number>;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const weight = (spec: TestSpecification) => durations[relative(root, spec.moduleId)] ?? 0;
    const byVitest = await super.sort(files);
    const rank = new Map(byVitest.map((spec, i) => [spec, i]));
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    return [...byVitest].sort((a, b) => group(a) - group(b) || weight(b) - weight(a) || rank.get(a)! - rank.get(b)!);
  }
}
