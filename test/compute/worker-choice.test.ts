/**
 * Where a tool's work runs is declared, with its reason, by every tool whose input can be big: `worker` (the
 * compute pool) or `mainThread` (src/core/tool.ts). "Big" is read from the input JSON Schema each surface lists:
 * a string that may hold more than 10,000 characters, or a string or array without a bound.
 */
import { describe, expect, it } from 'vitest';
import { allToolsets, loadAllTools } from '../../tools/index.js';
import { Registry, type JsonSchema } from '../../src/core/registry.js';
import type { Tool } from '../../src/core/tool.js';

const MAX_SMALL_STRING = 10_000;

/** The paths of `schema` that take a big value: a string over MAX_SMALL_STRING characters or unbounded, an unbounded array. */
function bigFields(schema: unknown, path = ''): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as Record<string, unknown>;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  const found: string[] = [];
  const fixed = s.enum !== undefined || s.const !== undefined;
  if (types.includes('string') && !fixed && !((s.maxLength as number) <= MAX_SMALL_STRING))
    found.push(`${path || '(input)'}: string of ${(s.maxLength as number | undefined) ?? 'any'} characters`);
  if (types.includes('array') && s.maxItems === undefined) found.push(`${path || '(input)'}: array of any length`);
  for (const [key, sub] of Object.entries((s.properties as Record<string, unknown>) ?? {})) found.push(...bigFields(sub, `${path}.${key}`));
  if (s.items) found.push(...bigFields(s.items, `${path}[]`));
  if (s.additionalProperties && typeof s.additionalProperties === 'object') found.push(...bigFields(s.additionalProperties, `${path}{}`));
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'])
    for (const sub of (s[key] as unknown[] | undefined) ?? []) found.push(...bigFields(sub, path));
  return found;
}

const tools: Tool[] = await loadAllTools();
const registry = Registry.of(tools, allToolsets);
const schemaOf = (slug: string): JsonSchema => registry.tools.find((e) => e.tool.slug === slug)!.inputSchema;

describe('where a tool runs', () => {
  it('finds the big fields of a schema', () => {
    expect(
      bigFields({ type: 'object', properties: { a: { type: 'string', maxLength: 10_000 }, b: { type: 'string', enum: ['x'] } } }),
    ).toEqual([]);
    expect(
      bigFields({
        type: 'object',
        properties: { a: { type: 'string', maxLength: 10_001 }, b: { type: 'array', items: { type: 'string', maxLength: 5 } } },
      }),
    ).toEqual(['.a: string of 10001 characters', '.b: array of any length']);
    expect(bigFields({ type: 'object', properties: { c: { anyOf: [{ type: 'number' }, { type: 'string' }] } } })).toEqual([
      '.c: string of any characters',
    ]);
  });

  it('is declared, with its reason, by every tool whose input takes a big string or an unbounded string or array', () => {
    const undeclared = tools
      .filter((tool) => !tool.worker && !tool.mainThread)
      .map((tool) => ({ slug: tool.slug, big: bigFields(schemaOf(tool.slug)) }))
      .filter(({ big }) => big.length > 0)
      .map(({ slug, big }) => `${slug}: ${big.join('; ')} (declare worker or mainThread)`);
    expect(undeclared).toEqual([]);
  });

  it('is one choice, and its reason one line', () => {
    const problems: string[] = [];
    for (const tool of tools) {
      if (tool.worker && tool.mainThread !== undefined) problems.push(`${tool.slug}: declares both worker and mainThread`);
      const reason = tool.worker ? tool.worker.reason : tool.mainThread;
      if (reason === undefined) continue;
      if (!reason.trim() || /\n/.test(reason) || reason.length > 160)
        problems.push(`${tool.slug}: the reason must be one line of at most 160 characters`);
    }
    expect(problems).toEqual([]);
  });
});
