import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { parseClock as parse } from './_clock.js';

const MAX_TIMES = 100;

const p2 = (n: number) => String(n).padStart(2, '0');

function convert(text: string) {
  const p = parse(text);
  if (typeof p === 'string') return p;
  const endOfDay = p.hour === 24;
  const h = p.hour % 24;
  const sec = p.second === null ? '' : `:${p2(p.second)}`;
  return {
    input: text,
    readAs: p.from,
    military: `${p2(p.hour)}${p2(p.minute)}${p.second === null ? '' : p2(p.second)}`,
    twentyFourHour: `${p2(p.hour)}:${p2(p.minute)}${sec}`,
    twelveHour: `${h % 12 === 0 ? 12 : h % 12}:${p2(p.minute)}${sec} ${h < 12 ? 'AM' : 'PM'}`,
    minutesAfterMidnight: p.hour * 60 + p.minute,
    nextDay: endOfDay,
  };
}

const result = z.object({
  input: z.string(),
  readAs: z.enum(['12h', '24h']).describe('How the input was read'),
  military: z.string().describe('hhmm (hhmmss with seconds), e.g. 1730'),
  twentyFourHour: z.string().describe('hh:mm[:ss]'),
  twelveHour: z.string().describe('h:mm[:ss] AM/PM'),
  minutesAfterMidnight: z.int().describe('0–1440 (1440 = 24:00)'),
  nextDay: z.boolean().describe('24:00 / 2400: the 12-hour form is 12:00 AM of the next day'),
});

export default defineTool({
  slug: 'military-time-converter',
  title: 'Military (24-hour) time converter',
  summary: 'Convert between 12-hour (AM/PM) and 24-hour military time.',
  keywords: {
    en: [
      '24 hour clock',
      '12 hour clock',
      'am pm',
      'military time',
      'hours',
      '1700 hours',
      'pm',
      'am',
      '24-hour',
      'normal time',
      'standard time',
      'regular time',
    ],
    nl: ['24-uursnotatie', '12-uursklok', 'tijdnotatie', '24 uur', 'am pm', "'s middags", 'gewone tijd'],
  },
  description:
    'Converts times between the 12-hour clock and 24-hour/military time; each input may be either form ("1730", "17:30:15", "0730 hours", "5:30 pm", "12:15 a.m."). "2400" is midnight at the end of the day, flagged nextDay.',
  resultView: { kind: 'table', field: 'results', label: 'Times' },
  input: z.strictObject({
    times: z.array(z.string().max(20)).min(1).max(MAX_TIMES).describe('Times to convert'),
  }),
  output: z.object({ results: z.array(result) }),
  examples: [
    // Wikipedia "12-hour clock" conversion table: 00:00 = 12:00 AM (midnight), 12:00 = 12:00 PM (noon),
    // 17:30 ↔ 5:30 PM; ISO 8601 24:00 = end of the day.
    {
      name: 'Both directions, midnight and end of day',
      input: { times: ['1730', '12:15 am', '12:00 PM', '2400'] },
      output: {
        results: [
          {
            input: '1730',
            readAs: '24h',
            military: '1730',
            twentyFourHour: '17:30',
            twelveHour: '5:30 PM',
            minutesAfterMidnight: 1050,
            nextDay: false,
          },
          {
            input: '12:15 am',
            readAs: '12h',
            military: '0015',
            twentyFourHour: '00:15',
            twelveHour: '12:15 AM',
            minutesAfterMidnight: 15,
            nextDay: false,
          },
          {
            input: '12:00 PM',
            readAs: '12h',
            military: '1200',
            twentyFourHour: '12:00',
            twelveHour: '12:00 PM',
            minutesAfterMidnight: 720,
            nextDay: false,
          },
          {
            input: '2400',
            readAs: '24h',
            military: '2400',
            twentyFourHour: '24:00',
            twelveHour: '12:00 AM',
            minutesAfterMidnight: 1440,
            nextDay: true,
          },
        ],
      },
    },
    {
      name: 'With seconds',
      input: { times: ['9:05:30 p.m.'] },
      output: {
        results: [
          {
            input: '9:05:30 p.m.',
            readAs: '12h',
            military: '210530',
            twentyFourHour: '21:05:30',
            twelveHour: '9:05:30 PM',
            minutesAfterMidnight: 1265,
            nextDay: false,
          },
        ],
      },
    },
  ],
  run({ times }) {
    return {
      results: times.map((t, i) => {
        const r = convert(t);
        if (typeof r === 'string') throw new ToolError(`\`times[${i}]\` ("${t}"): ${r}`, 400, { field: `times[${i}]` });
        return r;
      }),
    };
  },
});
