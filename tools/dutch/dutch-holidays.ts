import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { HOLIDAY_YEARS, dutchHolidays } from '../_lib/holidays.js';

export default defineTool({
  slug: 'dutch-holidays',
  title: 'Dutch public holidays',
  summary: 'The Dutch public holidays of any year, with their dates and names.',
  keywords: {
    en: [
      'Netherlands public holidays',
      'bank holidays',
      'national holidays',
      "King's Day",
      'Easter',
      'Christmas',
      'Ascension',
      'public holidays',
      'holidays',
      'national holiday',
    ],
    nl: [
      'feestdagen',
      'nationale feestdagen',
      'Koningsdag',
      'Pasen',
      'Pinksteren',
      'Hemelvaart',
      'Kerst',
      'vrije dagen',
      'feestdag',
      'vrije dag',
      'officiele feestdagen',
    ],
  },
  description:
    'Lists the official Dutch public holidays (feestdagen) of a year, 1900–2099, with Dutch and English names, sorted by date. ' +
    '`dayOff` marks a customary paid day off: false for Goede Vrijdag, and for Bevrijdingsdag outside lustrum years (2025, 2030, …). ' +
    'School holidays: dutch-school-holidays.',
  docs: [
    'Holidays: Nieuwjaarsdag, Goede Vrijdag, Eerste and Tweede Paasdag, Koningsdag, Bevrijdingsdag, Hemelvaartsdag (Easter + 39), Eerste and Tweede Pinksterdag (Easter + 49/50), Eerste and Tweede Kerstdag. Movable feasts follow Gregorian Easter.',
    '',
    'Koningsdag is 27 April, moved to Saturday 26 April when the 27th is a Sunday (from 2014); before that Koninginnedag was 30 April (on a Sunday: Monday 1 May until 1979, Saturday 29 April 1980–2013) and 31 August until 1948. Bevrijdingsdag (5 May) is listed every year from 1990 (before that only in lustrum years from 1945).',
    '',
    '`dayOff`: a customary paid day off for most employees: false for Goede Vrijdag (only where the CAO grants it) and for Bevrijdingsdag except in lustrum years (most CAOs give it off only every five years); true for all others. No law obliges an employer to give any holiday off. Observances (Dodenherdenking, Prinsjesdag, Sinterklaas) are not included.',
  ].join('\n'),
  resultView: { kind: 'table', field: 'holidays', label: 'Public holidays' },
  input: z.strictObject({
    year: z.int().min(HOLIDAY_YEARS.min).max(HOLIDAY_YEARS.max).describe(`Calendar year, ${HOLIDAY_YEARS.min}–${HOLIDAY_YEARS.max}`),
  }),
  output: z.object({
    year: z.int(),
    holidays: z.array(
      z.object({
        date: z.string().describe('yyyy-mm-dd'),
        name: z.string().describe('Dutch name'),
        nameEn: z.string().describe('English name'),
        dayOff: z.boolean().describe('Customary paid day off for most employees'),
      }),
    ),
  }),
  examples: [
    {
      name: '2025 (Easter 20 April, Koningsdag on Saturday 26 April, a lustrum Bevrijdingsdag)',
      input: { year: 2025 },
      output: {
        year: 2025,
        holidays: [
          { date: '2025-01-01', name: 'Nieuwjaarsdag', nameEn: "New Year's Day", dayOff: true },
          { date: '2025-04-18', name: 'Goede Vrijdag', nameEn: 'Good Friday', dayOff: false },
          { date: '2025-04-20', name: 'Eerste Paasdag', nameEn: 'Easter Sunday', dayOff: true },
          { date: '2025-04-21', name: 'Tweede Paasdag', nameEn: 'Easter Monday', dayOff: true },
          { date: '2025-04-26', name: 'Koningsdag', nameEn: "King's Day", dayOff: true },
          { date: '2025-05-05', name: 'Bevrijdingsdag', nameEn: 'Liberation Day', dayOff: true },
          { date: '2025-05-29', name: 'Hemelvaartsdag', nameEn: 'Ascension Day', dayOff: true },
          { date: '2025-06-08', name: 'Eerste Pinksterdag', nameEn: 'Whit Sunday', dayOff: true },
          { date: '2025-06-09', name: 'Tweede Pinksterdag', nameEn: 'Whit Monday', dayOff: true },
          { date: '2025-12-25', name: 'Eerste Kerstdag', nameEn: 'Christmas Day', dayOff: true },
          { date: '2025-12-26', name: 'Tweede Kerstdag', nameEn: 'Boxing Day (Second Day of Christmas)', dayOff: true },
        ],
      },
    },
    {
      name: '2026 (Easter 5 April; Bevrijdingsdag not a lustrum year)',
      input: { year: 2026 },
      output: {
        year: 2026,
        holidays: [
          { date: '2026-01-01', name: 'Nieuwjaarsdag', nameEn: "New Year's Day", dayOff: true },
          { date: '2026-04-03', name: 'Goede Vrijdag', nameEn: 'Good Friday', dayOff: false },
          { date: '2026-04-05', name: 'Eerste Paasdag', nameEn: 'Easter Sunday', dayOff: true },
          { date: '2026-04-06', name: 'Tweede Paasdag', nameEn: 'Easter Monday', dayOff: true },
          { date: '2026-04-27', name: 'Koningsdag', nameEn: "King's Day", dayOff: true },
          { date: '2026-05-05', name: 'Bevrijdingsdag', nameEn: 'Liberation Day', dayOff: false },
          { date: '2026-05-14', name: 'Hemelvaartsdag', nameEn: 'Ascension Day', dayOff: true },
          { date: '2026-05-24', name: 'Eerste Pinksterdag', nameEn: 'Whit Sunday', dayOff: true },
          { date: '2026-05-25', name: 'Tweede Pinksterdag', nameEn: 'Whit Monday', dayOff: true },
          { date: '2026-12-25', name: 'Eerste Kerstdag', nameEn: 'Christmas Day', dayOff: true },
          { date: '2026-12-26', name: 'Tweede Kerstdag', nameEn: 'Boxing Day (Second Day of Christmas)', dayOff: true },
        ],
      },
    },
  ],
  run({ year }) {
    return { year, holidays: dutchHolidays(year) };
  },
});
