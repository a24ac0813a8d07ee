import { describe, expect, it } from 'vitest';
import tool from '../../../tools/health/sleep-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('sleep-calculator', () => {
  it('matches sleepyti.me including the 3-cycle option', async () => {
    const r = await runTool(tool, { time: '7:00 AM', minCycles: 3 });
    expect(r.options.map((o: { time12h: string }) => o.time12h)).toEqual(['9:46 PM', '11:16 PM', '12:46 AM', '2:16 AM']);
  });

  it('wraps over midnight both ways, with the day offset', async () => {
    const r = await runTool(tool, { mode: 'bed-at', time: '00:00', minCycles: 1, maxCycles: 1, fallAsleepMinutes: 0 });
    expect(r.options[0]).toMatchObject({ time: '01:30', dayOffset: 0 });
    const late = await runTool(tool, { mode: 'bed-at', time: '23:59', minCycles: 1, maxCycles: 1, fallAsleepMinutes: 1 });
    expect(late.options[0]).toMatchObject({ time: '01:30', dayOffset: 1 });
    const early = await runTool(tool, { time: '00:10', minCycles: 1, maxCycles: 1 });
    expect(early.options[0]).toMatchObject({ time: '22:26', time12h: '10:26 PM', dayOffset: -1 });
    // longest span: 10 × 120 + 120 min = 22 h
    const max = await runTool(tool, {
      mode: 'bed-at',
      time: '12:00',
      minCycles: 10,
      maxCycles: 10,
      cycleMinutes: 120,
      fallAsleepMinutes: 120,
    });
    expect(max.options[0]).toMatchObject({ time: '10:00', dayOffset: 1, sleepHours: 20 });
  });

  it('reads 12-hour clock times (noon and midnight)', async () => {
    const at = async (time: string) => (await runTool(tool, { mode: 'bed-at', time })).given;
    expect(await at('12:00 am')).toBe('00:00');
    expect(await at('12:30 PM')).toBe('12:30');
    expect(await at('1:05 p.m.')).toBe('13:05');
    expect(await at('9:15')).toBe('09:15');
  });

  it('refuses bad times and cycle ranges', async () => {
    for (const time of ['24:00', '7', '07:60', '13:00 pm', '0:30 am', 'seven'])
      await expectToolError(tool, { time }, 400, /`time` must be a clock time/);
    await expectToolError(tool, { time: '07:00', minCycles: 6, maxCycles: 4 }, 400, /minCycles/);
    await expectToolError(tool, { time: '07:00', cycleMinutes: 30 }, 400, /cycleMinutes/);
    await expectToolError(tool, { time: '07:00', fallAsleepMinutes: 1.5 }, 400, /fallAsleepMinutes/);
    await expectToolError(tool, { time: 'x'.repeat(13) }, 400, /time/);
  });
});
