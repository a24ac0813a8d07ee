import { describe, expect, it } from 'vitest';
import tool, { formatDuration } from '../../../tools/health/running-pace-calculator.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('running-pace-calculator', () => {
  it('solves pace, time and distance from the other two', async () => {
    const p = await runTool(tool, { distance: 10, time: '50:00' });
    expect(p.result).toMatchObject({ pacePerKm: '5:00', pacePerMile: '8:03', speedKmh: 12 });
    const t = await runTool(tool, { mode: 'time', distance: 10, pace: '5:00' });
    expect(t.result.time).toBe('50:00');
    const d = await runTool(tool, { mode: 'distance', time: '50:00', pace: '5:00' });
    expect(d.result.distanceKm).toBe(10);
    const mi = await runTool(tool, { distance: 26.2, distanceUnit: 'mi', time: '3:00:00' });
    expect(mi.result.pacePerMile).toBe('6:52'); // 10800 / 26.2 = 412.2 s
    const m = await runTool(tool, { distance: 400, distanceUnit: 'm', time: '1:20' });
    expect(m.result.pacePerKm).toBe('3:20');
  });

  it('round-trips: solving for time then pace gives the pace back (whole seconds)', async () => {
    const rng = createRng(42);
    for (let i = 0; i < 300; i++) {
      const distance = rng.int(10, 1000) / 10; // ≥ 1 km: the rounded time moves the pace by < 0.5 s
      const paceS = rng.int(150, 900);
      const pace = formatDuration(paceS);
      const t = await runTool(tool, { mode: 'time', distance, pace });
      expect(Math.abs(t.result.timeSeconds - paceS * distance)).toBeLessThanOrEqual(0.5);
      const back = await runTool(tool, { mode: 'pace', distance, time: t.result.time });
      expect(back.result.pacePerKm).toBe(pace);
    }
  });

  it('predicts with Riegel and a configurable exponent', async () => {
    const r = await runTool(tool, { mode: 'predict', race: '10k', time: '40:00', targetRace: 'marathon' });
    expect(r.prediction.timeSeconds).toBe(Math.round(2400 * 4.2195 ** 1.06));
    const same = await runTool(tool, { mode: 'predict', distance: 5, time: '20:00', targetDistance: 10, riegelExponent: 1 });
    expect(same.prediction.time).toBe('40:00');
    const back = await runTool(tool, { mode: 'predict', race: 'marathon', time: '3:00:00', targetRace: '5k' });
    expect(back.prediction.timeSeconds).toBeLessThan(1500);
  });

  it('carries rounding into minutes and hours', () => {
    expect(formatDuration(59.6)).toBe('1:00');
    expect(formatDuration(3599.5)).toBe('1:00:00');
    expect(formatDuration(0.4)).toBe('0:00');
  });

  it('refuses missing, doubled or malformed fields', async () => {
    await expectToolError(tool, { time: '50:00' }, 400, /`distance` \(or `race`\) is required/);
    await expectToolError(tool, { distance: 10 }, 400, /`time` is required/);
    await expectToolError(tool, { mode: 'time', distance: 10 }, 400, /`pace` is required/);
    await expectToolError(tool, { mode: 'predict', race: '5k', time: '20:00' }, 400, /`targetDistance` \(or `targetRace`\)/);
    await expectToolError(tool, { distance: 5, race: '5k', time: '20:00' }, 400, /not both/);
    await expectToolError(tool, { distance: 5, time: '20:61' }, 400, /`time` must be a duration/);
    await expectToolError(tool, { distance: 5, time: '1:60:00' }, 400, /`time` must be a duration/);
    await expectToolError(tool, { distance: 5, time: '0:00' }, 400, /greater than 0/);
    await expectToolError(tool, { mode: 'time', distance: 5, pace: 'fast' }, 400, /`pace` must be/);
    await expectToolError(tool, { distance: 0, time: '20:00' }, 400, /distance/);
    await expectToolError(tool, { mode: 'time', distance: 10000, pace: '999:00' }, 400, /1000 hours/);
    await expectToolError(tool, { mode: 'distance', time: '999:00:00', pace: '0:01' }, 400, /10,000 km/);
    await expectToolError(tool, { distance: 5, time: '20:00', race: 'ultra' }, 400, /race/);
  });
});
