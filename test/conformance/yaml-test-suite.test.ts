/**
 * yaml-test-suite (data branch, release v2022-01-17) against yaml-to-json.
 *
 * - A case with an `error` file must be refused with a 400 naming a line.
 * - A case with `in.json` must give exactly that value, unless its event
 *   stream (test.event, independent of our parser) shows a feature the tool
 *   refuses on purpose: anchors, aliases, tags, merge keys or several
 *   documents. Those must be refused with a 400 naming a line.
 * - Cases with neither (not representable as JSON) must not crash: a value or a 400.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isDeepStrictEqual } from 'node:util';
import yamlToJson from '../../tools/format/yaml-to-json.js';
import { ToolError } from '../../src/core/tool.js';
import { runTool } from '../helpers/run.js';
import { vectorsDir } from '../helpers/paths.js';

const suite = join(vectorsDir, 'yaml-test-suite');

function caseDirs(): string[] {
  const dirs: string[] = [];
  for (const id of readdirSync(suite).sort()) {
    const dir = join(suite, id);
    if (existsSync(join(dir, 'in.yaml'))) dirs.push(dir);
    else for (const sub of readdirSync(dir).sort()) if (existsSync(join(dir, sub, 'in.yaml'))) dirs.push(join(dir, sub));
  }
  return dirs;
}

/** The unsupported features a case uses, read from its event stream. */
function unsupportedFeatures(events: string): string[] {
  const found = new Set<string>();
  let docs = 0;
  for (const line of events.split('\n')) {
    if (line.startsWith('+DOC')) docs++;
    if (line.startsWith('=ALI')) found.add('alias');
    if (line === '=VAL :<<') found.add('merge key');
    const props = /^(?:\+MAP|\+SEQ|=VAL)(?: \{\}| \[\])?((?: [&<][^ ]*)*)/.exec(line)?.[1] ?? '';
    if (/ &/.test(props)) found.add('anchor');
    if (/ </.test(props)) found.add('tag');
  }
  if (docs > 1) found.add('multi-document');
  return [...found];
}

/** The JSON texts of in.json, one per document. */
function jsonStream(text: string): unknown[] {
  const values: unknown[] = [];
  let rest = text.trim();
  while (rest) {
    // Find the shortest prefix that parses: the stream is pretty-printed texts one after another.
    let end = 1;
    for (; end <= rest.length; end++) {
      try {
        values.push(JSON.parse(rest.slice(0, end)));
        break;
      } catch {
        /* keep extending */
      }
    }
    rest = rest.slice(end).trim();
  }
  return values;
}

async function outcome(yaml: string): Promise<{ value?: unknown; error?: ToolError }> {
  try {
    return { value: (await runTool(yamlToJson, { yaml })).value };
  } catch (e) {
    if (e instanceof ToolError) return { error: e };
    throw e;
  }
}

describe('yaml-test-suite → yaml-to-json', () => {
  it('meets every case, with the refusals classified', async () => {
    expect(existsSync(suite), `missing ${suite}`).toBe(true);
    const counts = { cases: 0, equal: 0, refusedUnsupported: 0, errorRefused: 0, noJson: 0 };
    const failures: string[] = [];
    for (const dir of caseDirs()) {
      counts.cases++;
      const name = dir.slice(suite.length + 1);
      const yaml = readFileSync(join(dir, 'in.yaml'), 'utf8');
      const result = await outcome(yaml);
      const lineNamed = result.error?.status === 400 && /line \d+/.test(result.error.message);
      if (existsSync(join(dir, 'error'))) {
        if (lineNamed) counts.errorRefused++;
        else failures.push(`${name}: error case accepted or refused without a line (${result.error?.message ?? 'accepted'})`);
        continue;
      }
      if (!existsSync(join(dir, 'in.json'))) {
        counts.noJson++;
        if (result.error && result.error.status !== 400) failures.push(`${name}: status ${result.error.status}`);
        continue;
      }
      const features = unsupportedFeatures(readFileSync(join(dir, 'test.event'), 'utf8'));
      if (features.length > 0) {
        if (lineNamed && /not supported/.test(result.error!.message)) counts.refusedUnsupported++;
        else
          failures.push(`${name}: uses ${features.join(', ')} but was ${result.error ? `refused: ${result.error.message}` : 'accepted'}`);
        continue;
      }
      const expected = jsonStream(readFileSync(join(dir, 'in.json'), 'utf8'));
      const want = expected.length === 0 ? null : expected[0];
      if (result.error) failures.push(`${name}: refused: ${result.error.message}`);
      else if (!isDeepStrictEqual(result.value, want))
        failures.push(`${name}: got ${JSON.stringify(result.value)}, want ${JSON.stringify(want)}`);
      else counts.equal++;
    }
    console.log('yaml-test-suite:', JSON.stringify(counts), 'failures:', failures.length);
    expect(failures).toEqual([]);
    expect(counts).toEqual({ cases: 402, equal: 212, refusedUnsupported: 67, errorRefused: 94, noJson: 29 });
  });
});
