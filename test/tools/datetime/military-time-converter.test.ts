import { describe, expect, it } from 'vitest';
import tool from '../../../tools/datetime/military-time-converter.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const one = async (time: string) => (await runTool(tool, { times: [time] })).results[0];

describe('military-time-converter', () => {
  it('follows the 12-hour clock table (Wikipedia "12-hour clock")', async () => {
    const table: [string, string, string][] = [
      ['0000', '00:00', '12:00 AM'],
      ['0001', '00:01', '12:01 AM'],
      ['0100', '01:00', '1:00 AM'],
      ['1159', '11:59', '11:59 AM'],
      ['1200', '12:00', '12:00 PM'],
      ['1201', '12:01', '12:01 PM'],
      ['1300', '13:00', '1:00 PM'],
      ['2359', '23:59', '11:59 PM'],
    ];
    for (const [military, h24, h12] of table) {
      expect(await one(military), military).toMatchObject({ military, twentyFourHour: h24, twelveHour: h12, readAs: '24h' });
      expect(await one(h12), h12).toMatchObject({ military, twentyFourHour: h24, twelveHour: h12, readAs: '12h' });
    }
  });

  it('accepts the usual spellings', async () => {
    for (const t of ['1730', '17:30', '17.30', '1730 hours', '1730h', '5:30 pm', '5:30PM', '530pm', '5:30 p.m.', '05:30 P.M.'])
      expect(await one(t), t).toMatchObject({ military: '1730', twelveHour: '5:30 PM', minutesAfterMidnight: 1050 });
    expect(await one('5pm')).toMatchObject({ military: '1700' });
    expect(await one('12 am')).toMatchObject({ military: '0000', nextDay: false });
    expect(await one('730')).toMatchObject({ twentyFourHour: '07:30' });
    expect(await one('7')).toMatchObject({ twentyFourHour: '07:00' });
    expect(await one('23:59:59')).toMatchObject({ military: '235959', twelveHour: '11:59:59 PM' });
  });

  it('2400 is midnight at the end of the day', async () => {
    for (const t of ['2400', '24:00', '24:00:00'])
      expect(await one(t), t).toMatchObject({
        twentyFourHour: t === '24:00:00' ? '24:00:00' : '24:00',
        twelveHour: t === '24:00:00' ? '12:00:00 AM' : '12:00 AM',
        nextDay: true,
        minutesAfterMidnight: 1440,
      });
  });

  it('converts a batch of the maximum size', async () => {
    const r = await runTool(tool, {
      times: Array.from({ length: 100 }, (_, i) => `${String(i % 24).padStart(2, '0')}${String(i % 60).padStart(2, '0')}`),
    });
    expect(r.results).toHaveLength(100);
    await expectToolError(tool, { times: Array(101).fill('1200') }, 400, /times/);
    await expectToolError(tool, { times: [] }, 400, /times/);
  });

  it('refuses impossible times naming the index', async () => {
    for (const [t, msg] of [
      ['2401', /times\[0\].*hours run/],
      ['2500', /times\[0\]/],
      ['1260', /minutes/],
      ['13:00 pm', /12-hour/],
      ['0:30 am', /12-hour/],
      ['noon', /not a time/],
      ['', /not a time/],
      ['12:3', /not a time/],
    ] as const)
      await expectToolError(tool, { times: [t] }, 400, msg);
    await expectToolError(tool, { times: ['1200', 'x'] }, 400, /times\[1\]/);
  });
});
