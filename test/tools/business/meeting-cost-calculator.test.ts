import { describe, expect, it } from 'vitest';
import tool from '../../../tools/business/meeting-cost-calculator.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('meeting-cost-calculator', () => {
  it('multiplies attendees × hourly cost × duration; salaries convert at 2,080 h by default', async () => {
    expect(await runTool(tool, { durationMinutes: 60, attendees: [{ count: 8, hourlyRate: 50 }] })).toMatchObject({
      cost: 400,
      personHours: 8,
    });
    expect(await runTool(tool, { durationMinutes: 60, attendees: [{ annualSalary: 104000 }] })).toMatchObject({ cost: 50, attendees: 1 });
    expect(await runTool(tool, { durationMinutes: 60, attendees: [{ annualSalary: 104000 }], hoursPerYear: 1600 })).toMatchObject({
      cost: 65,
    });
    expect(
      await runTool(tool, {
        durationMinutes: 45,
        attendees: [{ count: 3, hourlyRate: 40 }],
        overheadMultiplier: 1.25,
        meetingsPerYear: 52,
      }),
    ).toMatchObject({ cost: 112.5, annualCost: 5850 });
  });
  it('rounds group costs so they sum to the total', async () => {
    const rng = createRng('meeting');
    for (let i = 0; i < 200; i++) {
      const attendees = Array.from({ length: rng.int(1, 8) }, () =>
        rng.chance(0.5)
          ? { count: rng.int(1, 20), hourlyRate: rng.int(0, 30000) / 100 }
          : { count: rng.int(1, 20), annualSalary: rng.int(0, 3e7) / 100 },
      );
      const r = await runTool(tool, { durationMinutes: rng.int(1, 240), attendees, overheadMultiplier: 1 + rng.int(0, 100) / 100 });
      expect(r.groups.reduce((s: number, g: { cost: number }) => s + Math.round(g.cost * 100), 0)).toBe(Math.round(r.cost * 100));
    }
  });
  it('handles zero rates and the maximum number of groups', async () => {
    expect((await runTool(tool, { durationMinutes: 30, attendees: [{ count: 5, hourlyRate: 0 }] })).cost).toBe(0);
    const r = await runTool(tool, {
      durationMinutes: 1440,
      attendees: Array.from({ length: 50 }, () => ({ count: 100000, hourlyRate: 1e6 })),
    });
    expect(r.cost).toBe(50 * 100000 * 1e6 * 24);
  });
  it('refuses impossible input with a 400 naming the field', async () => {
    await expectToolError(tool, { durationMinutes: 30, attendees: [{ count: 2 }] }, 400, /attendees\[0\].*exactly one/);
    await expectToolError(tool, { durationMinutes: 30, attendees: [{ hourlyRate: 1, annualSalary: 1 }] }, 400, /exactly one/);
    await expectToolError(tool, { durationMinutes: 0, attendees: [{ hourlyRate: 1 }] }, 400, /durationMinutes/);
    await expectToolError(tool, { durationMinutes: 30, attendees: [] }, 400, /attendees/);
    await expectToolError(
      tool,
      { durationMinutes: 30, attendees: [{ hourlyRate: 1 }], overheadMultiplier: 0.5 },
      400,
      /overheadMultiplier/,
    );
    await expectToolError(tool, { durationMinutes: 30, attendees: [{ hourlyRate: 1 }], hoursPerYear: 0 }, 400, /hoursPerYear/);
  });
});
