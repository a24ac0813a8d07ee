import { describe, expect, it } from 'vitest';
import tool from '../../../tools/health/ovulation-calculator.js';
import { dayFromIso } from '../../../tools/_lib/calendar.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('ovulation-calculator', () => {
  it('chains cycles back to back with the default 6', async () => {
    const r = await runTool(tool, { lmp: '2025-01-01' });
    expect(r.cycles).toHaveLength(6);
    for (let i = 1; i < 6; i++) expect(r.cycles[i].periodStart).toBe(r.cycles[i - 1].nextPeriod);
    for (const c of r.cycles) {
      expect(dayFromIso(c.ovulation) - dayFromIso(c.periodStart)).toBe(14);
      expect(dayFromIso(c.ovulation) - dayFromIso(c.fertileStart)).toBe(5);
      expect(dayFromIso(c.fertileEnd) - dayFromIso(c.ovulation)).toBe(1);
    }
  });

  it('counts leap days and the year turn', async () => {
    const r = await runTool(tool, { lmp: '2024-02-15', cycles: 1 });
    expect(r.cycles[0]).toMatchObject({ ovulation: '2024-02-29', nextPeriod: '2024-03-14' });
    const c = await runTool(tool, { lmp: '2023-02-15', cycles: 1 });
    expect(c.cycles[0]).toMatchObject({ ovulation: '2023-03-01', nextPeriod: '2023-03-15' });
    const y = await runTool(tool, { lmp: '2025-12-31', cycleLength: 21, lutealLength: 16, cycles: 1 });
    expect(y.cycles[0]).toMatchObject({ fertileStart: '2025-12-31', ovulation: '2026-01-05', nextPeriod: '2026-01-21' });
  });

  it('handles the longest input (12 cycles of 45 days)', async () => {
    const r = await runTool(tool, { lmp: '2024-01-01', cycleLength: 45, lutealLength: 10, cycles: 12 });
    expect(r.cycles[11]).toMatchObject({ cycle: 12, nextPeriod: '2025-06-24' });
  });

  it('refuses bad input naming the field', async () => {
    await expectToolError(tool, { lmp: '2023-02-29' }, 400, /lmp/);
    await expectToolError(tool, { lmp: '2024-01-01', cycleLength: 20 }, 400, /cycleLength/);
    await expectToolError(tool, { lmp: '2024-01-01', lutealLength: 17 }, 400, /lutealLength/);
    await expectToolError(tool, { lmp: '2024-01-01', cycles: 13 }, 400, /cycles/);
    await expectToolError(tool, { lmp: '9999-12-01', cycles: 2 }, 400, /`lmp` is too close/);
    await expectToolError(tool, {}, 400, /lmp/);
  });
});
