import { describe, expect, it } from 'vitest';
import tool from '../../../tools/datetime/timesheet-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const sheet = (entries: Record<string, unknown>[], extra: Record<string, unknown> = {}) => runTool(tool, { entries, ...extra });

describe('timesheet-calculator', () => {
  it('counts a plain day, h:mm and decimal hours', async () => {
    const r = await sheet([{ start: '09:00', end: '17:30', breakMinutes: 30 }]);
    expect(r.entries[0]).toMatchObject({ workedMinutes: 480, hours: 8, hhmm: '8:00', crossesMidnight: false });
    expect(r).toMatchObject({ totalMinutes: 480, totalHhmm: '8:00', overtimeHours: 0, pay: null });
    expect((await sheet([{ start: '9:00 AM', end: '5:20 PM' }])).entries[0]).toMatchObject({ workedMinutes: 500, hhmm: '8:20' });
    expect((await sheet([{ start: '09:00', end: '09:50' }])).totalHours).toBeCloseTo(50 / 60, 15);
  });

  it('crosses midnight when the end is before the start', async () => {
    expect((await sheet([{ start: '22:00', end: '06:00' }])).entries[0]).toMatchObject({
      workedMinutes: 480,
      crossesMidnight: true,
      end: '06:00',
    });
    expect((await sheet([{ start: '00:00', end: '24:00' }])).entries[0]).toMatchObject({
      workedMinutes: 1440,
      crossesMidnight: false,
      end: '24:00',
    });
    expect((await sheet([{ start: '23:59', end: '00:00' }])).entries[0]).toMatchObject({ workedMinutes: 1, crossesMidnight: true });
  });

  it('subtracts break ranges, also after midnight', async () => {
    const r = await sheet([
      {
        start: '22:00',
        end: '07:00',
        breakMinutes: 15,
        breaks: [
          { start: '23:30', end: '00:15' },
          { start: '03:00', end: '03:30' },
        ],
      },
    ]);
    expect(r.entries[0]).toMatchObject({ breakMinutes: 90, workedMinutes: 450 });
  });

  it('rounds punches to the nearest step, ties up (29 CFR 785.48(b))', async () => {
    // Quarter hour: 1–7 minutes round down, 8–14 up (a 7.5-minute tie never occurs in whole minutes).
    expect((await sheet([{ start: '08:07', end: '16:53' }], { roundToMinutes: 15 })).entries[0]).toMatchObject({
      start: '08:00',
      end: '17:00',
    });
    expect((await sheet([{ start: '08:08', end: '16:52' }], { roundToMinutes: 15 })).entries[0]).toMatchObject({
      start: '08:15',
      end: '16:45',
    });
    // 6 minutes (tenth of an hour): 08:03 is a tie → 08:06.
    expect((await sheet([{ start: '08:03', end: '16:02' }], { roundToMinutes: 6 })).entries[0]).toMatchObject({
      start: '08:06',
      end: '16:00',
    });
    expect((await sheet([{ start: '23:53', end: '06:00' }], { roundToMinutes: 15 })).entries[0]).toMatchObject({
      start: '00:00',
      crossesMidnight: true,
      workedMinutes: 360,
    });
    // A shift shorter than half a step rounds to nothing rather than to a day.
    expect((await sheet([{ start: '23:53', end: '23:59' }], { roundToMinutes: 15 })).entries[0]).toMatchObject({
      start: '00:00',
      end: '00:00',
      workedMinutes: 0,
    });
    expect((await sheet([{ start: '16:00', end: '23:58' }], { roundToMinutes: 15 })).entries[0]).toMatchObject({
      end: '24:00',
      workedMinutes: 480,
    });
  });

  it('splits overtime over the weekly threshold and prices it', async () => {
    const days = Array.from({ length: 5 }, () => ({ start: '07:00', end: '16:30', breakMinutes: 30 })); // 9 h × 5 = 45 h
    const r = await sheet(days, { hourlyRate: 18.5 });
    expect(r).toMatchObject({ totalHours: 45, regularHours: 40, overtimeHours: 5 });
    expect(r.pay).toEqual({ regularRate: 18.5, overtimeRate: 27.75, regularPay: 740, overtimePay: 138.75, totalPay: 878.75 });
    // Exactly at the threshold, and a custom threshold / multiplier.
    expect(await sheet(days, { overtimeAfterHours: 45 })).toMatchObject({ overtimeHours: 0 });
    expect((await sheet(days, { hourlyRate: 20, overtimeAfterHours: 38, overtimeMultiplier: 1.25 })).pay).toMatchObject({
      overtimePay: 175,
      totalPay: 935,
    });
    // 50 minutes over at $20 × 1.5: exact minutes, 25.00.
    const odd = await sheet(
      [
        { start: '00:00', end: '24:00' },
        { start: '00:00', end: '16:50' },
      ],
      { hourlyRate: 20 },
    );
    expect(odd.pay).toMatchObject({ overtimePay: 25, regularPay: 800, totalPay: 825 });
  });

  it('takes the maximum number of entries', async () => {
    const r = await sheet(
      Array.from({ length: 31 }, () => ({
        start: '08:00',
        end: '12:00',
        breaks: Array(5)
          .fill(0)
          .map((_, i) => ({ start: `08:${i}0`, end: `08:${i}5` })),
      })),
    );
    expect(r.totalMinutes).toBe(31 * (240 - 25));
    await expectToolError(tool, { entries: Array(32).fill({ start: '08:00', end: '12:00' }) }, 400, /entries/);
  });

  it('refuses impossible input naming the field', async () => {
    await expectToolError(tool, { entries: [{ start: '09:00', end: '09:00' }] }, 400, /entries\[0\]\.end.*equals/);
    await expectToolError(tool, { entries: [{ start: '25:00', end: '09:00' }] }, 400, /entries\[0\]\.start/);
    await expectToolError(tool, { entries: [{ start: '09:00', end: '10:00', breakMinutes: 61 }] }, 400, /breaks .*longer/);
    await expectToolError(
      tool,
      { entries: [{ start: '09:00', end: '17:00', breaks: [{ start: '08:00', end: '08:30' }] }] },
      400,
      /breaks\[0\].*within/,
    );
    await expectToolError(
      tool,
      {
        entries: [
          {
            start: '09:00',
            end: '17:00',
            breaks: [
              { start: '12:00', end: '12:30' },
              { start: '12:15', end: '12:45' },
            ],
          },
        ],
      },
      400,
      /overlap/,
    );
    await expectToolError(tool, { entries: [{ start: '09:00:30', end: '17:00' }] }, 400, /whole minutes/);
    await expectToolError(tool, { entries: [{ start: '09:00', end: '17:00' }], roundToMinutes: 7 }, 400, /roundToMinutes.*divide 60/);
    await expectToolError(tool, { entries: [] }, 400, /entries/);
  });
});
