/**
 * change-case v5 vectors (blakeembrey/change-case index.spec.ts) against
 * text-case-converter's identifier modes. Our tool has no options, so cases
 * that set one (delimiter, separateNumbers, prefix/suffix characters) are not
 * applicable; styles we do not offer (capital, no, pascalSnake) and
 * change-case's identifier-style sentenceCase (our `sentence` mode is prose
 * sentence case that keeps punctuation) are not compared.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import tool from '../../tools/text/text-case-converter.js';
import { vectorsDir } from '../helpers/paths.js';
import { runTool } from '../helpers/run.js';

interface Case {
  input: string;
  expected: Record<string, string>;
  options: Record<string, unknown>;
}

const STYLES: Record<string, string> = {
  camelCase: 'camel',
  pascalCase: 'pascal',
  snakeCase: 'snake',
  kebabCase: 'kebab',
  constantCase: 'constant',
  dotCase: 'dot',
  pathCase: 'path',
  trainCase: 'train',
};

describe('change-case v5 conformance (text-case-converter)', () => {
  const file = join(vectorsDir, 'change-case/change-case_v5_cases.json');
  const { cases } = JSON.parse(readFileSync(file, 'utf8')) as { cases: Case[] };

  it('matches every applicable case', async () => {
    let passed = 0;
    let notApplicable = 0;
    const failures: string[] = [];
    for (const c of cases) {
      if (Object.keys(c.options).length > 0) {
        notApplicable += Object.keys(STYLES).length;
        continue;
      }
      for (const [style, mode] of Object.entries(STYLES)) {
        const { result } = await runTool(tool, { text: c.input, mode });
        if (result === c.expected[style]) passed++;
        else
          failures.push(`${mode}(${JSON.stringify(c.input)}) = ${JSON.stringify(result)}, expected ${JSON.stringify(c.expected[style])}`);
      }
    }
    console.log(`change-case: ${passed} passed, ${failures.length} failed, ${notApplicable} not applicable (option cases)`);
    expect(failures).toEqual([]);
    expect(passed).toBe(9 * 8); // 9 inputs without options × 8 styles
    expect(notApplicable).toBe(10 * 8); // 10 inputs with options
  });
});
