import { describe, expect, it } from 'vitest';
import tool from '../../../tools/grades/grade-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('grade-calculator', () => {
  it('weighted average with weights summing to 100', async () => {
    const r = await runTool(tool, {
      items: [
        { percent: 90, weight: 20 },
        { percent: 85, weight: 30 },
        { earned: 45, possible: 50, weight: 50 },
      ],
    });
    expect(r).toMatchObject({ averagePercent: 88.5, letter: 'B+', weightCovered: 100, weighting: 'weights' });
  });
  it('normalises weights that do not sum to 100 and reports weightCovered', async () => {
    const r = await runTool(tool, {
      items: [
        { percent: 80, weight: 0.4 },
        { percent: 95, weight: 0.2 },
      ],
    });
    expect(r.averagePercent).toBe(85);
    expect(r.weightCovered).toBe(0.6);
  });
  it('without weights: points by possible, otherwise equal', async () => {
    const pts = await runTool(tool, {
      items: [
        { earned: 9, possible: 10 },
        { earned: 40, possible: 100 },
      ],
    });
    expect(pts).toMatchObject({ weighting: 'possiblePoints', averagePercent: clean(4900 / 110), weightCovered: null });
    const eq = await runTool(tool, { items: [{ earned: 9, possible: 10 }, { percent: 40 }] });
    expect(eq).toMatchObject({ weighting: 'equal', averagePercent: 65, letter: 'D' });
  });
  it('zero weight on one item is allowed; all-zero weights are refused', async () => {
    expect(
      (
        await runTool(tool, {
          items: [
            { percent: 50, weight: 0 },
            { percent: 100, weight: 1 },
          ],
        })
      ).averagePercent,
    ).toBe(100);
    await expectToolError(tool, { items: [{ percent: 50, weight: 0 }] }, 400, /items.*sum to 0/);
  });
  it('letters average as points; best letter not above the average', async () => {
    expect((await runTool(tool, { items: [{ letter: 'A+' }, { letter: 'a' }] })).letter).toBe('A');
    expect((await runTool(tool, { items: [{ letter: 'B+' }, { letter: 'B' }] })).gradePoints).toBe(3.15);
    expect((await runTool(tool, { items: [{ letter: 'B+' }, { letter: 'B' }] })).letter).toBe('B');
    expect((await runTool(tool, { items: [{ letter: 'F' }] })).letter).toBe('F');
  });
  it('letter boundary on the unrounded average', async () => {
    expect((await runTool(tool, { items: [{ percent: 89.99 }] })).letter).toBe('B+');
    expect((await runTool(tool, { items: [{ percent: 90 }] })).letter).toBe('A-');
    expect((await runTool(tool, { items: [{ percent: 0 }] })).letter).toBe('F');
  });
  it('maximum size: 200 items', async () => {
    const items = Array.from({ length: 200 }, (_, i) => ({ percent: i % 101, weight: 1 }));
    const r = await runTool(tool, { items });
    expect(r.items).toHaveLength(200);
    await expectToolError(tool, { items: [...items, { percent: 1, weight: 1 }] }, 400, /items/);
  });
  it('refusals name the field', async () => {
    await expectToolError(tool, { items: [] }, 400, /items/);
    await expectToolError(tool, { items: [{ percent: 1, weight: 1 }, { percent: 2 }] }, 400, /items.*every item or on none/);
    await expectToolError(tool, { items: [{ percent: 1, letter: 'A' }] }, 400, /items\[0\].*exactly one/);
    await expectToolError(tool, { items: [{ earned: 1 }] }, 400, /items\[0\].*earned and possible/);
    await expectToolError(tool, { items: [{ percent: 1 }, { letter: 'A' }] }, 400, /items.*mixed/);
    await expectToolError(tool, { items: [{ letter: 'Q' }] }, 400, /items\[0\]\.letter/);
    await expectToolError(tool, { items: [{ earned: 1, possible: 0 }] }, 400, /possible/);
    await expectToolError(tool, { items: [{ percent: -1 }] }, 400, /percent/);
  });
});

function clean(x: number) {
  return Number(x.toPrecision(15));
}
