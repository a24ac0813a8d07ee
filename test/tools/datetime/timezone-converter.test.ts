import { describe, expect, it } from 'vitest';
import tool from '../../../tools/datetime/timezone-converter.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const convert = (dateTime: string, fromZone: string, toZones: string[] = ['UTC'], extra: Record<string, unknown> = {}) =>
  runTool(tool, { dateTime, fromZone, toZones, ...extra });
const utcOf = async (dateTime: string, fromZone: string, disambiguation = 'compatible') =>
  (await convert(dateTime, fromZone, ['UTC'], { disambiguation })).utc;

// Transition dates from timeanddate.com's time zone pages (2024): Amsterdam 31 March 02:00 → 03:00 and
// 27 October 03:00 → 02:00; New York 10 March 02:00 → 03:00 and 3 November 02:00 → 01:00; Lord Howe Island
// 7 April 02:00 → 01:30 and 6 October 02:00 → 02:30 (30-minute DST); Tokyo: no DST.
describe('timezone-converter', () => {
  it('Europe/Amsterdam: gap and fold', async () => {
    const gap = await convert('2024-03-31T02:30', 'Europe/Amsterdam');
    expect(gap.source).toMatchObject({
      flag: 'nonexistent',
      localDateTime: '2024-03-31T03:30:00',
      offset: '+02:00',
      abbreviation: 'CEST',
      isDst: true,
    });
    expect(gap.utc).toBe('2024-03-31T01:30:00Z');
    expect(await utcOf('2024-03-31T02:30', 'Europe/Amsterdam', 'earlier')).toBe('2024-03-31T00:30:00Z');
    expect(await utcOf('2024-03-31T02:30', 'Europe/Amsterdam', 'later')).toBe('2024-03-31T01:30:00Z');
    expect((await convert('2024-03-31T02:00', 'Europe/Amsterdam')).source.flag).toBe('nonexistent');
    expect((await convert('2024-03-31T01:59', 'Europe/Amsterdam')).source).toMatchObject({
      flag: null,
      offset: '+01:00',
      abbreviation: 'CET',
      isDst: false,
    });
    expect((await convert('2024-03-31T03:00', 'Europe/Amsterdam')).source).toMatchObject({ flag: null, offset: '+02:00' });

    const fold = await convert('2024-10-27T02:30', 'Europe/Amsterdam');
    expect(fold.source).toMatchObject({ flag: 'ambiguous', offset: '+02:00', otherUtc: '2024-10-27T01:30:00Z' });
    expect(fold.utc).toBe('2024-10-27T00:30:00Z');
    expect(await utcOf('2024-10-27T02:30', 'Europe/Amsterdam', 'later')).toBe('2024-10-27T01:30:00Z');
    expect((await convert('2024-10-27T02:00', 'Europe/Amsterdam')).source.flag).toBe('ambiguous');
    expect((await convert('2024-10-27T01:59', 'Europe/Amsterdam')).source).toMatchObject({ flag: null, offset: '+02:00' });
    expect((await convert('2024-10-27T03:00', 'Europe/Amsterdam')).source).toMatchObject({ flag: null, offset: '+01:00' });
  });

  it('America/New_York: gap and fold', async () => {
    expect(await convert('2024-03-10T02:30', 'America/New_York')).toMatchObject({
      source: { flag: 'nonexistent', localDateTime: '2024-03-10T03:30:00', abbreviation: 'EDT' },
      utc: '2024-03-10T07:30:00Z',
    });
    expect(await convert('2024-11-03T01:30', 'America/New_York')).toMatchObject({
      source: { flag: 'ambiguous', offset: '-04:00', abbreviation: 'EDT', otherUtc: '2024-11-03T06:30:00Z' },
      utc: '2024-11-03T05:30:00Z',
    });
    expect((await convert('2024-11-03T01:30', 'America/New_York', ['UTC'], { disambiguation: 'later' })).source).toMatchObject({
      offset: '-05:00',
      abbreviation: 'EST',
    });
    expect((await convert('2024-11-03T02:00', 'America/New_York')).source).toMatchObject({ flag: null, offset: '-05:00' });
  });

  it('Australia/Lord_Howe: 30-minute gap and fold', async () => {
    const gap = await convert('2024-10-06T02:15', 'Australia/Lord_Howe');
    expect(gap.source).toMatchObject({ flag: 'nonexistent', localDateTime: '2024-10-06T02:45:00', offset: '+11:00', abbreviation: 'LHDT' });
    expect(gap.source.note).toMatch(/skip 30 minutes/);
    expect(gap.utc).toBe('2024-10-05T15:45:00Z');
    expect((await convert('2024-10-06T02:30', 'Australia/Lord_Howe')).source).toMatchObject({ flag: null, offset: '+11:00' });
    expect((await convert('2024-10-06T01:59', 'Australia/Lord_Howe')).source).toMatchObject({
      flag: null,
      offset: '+10:30',
      abbreviation: 'LHST',
    });

    const fold = await convert('2024-04-07T01:45', 'Australia/Lord_Howe');
    // Temporal "compatible" (and java.time) take the earlier instant (+11:00). @date-fns/tz TZDate 1.5.0 returns
    // the later one (15:15Z) here and for the Amsterdam fold, so it is not the reference for these tests.
    expect(fold.source).toMatchObject({ flag: 'ambiguous', offset: '+11:00', otherUtc: '2024-04-06T15:15:00Z' });
    expect(fold.utc).toBe('2024-04-06T14:45:00Z');
    expect((await convert('2024-04-07T01:29', 'Australia/Lord_Howe')).source.flag).toBeNull();
    expect((await convert('2024-04-07T02:00', 'Australia/Lord_Howe')).source).toMatchObject({ flag: null, offset: '+10:30' });
  });

  it('Asia/Tokyo has no DST: never flagged, always +09:00', async () => {
    for (const t of [
      '2024-03-31T02:30',
      '2024-10-27T02:30',
      '2024-03-10T02:30',
      '2024-11-03T01:30',
      '2024-07-01T00:00',
      '2024-01-01T00:00',
    ]) {
      const r = await convert(t, 'Asia/Tokyo', ['Asia/Tokyo']);
      expect(r.source).toMatchObject({ flag: null, offset: '+09:00', isDst: false, localDateTime: `${t}:00` });
      expect(r.conversions[0]).toMatchObject({ localDateTime: `${t}:00`, dayShift: 0 });
    }
  });

  it('agrees with a brute-force search of the instants showing each wall-clock time (every 10 minutes around each change)', async () => {
    // Independent of the tool's algorithm: try every offset from −12:00 to +14:00 in 15-minute steps (all
    // present-day offsets are multiples of 15 minutes) and keep the instants whose wall clock in the zone
    // equals the input. 0 instants = nonexistent, 2 = ambiguous. Compatible = the earlier of two, or for a gap
    // the input read with the offset before the change.
    const windows: [string, string][] = [
      ['Europe/Amsterdam', '2024-03-31'],
      ['Europe/Amsterdam', '2024-10-27'],
      ['America/New_York', '2024-03-10'],
      ['America/New_York', '2024-11-03'],
      ['Australia/Lord_Howe', '2024-04-07'],
      ['Australia/Lord_Howe', '2024-10-06'],
      ['Asia/Tokyo', '2024-03-31'],
    ];
    const flags: Record<string, number> = {};
    for (const [zone, date] of windows) {
      const fmt = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      });
      const wall = (ms: number) => fmt.format(ms).replace(', ', 'T');
      for (let minutes = 0; minutes < 5 * 60; minutes += 10) {
        const local = `${date}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        const asUtc = Date.parse(`${local}:00Z`);
        const instants: number[] = [];
        for (let o = -12 * 60; o <= 14 * 60; o += 15) if (wall(asUtc - o * 60_000) === local) instants.push(asUtc - o * 60_000);
        instants.sort((x, y) => x - y);
        const r = await convert(local, zone);
        const got = Date.parse(r.utc);
        const label = `${zone} ${local}`;
        if (instants.length === 1) {
          expect(r.source.flag, label).toBeNull();
          expect(got, label).toBe(instants[0]);
        } else if (instants.length === 2) {
          expect(r.source.flag, label).toBe('ambiguous');
          expect([got, Date.parse(r.source.otherUtc)], label).toEqual(instants);
        } else {
          expect(instants, label).toHaveLength(0);
          expect(r.source.flag, label).toBe('nonexistent');
          // Read with the offset in force a day earlier (before the change): moves forward by the gap.
          const dayBefore = asUtc - 86_400_000;
          const offsetBefore = Date.parse(`${wall(dayBefore)}:00Z`) - dayBefore;
          expect(got, label).toBe(asUtc - offsetBefore);
        }
        flags[`${zone} ${r.source.flag}`] = (flags[`${zone} ${r.source.flag}`] ?? 0) + 1;
      }
    }
    // 10-minute samples: a 60-minute gap/fold has 6 of them, a 30-minute one 3; Tokyo none.
    expect(flags).toMatchObject({
      'Europe/Amsterdam nonexistent': 6,
      'Europe/Amsterdam ambiguous': 6,
      'America/New_York nonexistent': 6,
      'America/New_York ambiguous': 6,
      'Australia/Lord_Howe nonexistent': 3,
      'Australia/Lord_Howe ambiguous': 3,
      'Asia/Tokyo null': 30,
    });
    expect(Object.keys(flags).filter((k) => k.startsWith('Asia/Tokyo'))).toEqual(['Asia/Tokyo null']);
  });

  it('converts to several zones with offsets, abbreviations and day shifts', async () => {
    const r = await convert('2024-07-01T12:00', 'Europe/Amsterdam', [
      'Asia/Kolkata',
      'Pacific/Chatham',
      'America/Los_Angeles',
      'Asia/Kathmandu',
    ]);
    expect(r.utc).toBe('2024-07-01T10:00:00Z');
    expect(r.conversions).toEqual([
      {
        zone: 'Asia/Kolkata',
        localDateTime: '2024-07-01T15:30:00',
        offset: '+05:30',
        offsetMinutes: 330,
        abbreviation: 'IST',
        isDst: false,
        dayShift: 0,
      },
      {
        zone: 'Pacific/Chatham',
        localDateTime: '2024-07-01T22:45:00',
        offset: '+12:45',
        offsetMinutes: 765,
        abbreviation: 'CHAST',
        isDst: false,
        dayShift: 0,
      },
      {
        zone: 'America/Los_Angeles',
        localDateTime: '2024-07-01T03:00:00',
        offset: '-07:00',
        offsetMinutes: -420,
        abbreviation: 'PDT',
        isDst: true,
        dayShift: 0,
      },
      {
        zone: 'Asia/Kathmandu',
        localDateTime: '2024-07-01T15:45:00',
        offset: '+05:45',
        offsetMinutes: 345,
        abbreviation: null,
        isDst: false,
        dayShift: 0,
      },
    ]);
    const late = await convert('2024-12-31T23:30', 'UTC', ['Pacific/Kiritimati', 'Pacific/Pago_Pago']);
    expect(late.conversions.map((c: { localDateTime: string; dayShift: number }) => [c.localDateTime, c.dayShift])).toEqual([
      ['2025-01-01T13:30:00', 1],
      ['2024-12-31T12:30:00', 0],
    ]);
    // Southern hemisphere DST in January; seconds are kept.
    expect((await convert('2024-01-15T12:00:45', 'Australia/Sydney')).source).toMatchObject({
      isDst: true,
      abbreviation: 'AEDT',
      localDateTime: '2024-01-15T12:00:45',
    });
  });

  it('normalises IANA names and maps or refuses abbreviations', async () => {
    expect((await convert('2024-01-01T00:00', 'europe/amsterdam', ['asia/kolkata'])).conversions[0].zone).toBe('Asia/Kolkata');
    expect((await convert('2024-01-01T00:00', 'utc')).source.zone).toBe('UTC');
    const est = await convert('2024-07-01T12:00', 'EST', ['CET']);
    expect(est.source).toMatchObject({ zone: 'America/New_York', abbreviation: 'EDT' }); // mapped zone keeps its DST
    expect(est.warnings).toHaveLength(2);
    expect(est.warnings[0]).toMatch(/EST read as America\/New_York/);
    await expectToolError(
      tool,
      { dateTime: '2024-01-01T00:00', fromZone: 'CST', toZones: ['UTC'] },
      400,
      /fromZone.*ambiguous.*America\/Chicago.*Asia\/Shanghai/,
    );
    await expectToolError(tool, { dateTime: '2024-01-01T00:00', fromZone: 'UTC', toZones: ['UTC', 'IST'] }, 400, /toZones\[1\].*ambiguous/);
    await expectToolError(tool, { dateTime: '2024-01-01T00:00', fromZone: 'XYZ', toZones: ['UTC'] }, 400, /fromZone.*abbreviation/);
    await expectToolError(tool, { dateTime: '2024-01-01T00:00', fromZone: 'Mars/Olympus', toZones: ['UTC'] }, 400, /fromZone.*IANA/);
  });

  it('refuses bad date-times, offsets, reject-mode DST edges and oversize input', async () => {
    await expectToolError(
      tool,
      { dateTime: '2024-03-31T02:30', fromZone: 'Europe/Amsterdam', toZones: ['UTC'], disambiguation: 'reject' },
      400,
      /dateTime.*does not exist or is ambiguous/,
    );
    await expectToolError(
      tool,
      { dateTime: '2024-10-27T02:30', fromZone: 'Europe/Amsterdam', toZones: ['UTC'], disambiguation: 'reject' },
      400,
      /dateTime/,
    );
    expect(await utcOf('2024-06-01T12:00', 'Europe/Amsterdam', 'reject')).toBe('2024-06-01T10:00:00Z');
    await expectToolError(tool, { dateTime: '2024-06-01T12:00Z', fromZone: 'UTC', toZones: ['UTC'] }, 400, /dateTime.*without offset/);
    await expectToolError(tool, { dateTime: '2023-02-29T12:00', fromZone: 'UTC', toZones: ['UTC'] }, 400, /dateTime.*real/);
    await expectToolError(tool, { dateTime: '2024-06-01T24:00', fromZone: 'UTC', toZones: ['UTC'] }, 400, /dateTime/);
    await expectToolError(tool, { dateTime: '1899-12-31T12:00', fromZone: 'UTC', toZones: ['UTC'] }, 400, /1900–2100/);
    await expectToolError(tool, { dateTime: '2024-06-01T12:00', fromZone: 'UTC', toZones: [] }, 400, /toZones/);
    await expectToolError(tool, { dateTime: '2024-06-01T12:00', fromZone: 'UTC', toZones: Array(26).fill('UTC') }, 400, /toZones/);
    const max = await convert('2100-12-31T23:59:59', 'Pacific/Kiritimati', Array(25).fill('America/St_Johns'));
    expect(max.conversions).toHaveLength(25);
  });
});
