import { describe, expect, it } from 'vitest';
import tool from '../../../tools/dutch-calc/student-finance-calculator.js';
import { DUO_PERIODS, HO_2026_TOTALS_WITHOUT_CREDIT } from '../../../tools/dutch-calc/_duo.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const run = (input: object) => runTool(tool, input);

describe('student-finance-calculator', () => {
  it('runs its declared examples', async () => {
    for (const ex of tool.examples) expect(await runTool(tool, ex.input)).toEqual(ex.output);
  });

  it('mbo 2024, the duo.nl table, both periods and living situations', async () => {
    expect(await run({ level: 'mbo', livingSituation: 'thuiswonend', year: 2024, month: 1 })).toMatchObject({
      period: { id: 'mbo-2024-01-07' },
      basisbeurs: 99.94,
      aanvullendeBeursMax: 408.07,
      rentedragendeLening: 217.72,
      totalMax: 725.73,
    });
    const jan = await run({ level: 'mbo', livingSituation: 'uitwonend', year: 2024, month: 1 });
    expect(jan).toMatchObject({
      basisbeurs: 490.46,
      aanvullendeBeursMax: 434.45,
      totalMax: 1142.63,
      aanvullendeBeursMaxWithoutLesgeld: 321.37,
    });
    expect(jan.notes.join(' ')).toMatch(/164\.30/);
    expect(await run({ level: 'mbo', livingSituation: 'thuiswonend', date: '2024-12-31' })).toMatchObject({
      period: { id: 'mbo-2024-08-12' },
      basisbeurs: 99.94,
      aanvullendeBeursMax: 413.24,
      totalMax: 730.9,
      aanvullendeBeursMaxWithoutLesgeld: 294.99,
    });
    // DUO: "geen lesgeld" totals € 612,65 thuiswonend (both periods) and € 1.029,55 / € 865,25 uitwonend.
    for (const [date, living, total] of [
      ['2024-03-01', 'thuiswonend', 612.65],
      ['2024-03-01', 'uitwonend', 1029.55],
      ['2024-10-01', 'thuiswonend', 612.65],
      ['2024-10-01', 'uitwonend', 865.25],
    ] as const) {
      const r = await run({ level: 'mbo', livingSituation: living, date });
      expect(Math.round((r.basisbeurs + r.aanvullendeBeursMaxWithoutLesgeld + r.rentedragendeLening) * 100) / 100).toBe(total);
    }
  });

  it('period boundaries: the first and last day of each period', async () => {
    const id = async (level: string, date: string) => (await run({ level, livingSituation: 'uitwonend', date })).period.id;
    expect(await id('mbo', '2024-07-31')).toBe('mbo-2024-01-07');
    expect(await id('mbo', '2024-08-01')).toBe('mbo-2024-08-12');
    expect(await id('mbo', '2026-01-01')).toBe('mbo-2026-01-07');
    expect(await id('mbo', '2026-07-31')).toBe('mbo-2026-01-07');
    expect(await id('mbo', '2026-08-01')).toBe('mbo-2026-08-12');
    expect(await id('hbo', '2026-08-31')).toBe('ho-2026-01-08');
    expect(await id('wo', '2026-09-01')).toBe('ho-2026-09-12');
    expect(await id('wo', '2026-12-31')).toBe('ho-2026-09-12');
    // The July → August mbo change is in the aanvullende beurs; the uitwonend basisbeurs drops by the 164.30 increase.
    const jul = await run({ level: 'mbo', livingSituation: 'uitwonend', date: '2024-07-31' });
    const aug = await run({ level: 'mbo', livingSituation: 'uitwonend', date: '2024-08-01' });
    expect(Math.round((jul.basisbeurs - aug.basisbeurs) * 100) / 100).toBe(164.3);
  });

  it('2026: mbo and hbo/wo, with the collegegeldkrediet and totals', async () => {
    expect(await run({ level: 'mbo', livingSituation: 'thuiswonend', year: 2026, month: 3 })).toMatchObject({
      basisbeurs: 107.26,
      aanvullendeBeursMax: 438.08,
      rentedragendeLening: 233.65,
      collegegeldkrediet: null,
      totalMax: 778.99,
    });
    expect(await run({ level: 'mbo', livingSituation: 'uitwonend', year: 2026, month: 8 })).toMatchObject({
      basisbeurs: 350.03,
      aanvullendeBeursMax: 470.82,
      totalMax: 1054.5,
      aanvullendeBeursMaxWithoutLesgeld: 344.9,
    });
    const hoJan = await run({ level: 'hbo', livingSituation: 'thuiswonend', year: 2026, month: 1 });
    expect(hoJan).toMatchObject({
      basisbeurs: 130.21,
      aanvullendeBeursMax: 491.08,
      rentedragendeLening: 315.17,
      collegegeldkrediet: 216.75,
      grantsMax: 621.29,
      loansMax: 531.92,
      totalMax: 1153.21,
      aanvullendeBeursMaxWithoutLesgeld: null,
    });
    expect(hoJan.notes.join(' ')).toMatch(/single copy/);
    expect(await run({ level: 'wo', livingSituation: 'uitwonend', year: 2026, month: 9 })).toMatchObject({
      basisbeurs: 324.52,
      collegegeldkrediet: 224.5,
      totalMax: 1355.27,
    });
    // hbo and wo are the same table.
    const { level: _h, ...hbo } = await run({ level: 'hbo', livingSituation: 'uitwonend', date: '2026-05-05' });
    const { level: _w, ...wo } = await run({ level: 'wo', livingSituation: 'uitwonend', date: '2026-05-05' });
    expect(hbo).toEqual(wo);
  });

  it('every held period: the parts add up to DUO’s printed totals, and the collegegeldkrediet is collegegeld / 12', async () => {
    for (const p of DUO_PERIODS)
      for (const living of ['thuiswonend', 'uitwonend'] as const) {
        const r = await run({ level: p.group === 'ho' ? 'wo' : 'mbo', livingSituation: living, date: `${p.from}-15` });
        expect(r.period.id).toBe(p.id);
        expect(Math.round((r.grantsMax + r.loansMax) * 100) / 100).toBe(r.totalMax);
        if (p.group === 'mbo') expect(r.totalMax, p.id).toBe(p.amounts[living].publishedTotal);
        else expect(Math.round((r.totalMax - r.collegegeldkrediet) * 100) / 100, p.id).toBe(HO_2026_TOTALS_WITHOUT_CREDIT[living]);
      }
    expect(Math.round((2601 / 12) * 100) / 100).toBe(216.75);
    expect(Math.round((2694 / 12) * 100) / 100).toBe(224.5);
  });

  it('refuses periods without complete official figures, listing the available ones', async () => {
    await expectToolError(
      tool,
      { level: 'mbo', livingSituation: 'thuiswonend', year: 2025, month: 6 },
      400,
      /`year`.*mbo in 2025-06.*available periods: 2024-01 to 2024-07, 2024-08 to 2024-12, 2026-01 to 2026-07, 2026-08 to 2026-12/,
    );
    await expectToolError(
      tool,
      { level: 'hbo', livingSituation: 'uitwonend', date: '2024-09-01' },
      400,
      /`date`.*hbo\/wo in 2024-09.*available periods: 2026-01 to 2026-08, 2026-09 to 2026-12/,
    );
    await expectToolError(tool, { level: 'wo', livingSituation: 'uitwonend', date: '2025-12-31' }, 400, /2025-12/);
    await expectToolError(tool, { level: 'mbo', livingSituation: 'uitwonend', date: '2023-12-31' }, 400, /2023-12/);
    await expectToolError(tool, { level: 'mbo', livingSituation: 'uitwonend', date: '2027-01-01' }, 400, /2027-01/);
  });

  it('refuses invalid input', async () => {
    await expectToolError(tool, { level: 'mbo', livingSituation: 'uitwonend' }, 400, /`year` is required/);
    await expectToolError(tool, { level: 'mbo', livingSituation: 'uitwonend', year: 2024 }, 400, /`month` is required/);
    await expectToolError(tool, { level: 'mbo', livingSituation: 'uitwonend', date: '2024-09-01', year: 2024 }, 400, /not both/);
    await expectToolError(tool, { level: 'mbo', livingSituation: 'uitwonend', year: 2024, month: 13 }, 400, /month/);
    await expectToolError(tool, { level: 'mbo', livingSituation: 'uitwonend', date: '2024-02-30' }, 400, /date/);
    await expectToolError(tool, { level: 'vwo', livingSituation: 'uitwonend', date: '2024-09-01' }, 400, /level/);
    await expectToolError(tool, { level: 'mbo', livingSituation: 'kamer', date: '2024-09-01' }, 400, /livingSituation/);
  });
});
