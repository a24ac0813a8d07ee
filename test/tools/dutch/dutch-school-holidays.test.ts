import { describe, expect, it } from 'vitest';
import tool from '../../../tools/dutch/dutch-school-holidays.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const span = (rows: any[], vacation: string, region: string) => {
  const r = rows.find((x) => x.vacation === vacation && x.region === region);
  return [r.start, r.end];
};

describe('dutch-school-holidays', () => {
  it('runs its declared examples', async () => {
    for (const ex of tool.examples) expect(await runTool(tool, ex.input)).toEqual(ex.output);
  });

  it('2025-2026: the Rijksoverheid table, all regions (15 rows, ordered by vacation then region)', async () => {
    const out = await runTool(tool, { schoolYear: '2025-2026' });
    expect(out.vacations).toHaveLength(15);
    expect(out.vacations.map((r: any) => `${r.vacation}/${r.region}`).slice(0, 4)).toEqual([
      'herfst/noord',
      'herfst/midden',
      'herfst/zuid',
      'kerst/noord',
    ]);
    const v = out.vacations;
    expect(span(v, 'herfst', 'noord')).toEqual(['2025-10-18', '2025-10-26']);
    expect(span(v, 'herfst', 'midden')).toEqual(['2025-10-18', '2025-10-26']);
    expect(span(v, 'herfst', 'zuid')).toEqual(['2025-10-11', '2025-10-19']);
    for (const r of ['noord', 'midden', 'zuid']) {
      expect(span(v, 'kerst', r)).toEqual(['2025-12-20', '2026-01-04']);
      expect(span(v, 'mei', r)).toEqual(['2026-04-25', '2026-05-03']);
    }
    expect(span(v, 'voorjaar', 'noord')).toEqual(['2026-02-21', '2026-03-01']);
    expect(span(v, 'voorjaar', 'midden')).toEqual(['2026-02-14', '2026-02-22']);
    expect(span(v, 'voorjaar', 'zuid')).toEqual(['2026-02-14', '2026-02-22']);
    expect(span(v, 'zomer', 'noord')).toEqual(['2026-07-04', '2026-08-16']);
    expect(span(v, 'zomer', 'midden')).toEqual(['2026-07-18', '2026-08-30']);
    expect(span(v, 'zomer', 'zuid')).toEqual(['2026-07-11', '2026-08-23']);
    expect(out.sources).toEqual([
      'https://www.rijksoverheid.nl/onderwerpen/schoolvakanties/overzicht-schoolvakanties-per-schooljaar/overzicht-schoolvakanties-2025-2026',
    ]);
  });

  it('2024-2025: the official table as copied by schools and press', async () => {
    const v = (await runTool(tool, { schoolYear: '2024-2025' })).vacations;
    expect(span(v, 'herfst', 'noord')).toEqual(['2024-10-26', '2024-11-03']);
    expect(span(v, 'herfst', 'midden')).toEqual(['2024-10-26', '2024-11-03']);
    expect(span(v, 'herfst', 'zuid')).toEqual(['2024-10-19', '2024-10-27']);
    expect(span(v, 'kerst', 'zuid')).toEqual(['2024-12-21', '2025-01-05']);
    expect(span(v, 'voorjaar', 'noord')).toEqual(['2025-02-15', '2025-02-23']);
    expect(span(v, 'voorjaar', 'zuid')).toEqual(['2025-02-22', '2025-03-02']);
    expect(span(v, 'mei', 'midden')).toEqual(['2025-04-26', '2025-05-04']);
    expect(span(v, 'zomer', 'noord')).toEqual(['2025-07-12', '2025-08-24']);
    expect(span(v, 'zomer', 'midden')).toEqual(['2025-07-19', '2025-08-31']);
    expect(span(v, 'zomer', 'zuid')).toEqual(['2025-07-05', '2025-08-17']);
  });

  it('every stored holiday starts on a Saturday, ends on a Sunday, with sane lengths and the compulsory flags', async () => {
    for (const schoolYear of ['2024-2025', '2025-2026']) {
      const { vacations } = await runTool(tool, { schoolYear });
      for (const r of vacations) {
        expect(new Date(`${r.start}T00:00:00Z`).getUTCDay(), `${schoolYear} ${r.vacation} ${r.region}`).toBe(6);
        expect(new Date(`${r.end}T00:00:00Z`).getUTCDay(), `${schoolYear} ${r.vacation} ${r.region}`).toBe(0);
        expect(r.days).toBe(r.vacation === 'zomer' ? 44 : r.vacation === 'kerst' ? 16 : 9);
        expect(r.compulsory).toBe(r.vacation === 'kerst' || r.vacation === 'zomer');
      }
    }
  });

  it('date mode: first and last day of a holiday, the day before and after, region differences', async () => {
    // Herfst 2025: zuid 11–19 Oct, noord/midden 18–26 Oct.
    expect(await runTool(tool, { date: '2025-10-10', region: 'zuid' })).toMatchObject({ inHoliday: false, vacations: [] });
    expect(await runTool(tool, { date: '2025-10-11', region: 'zuid' })).toMatchObject({ inHoliday: true });
    expect(await runTool(tool, { date: '2025-10-19', region: 'zuid' })).toMatchObject({ inHoliday: true });
    expect(await runTool(tool, { date: '2025-10-20', region: 'zuid' })).toMatchObject({ inHoliday: false });
    expect(await runTool(tool, { date: '2025-10-11', region: 'noord' })).toMatchObject({ inHoliday: false });
    expect(await runTool(tool, { date: '2025-10-18', region: 'noord' })).toMatchObject({ inHoliday: true });
    // 18–19 Oct 2025 is herfst in every region.
    const both = await runTool(tool, { date: '2025-10-19' });
    expect(both.vacations.map((r: any) => r.region)).toEqual(['noord', 'midden', 'zuid']);
    // 1 Mar 2026: voorjaar only in noord.
    const mar1 = await runTool(tool, { date: '2026-03-01' });
    expect(mar1).toMatchObject({ inHoliday: true, sources: [expect.stringContaining('2025-2026')] });
    expect(mar1.vacations).toEqual([expect.objectContaining({ vacation: 'voorjaar', region: 'noord', schoolYear: '2025-2026' })]);
    // Kerst crosses the year: 1 Jan 2026 and 4 Jan in, 5 Jan out.
    expect(await runTool(tool, { date: '2026-01-01', region: 'midden' })).toMatchObject({
      inHoliday: true,
      vacations: [{ vacation: 'kerst' }],
    });
    expect(await runTool(tool, { date: '2026-01-05', region: 'midden' })).toMatchObject({ inHoliday: false });
    // A school day between two school years' holidays (after all zomers 2025, before herfst zuid 2025).
    expect(await runTool(tool, { date: '2025-09-15' })).toMatchObject({ inHoliday: false, vacations: [] });
    // Zomer 2025 (2024-2025) vs the next school year.
    expect(await runTool(tool, { date: '2025-08-31', region: 'midden' })).toMatchObject({
      inHoliday: true,
      vacations: [{ schoolYear: '2024-2025' }],
    });
    expect(await runTool(tool, { date: '2025-08-31', region: 'noord' })).toMatchObject({ inHoliday: false });
  });

  it('date mode is limited to the dates the tables cover', async () => {
    expect(await runTool(tool, { date: '2024-10-19', region: 'zuid' })).toMatchObject({ inHoliday: true }); // first covered day
    expect(await runTool(tool, { date: '2026-08-30', region: 'midden' })).toMatchObject({ inHoliday: true }); // last covered day
    await expectToolError(tool, { date: '2024-10-18' }, 400, /`date`.*outside.*2024-10-19 to 2026-08-30/);
    await expectToolError(tool, { date: '2026-08-31' }, 400, /`date`.*outside/);
  });

  it('refuses unknown school years, malformed input and ambiguous requests', async () => {
    await expectToolError(tool, { schoolYear: '2026-2027' }, 400, /`schoolYear`.*2026-2027.*available school years: 2024-2025, 2025-2026/);
    await expectToolError(tool, { schoolYear: '2023-2024' }, 400, /available school years/);
    await expectToolError(tool, { schoolYear: '2025-2027' }, 400, /consecutive/);
    await expectToolError(tool, { schoolYear: '2025/2026' }, 400, /schoolYear/);
    await expectToolError(tool, { date: '2025-02-30' }, 400, /date/);
    await expectToolError(tool, {}, 400, /exactly one/);
    await expectToolError(tool, { schoolYear: '2025-2026', date: '2025-10-11' }, 400, /exactly one/);
    await expectToolError(tool, { schoolYear: '2025-2026', region: 'oost' }, 400, /region/);
  });
});
