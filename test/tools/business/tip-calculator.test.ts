import { describe, expect, it } from 'vitest';
import tool from '../../../tools/business/tip-calculator.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const sumShares = (shares: { amount: number; people: number }[]) => shares.reduce((s, g) => s + Math.round(g.amount * 100) * g.people, 0);

describe('tip-calculator', () => {
  it('matches the published examples (metugpa: 350 at 10 % for 4; 470 at 15 % for 5)', async () => {
    expect(await runTool(tool, { bill: 350, tipPercent: 10, people: 4 })).toMatchObject({
      tip: 35,
      total: 385,
      perPerson: 96.25,
      tipPerPerson: 8.75,
    });
    expect(await runTool(tool, { bill: 470, tipPercent: 15, people: 5 })).toMatchObject({
      tip: 70.5,
      total: 540.5,
      perPerson: 108.1,
      tipPerPerson: 14.1,
    });
  });
  it('defaults to 15 % and one person; zero bill and zero tip work', async () => {
    expect(await runTool(tool, { bill: 40 })).toMatchObject({ tip: 6, total: 46, people: 1, shares: [{ amount: 46, people: 1 }] });
    expect(await runTool(tool, { bill: 0, people: 3 })).toMatchObject({ tip: 0, total: 0, effectiveTipPercent: null, perPerson: 0 });
    expect(await runTool(tool, { bill: 10, tipPercent: 0 })).toMatchObject({ tip: 0, total: 10 });
  });
  it('tips on the pre-tax amount when taxAmount is given and rounds the total up', async () => {
    expect(await runTool(tool, { bill: 54.13, taxAmount: 4.13, tipPercent: 20 })).toMatchObject({ tipBase: 50, tip: 10, total: 64.13 });
    expect(await runTool(tool, { bill: 54.13, taxAmount: 4.13, tipPercent: 20, roundUp: 'total' })).toMatchObject({
      tip: 10.87,
      total: 65,
    });
    expect(await runTool(tool, { bill: 60, tipPercent: 15, roundUp: 'total' })).toMatchObject({ tip: 9, total: 69 }); // already whole
  });
  it('property: shares always sum to the total and differ by at most a cent (or are whole units)', async () => {
    const rng = createRng('tip');
    for (let i = 0; i < 300; i++) {
      const bill = rng.int(0, 1e7) / 100;
      const people = rng.int(1, 1000);
      const roundUp = rng.pick(['none', 'total', 'perPerson'] as const);
      const r = await runTool(tool, { bill, tipPercent: rng.int(0, 3000) / 100, people, roundUp });
      expect(sumShares(r.shares)).toBe(Math.round(r.total * 100));
      expect(r.shares.reduce((s: number, g: { people: number }) => s + g.people, 0)).toBe(people);
      expect(r.shares.length).toBeLessThanOrEqual(2);
      expect(r.total).toBeGreaterThanOrEqual(bill);
      if (roundUp === 'perPerson') expect(Number.isInteger(r.perPerson)).toBe(true);
      if (roundUp === 'total') expect(Number.isInteger(r.total)).toBe(true);
    }
  });
  it('refuses impossible input with a 400 naming the field', async () => {
    await expectToolError(tool, { bill: 10, taxAmount: 11 }, 400, /taxAmount.*cannot exceed/);
    await expectToolError(tool, { bill: 10, people: 0 }, 400, /people/);
    await expectToolError(tool, { bill: 10, people: 1.5 }, 400, /people/);
    await expectToolError(tool, { bill: 10, people: 1001 }, 400, /people/);
    await expectToolError(tool, { bill: 10, tipPercent: 101 }, 400, /tipPercent/);
    await expectToolError(tool, { bill: 10, roundUp: 'up' }, 400, /roundUp/);
  });
});
