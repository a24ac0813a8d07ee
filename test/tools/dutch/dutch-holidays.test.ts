import { describe, expect, it } from 'vitest';
import holidaysTool from '../../../tools/dutch/dutch-holidays.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('dutch-holidays tool', () => {
  it('covers 1900 to 2099 and refuses outside it', async () => {
    expect((await runTool(holidaysTool, { year: 1900 })).holidays).toHaveLength(10); // no Bevrijdingsdag yet
    expect((await runTool(holidaysTool, { year: 2099 })).holidays).toHaveLength(11);
    await expectToolError(holidaysTool, { year: 1899 }, 400, /year.*≥ 1900/);
    await expectToolError(holidaysTool, { year: 2100 }, 400, /year.*≤ 2099/);
    await expectToolError(holidaysTool, { year: 2024.5 }, 400, /year/);
    await expectToolError(holidaysTool, { year: '2024a' }, 400, /year/);
    await expectToolError(holidaysTool, {}, 400, /year.*required/);
    await expectToolError(holidaysTool, { year: 2024, yaer: 1 }, 400, /unknown field/);
  });
  it('returns the holidays sorted by date', async () => {
    for (const year of [1900, 1967, 2005, 2016, 2038, 2099]) {
      const list = (await runTool(holidaysTool, { year })).holidays.map((h: { date: string }) => h.date);
      expect(list).toEqual([...list].sort());
      expect(list.every((d: string) => d.startsWith(String(year)))).toBe(true);
    }
  });
});
