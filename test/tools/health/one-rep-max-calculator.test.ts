import { describe, expect, it } from 'vitest';
import tool from '../../../tools/health/one-rep-max-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('one-rep-max-calculator', () => {
  it('returns the weight itself for a single rep, for every formula', async () => {
    for (const formula of ['epley', 'brzycki', 'lombardi', 'oconner', 'lander', 'mayhew', 'wathan', 'average']) {
      const r = await runTool(tool, { weight: 140, reps: 1, formula });
      expect(r.oneRepMax).toBe(140);
      expect(Object.values(r.estimates)).toEqual(Array(7).fill(140));
    }
  });

  it('computes each equation', async () => {
    const r = await runTool(tool, { weight: 100, reps: 10 });
    expect(r.estimates).toEqual({
      epley: 133.3,
      brzycki: 133.3,
      lombardi: 125.9,
      oconner: 125,
      lander: 134.1, // 10000 / 74.5877
      mayhew: Math.round((10000 / (52.2 + 41.9 * Math.exp(-0.55))) * 10) / 10,
      wathan: Math.round((10000 / (48.8 + 53.8 * Math.exp(-0.75))) * 10) / 10,
    });
    // Epley and Brzycki agree at 10 reps
    expect(r.estimates.epley).toBe(r.estimates.brzycki);
  });

  it('builds the %1RM table from the chosen estimate', async () => {
    const r = await runTool(tool, { weight: 100, reps: 5, formula: 'average' });
    expect(r.oneRepMax).toBe(r.average);
    expect(r.percentTable).toHaveLength(11);
    expect(r.percentTable[0]).toEqual({ percent: 100, weight: r.oneRepMax });
    expect(r.percentTable[10].percent).toBe(50);
  });

  it('accepts up to 30 reps with a warning above 12', async () => {
    expect((await runTool(tool, { weight: 50, reps: 12 })).warning).toBeNull();
    expect((await runTool(tool, { weight: 50, reps: 13 })).warning).toMatch(/12 reps/);
    const max = await runTool(tool, { weight: 50, reps: 30, formula: 'brzycki' });
    expect(max.oneRepMax).toBe(Math.round((50 * 36 * 10) / 7) / 10);
  });

  it('refuses bad input naming the field', async () => {
    await expectToolError(tool, { weight: 100, reps: 0 }, 400, /reps/);
    await expectToolError(tool, { weight: 100, reps: 31 }, 400, /reps/);
    await expectToolError(tool, { weight: 100, reps: 2.5 }, 400, /reps/);
    await expectToolError(tool, { weight: 0, reps: 5 }, 400, /weight/);
    await expectToolError(tool, { weight: 100, reps: 5, formula: 'nsca' }, 400, /formula/);
    await expectToolError(tool, { weight: 100, reps: 5, unit: 'stone' }, 400, /unit/);
  });
});
