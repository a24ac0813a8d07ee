import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toJsonSchema } from '../src/core/registry.js';
import { registryOf } from './helpers/registry.js';
import { loadRegistry } from '../src/catalogue.js';

const registry = await loadRegistry();
import { defineTool, ToolError } from '../src/core/tool.js';
import { parseInput, didYouMean } from '../src/core/validate.js';

const base = {
  title: 'T',
  keywords: { en: ['test', 'registry'], nl: ['toets', 'register'] },
  description: 'A test tool that exists only to exercise the registry rules in the test suite.',
  input: z.strictObject({ n: z.int().min(1).max(9).default(3).describe('n') }),
  output: z.object({ n: z.int() }),
  examples: [
    { name: 'a', input: {}, output: { n: 3 } },
    { name: 'b', input: { n: 4 }, output: { n: 4 } },
  ],
  run: ({ n }: { n: number }) => ({ n }),
};

describe('registry', () => {
  it('refuses duplicate slugs and MCP names at start-up', () => {
    const a = defineTool({ ...base, slug: 'same-tool' });
    expect(() => registryOf([a, defineTool({ ...base, slug: 'same-tool' })])).toThrow(/duplicate slug "same-tool"/);
    expect(() => registryOf([a, defineTool({ ...base, slug: 'other', name: 'same_tool' })])).toThrow(/duplicate MCP name "same_tool"/);
    expect(() => registryOf([defineTool({ ...base, slug: 'bad', name: 'Bad.Name' })])).toThrow(/must match/);
    expect(() => registryOf([defineTool({ ...base, slug: 'one', examples: base.examples.slice(0, 1) })])).toThrow(/two examples/);
  });

  it('emits clean JSON Schemas: object at the top, defaults, no ±2^53 noise', () => {
    const schema = toJsonSchema(z.strictObject({ a: z.int().describe('a'), b: z.string().default('x').describe('b') }), 'input');
    expect(schema).toEqual({
      type: 'object',
      properties: { a: { type: 'integer', description: 'a' }, b: { type: 'string', default: 'x', description: 'b' } },
      required: ['a'],
      additionalProperties: false,
    });
  });

  it('computes schemas once per process', () => {
    const r = registryOf([defineTool({ ...base, slug: 'cached' })]);
    expect(r.bySlugOrNull('cached')!.inputSchema).toBe(r.tools[0].inputSchema);
  });
});

describe('input validation messages', () => {
  const schema = base.input;
  it('names the field and the rule', () => {
    expect(() => parseInput(schema, { n: 10 })).toThrow('Invalid input: `n` must be ≤ 9 (got 10)');
    expect(() => parseInput(schema, { n: 0 })).toThrow('`n` must be ≥ 1 (got 0)');
    expect(() => parseInput(schema, { n: 'x' })).toThrow('`n` must be a number, got string "x"');
    expect(() => parseInput(schema, { n: 2.5 })).toThrow('`n` must be an integer, got 2.5');
    expect(() => parseInput(schema, { m: 1 })).toThrow('unknown field `m`');
    expect(() => parseInput(schema, { N: 1 })).toThrow('unknown field `N` (did you mean `n`?)');
    try {
      parseInput(schema, { n: 10 });
    } catch (e) {
      expect(e).toBeInstanceOf(ToolError);
      expect((e as ToolError).status).toBe(400);
      expect((e as ToolError).extra.field).toBe('n');
    }
  });
  it('applies defaults from the schema', () => {
    expect(parseInput(schema, {})).toEqual({ n: 3 });
  });
  it('did-you-mean stays quiet for unrelated words', () => {
    expect(didYouMean('colour', ['color', 'format'])).toBe('color');
    expect(didYouMean('zzzzzz', ['color', 'format'])).toBeUndefined();
  });
  it('toolset names are validated', () => {
    expect(registry.parseToolsets('text, format')).toEqual(['text', 'format']);
    expect(registry.parseToolsets('all').length).toBeGreaterThan(5);
    expect(() => registry.parseToolsets('txt')).toThrow('unknown toolset "txt" (did you mean "text"?)');
  });
});
