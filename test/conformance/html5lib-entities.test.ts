/**
 * html5lib tokenizer entity tests against html-entity-encoder decode.
 *
 * The decoder works on text content, so a case applies when its output is
 * character tokens only (the attribute-value cases of entities.test produce
 * StartTag tokens and are counted as not applicable). Expected text = the
 * concatenated Character tokens.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import htmlEntity from '../../tools/format/html-entity-encoder.js';
import { runTool } from '../helpers/run.js';
import { vectorsDir } from '../helpers/paths.js';

const dir = join(vectorsDir, 'html5lib-entities');

interface Case {
  input: string;
  output: Array<[string, ...unknown[]]>;
  description: string;
  doubleEscaped?: boolean;
}

const unescape = (s: string) => s.replace(/\\u([0-9a-fA-F]{4})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));

async function runFile(name: string) {
  const file = join(dir, name);
  expect(existsSync(file), `missing ${file}`).toBe(true);
  const cases = (JSON.parse(readFileSync(file, 'utf8')) as { tests: Case[] }).tests;
  const counts = { cases: cases.length, applicable: 0, passed: 0 };
  const failures: string[] = [];
  for (const c of cases) {
    if (!c.output.every((t) => t[0] === 'Character')) continue;
    counts.applicable++;
    const input = c.doubleEscaped ? unescape(c.input) : c.input;
    const want = c.output.map((t) => (c.doubleEscaped ? unescape(String(t[1])) : String(t[1]))).join('');
    const got = (await runTool(htmlEntity, { text: input, mode: 'decode' })).output;
    if (got === want) counts.passed++;
    else failures.push(`${c.description}: ${JSON.stringify(input)} → ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  }
  console.log(`html5lib ${name}:`, JSON.stringify(counts));
  return { counts, failures };
}

describe('html5lib entities → html-entity-encoder decode', () => {
  it('namedEntities.test: every named reference, with and without ";"', async () => {
    const { counts, failures } = await runFile('namedEntities.test');
    expect(failures).toEqual([]);
    expect(counts).toEqual({ cases: 4210, applicable: 4210, passed: 4210 });
  });

  it('numericEntities.test: numeric references incl. C1 remapping and out-of-range', async () => {
    const { counts, failures } = await runFile('numericEntities.test');
    expect(failures).toEqual([]);
    expect(counts).toEqual({ cases: 336, applicable: 336, passed: 336 });
  });

  it('entities.test: the text-content cases', async () => {
    const { counts, failures } = await runFile('entities.test');
    expect(failures).toEqual([]);
    expect(counts).toEqual({ cases: 80, applicable: 71, passed: 71 });
  });
});
