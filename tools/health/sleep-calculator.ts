import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { DISCLAIMER } from '../_lib/body-units.js';

/**
 * Sleep-cycle timing as sleepyti.me does it: whole cycles of 90 minutes plus the time it takes to fall
 * asleep (sleepyti.me and clevr use 14 minutes; some pages use 15; both are inputs here).
 * wake-at: bedtime = wake − fallAsleep − n·cycle; bed-at: wake = bed + fallAsleep + n·cycle.
 * Times are clock times on a 24-hour dial: arithmetic is modulo 1440 minutes, and `dayOffset` says
 * whether the answer falls on the day before (−1) or after (+1) the given time.
 */
const MINUTES_PER_DAY = 1440;
const TIME = /^(\d{1,2}):(\d{2})(?:\s*([ap])\.?m\.?)?$/i;

function parseClock(text: string): number {
  const m = TIME.exec(text.trim());
  if (m) {
    let h = Number(m[1]);
    const min = Number(m[2]);
    const ampm = m[3]?.toLowerCase();
    const ok = min < 60 && (ampm ? h >= 1 && h <= 12 : h < 24);
    if (ok) {
      if (ampm) h = (h % 12) + (ampm === 'p' ? 12 : 0);
      return h * 60 + min;
    }
  }
  throw new ToolError(`\`time\` must be a clock time HH:MM (24-hour, e.g. 07:00 or 23:30) or h:mm am/pm (got "${text}")`, 400, {
    field: 'time',
  });
}

const pad = (n: number) => String(n).padStart(2, '0');
export const clock24 = (m: number) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
const clock12 = (m: number) => `${((Math.floor(m / 60) + 11) % 12) + 1}:${pad(m % 60)} ${m < 720 ? 'AM' : 'PM'}`;

export default defineTool({
  slug: 'sleep-calculator',
  title: 'Sleep cycle calculator',
  summary: 'When to go to bed or wake up so you finish whole sleep cycles.',
  keywords: {
    en: ['bedtime', 'wake up time', 'sleep cycles', 'REM', 'when to sleep', 'sleep', 'wake up'],
    nl: ['slaap', 'bedtijd', 'wekker', 'slaapcycli', 'slapen', 'wakker worden'],
  },
  description:
    'Bedtimes (wake-at) or wake-up times (bed-at) that fit whole sleep cycles: time ± fallAsleepMinutes ± cycles × cycleMinutes, for minCycles–maxCycles. Times HH:MM or h:mm am/pm; dayOffset marks wrapping over midnight.',
  resultView: { kind: 'table', field: 'options', label: 'Times' },
  input: z.strictObject({
    mode: z.enum(['wake-at', 'bed-at']).default('wake-at').describe('What time is'),
    time: z.string().max(12).describe('HH:MM, e.g. 07:00'),
    fallAsleepMinutes: z.int().min(0).max(120).default(14).describe('Minutes to fall asleep'),
    cycleMinutes: z.int().min(60).max(120).default(90).describe('Sleep cycle length'),
    // At most 10 options of constant work each (worst case well under 1 ms); 10 × 120 + 120 min < 24 h keeps dayOffset in −1…+1.
    minCycles: z.int().min(1).max(10).default(4).describe('Fewest cycles'),
    maxCycles: z.int().min(1).max(10).default(6).describe('Most cycles'),
  }),
  output: z.object({
    mode: z.enum(['wake-at', 'bed-at']),
    given: z.string().describe('The input time as HH:MM'),
    options: z.array(
      z.object({
        cycles: z.int(),
        time: z.string().describe('HH:MM, 24-hour'),
        time12h: z.string(),
        dayOffset: z.int().describe('−1 day before, 0 same day, +1 day after the given time'),
        sleepHours: z.number(),
      }),
    ),
    formula: z.string(),
    disclaimer: z.string(),
  }),
  examples: [
    // sleepyti.me, "I have to wake up at 7:00 AM": go to sleep at 9:46 PM (6 cycles), 11:16 PM (5),
    // 12:46 AM (4) (it also lists 2:16 AM for 3 cycles).
    {
      name: 'Wake at 07:00 (sleepyti.me example)',
      input: { time: '07:00' },
      output: {
        mode: 'wake-at',
        given: '07:00',
        options: [
          { cycles: 6, time: '21:46', time12h: '9:46 PM', dayOffset: -1, sleepHours: 9 },
          { cycles: 5, time: '23:16', time12h: '11:16 PM', dayOffset: -1, sleepHours: 7.5 },
          { cycles: 4, time: '00:46', time12h: '12:46 AM', dayOffset: 0, sleepHours: 6 },
        ],
        formula: 'bedtime = wake − 14 min − cycles × 90 min',
        disclaimer: DISCLAIMER,
      },
    },
    // By the same rule: bed at 11 PM → asleep 23:14 → 4, 5, 6 cycles end 05:14, 06:44, 08:14 next day.
    {
      name: 'Bed at 11 pm',
      input: { mode: 'bed-at', time: '11:00 pm' },
      output: {
        mode: 'bed-at',
        given: '23:00',
        options: [
          { cycles: 4, time: '05:14', time12h: '5:14 AM', dayOffset: 1, sleepHours: 6 },
          { cycles: 5, time: '06:44', time12h: '6:44 AM', dayOffset: 1, sleepHours: 7.5 },
          { cycles: 6, time: '08:14', time12h: '8:14 AM', dayOffset: 1, sleepHours: 9 },
        ],
        formula: 'wake = bedtime + 14 min + cycles × 90 min',
        disclaimer: DISCLAIMER,
      },
    },
  ],
  run(input) {
    if (input.minCycles > input.maxCycles)
      throw new ToolError(`\`minCycles\` (${input.minCycles}) must not exceed \`maxCycles\` (${input.maxCycles})`, 400, {
        field: 'minCycles',
      });
    const t = parseClock(input.time);
    const wakeAt = input.mode === 'wake-at';
    const counts: number[] = [];
    for (let n = input.minCycles; n <= input.maxCycles; n++) counts.push(n);
    if (wakeAt) counts.reverse(); // earliest bedtime first
    const options = counts.map((cycles) => {
      const span = input.fallAsleepMinutes + cycles * input.cycleMinutes;
      const abs = wakeAt ? t - span : t + span;
      const m = ((abs % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
      return {
        cycles,
        time: clock24(m),
        time12h: clock12(m),
        dayOffset: Math.floor(abs / MINUTES_PER_DAY),
        sleepHours: (cycles * input.cycleMinutes) / 60,
      };
    });
    return {
      mode: input.mode,
      given: clock24(t),
      options,
      formula: wakeAt
        ? `bedtime = wake − ${input.fallAsleepMinutes} min − cycles × ${input.cycleMinutes} min`
        : `wake = bedtime + ${input.fallAsleepMinutes} min + cycles × ${input.cycleMinutes} min`,
      disclaimer: DISCLAIMER,
    };
  },
});
