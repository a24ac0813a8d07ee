/**
 * Input validation shared by every tool (src/core/validate.ts): numbers may
 * come as numeric strings (catalogue §0.1, "accept JSON numbers (and numeric
 * strings)"), read as the number wherever the schema wants one; anything else
 * keeps its 400 naming the field.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseInput } from '../src/core/validate.js';
import { post, startServer } from './helpers/server.js';

describe('numeric strings', () => {
  const schema = z.strictObject({
    a: z.number(),
    b: z.int().optional(),
    rows: z.array(z.strictObject({ d: z.number() })).default([]),
    label: z.string(),
    either: z.union([z.number(), z.string()]).optional(),
  });

  it('are read as numbers in number fields, at any depth; string fields and unions keep the string', () => {
    expect(parseInput(schema, { a: '1.5', b: ' 3 ', rows: [{ d: '-2e1' }, { d: 4 }], label: '7', either: '8' })).toEqual({
      a: 1.5,
      b: 3,
      rows: [{ d: -20 }, { d: 4 }],
      label: '7',
      either: '8',
    });
  });

  it('that are not whole numbers stay errors naming the field and the rule', () => {
    for (const [input, message] of [
      [{ a: '1.5 kg', label: 'x' }, /`a` must be a number, got string/],
      [{ a: '0x10', label: 'x' }, /`a` must be a number/],
      [{ a: '', label: 'x' }, /`a` must be a number/],
      [{ a: '1', b: '2.5', label: 'x' }, /`b` must be an integer/],
      [{ a: '1e400', label: 'x' }, /`a`/],
    ] as const)
      expect(() => parseInput(schema, input)).toThrow(message);
  });

  it('are refused by the generators, whose spec refuses every value it does not state', async () => {
    const s = await startServer();
    try {
      for (const [tool, body, field] of [
        ['brp-test-data-generator', { options: { count: '3' } }, 'options.count'],
        ['upa-file-generator', { options: { population: { count: '5' } } }, 'options.population.count'],
      ] as const) {
        const res = await post(s.url, `/api/v1/tools/${tool}`, body, s.key);
        expect(res.status, tool).toBe(400);
        expect(res.json.error).toContain(`\`${field}\` must be a number`);
      }
    } finally {
      await s.close();
    }
  });

  it('work over REST like numbers (same answer, same charge)', async () => {
    const s = await startServer();
    try {
      const asNumbers = await post(s.url, '/api/v1/tools/bmi-calculator', { height: 180, weight: 80 }, s.key);
      const asStrings = await post(s.url, '/api/v1/tools/bmi-calculator', { height: '180', weight: '80.0' }, s.key);
      expect(asStrings.status).toBe(200);
      expect(asStrings.json).toEqual(asNumbers.json);
    } finally {
      await s.close();
    }
  });
});
