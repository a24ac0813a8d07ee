/** Reading a time of day typed by a person (military-time-converter, timesheet-calculator). */

export interface Clock {
  hour: number; // 0–24 (24 only as 24:00:00)
  minute: number;
  second: number | null;
  from: '12h' | '24h';
}

/**
 * 12-hour: h[:mm[:ss]] with am/pm (a.m., p.m., a, p), hours 1–12; 12 AM = 00, 12 PM = 12 (NIST / Wikipedia
 * "12-hour clock"). 24-hour: hhmm, hh:mm, h:mm, hh:mm:ss, hh[mm] followed by "h", "hrs" or "hours"; 24:00 /
 * 2400 is midnight at the end of the day (ISO 8601).
 */
export function parseClock(text: string): Clock | string {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const twelve = /^(\d{1,2})(?:[:.h]?(\d{2})(?::(\d{2}))?)? ?(a|p)\.? ?m?\.?$/.exec(t);
  if (twelve) {
    const [h, mi, s] = [Number(twelve[1]), Number(twelve[2] ?? 0), twelve[3] === undefined ? null : Number(twelve[3])];
    if (h < 1 || h > 12) return `hour ${h} is not on a 12-hour clock (1–12 with AM/PM)`;
    if (mi > 59 || (s ?? 0) > 59) return 'minutes and seconds run 00–59';
    return { hour: (h % 12) + (twelve[4] === 'p' ? 12 : 0), minute: mi, second: s, from: '12h' };
  }
  const t24 = t.replace(/ ?(h|hr|hrs|hours)$/, '');
  const colon = /^(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?$/.exec(t24);
  const compact = /^(\d{2})(\d{2})(\d{2})?$/.exec(t24) ?? /^(\d)(\d{2})$/.exec(t24);
  const hourOnly = /^(\d{1,2})$/.exec(t24);
  const m = colon ?? compact;
  if (!m && !hourOnly) return 'not a time: use 1730, 17:30, 17:30:15 or 5:30 PM';
  const [h, mi, s] = m ? [Number(m[1]), Number(m[2]), m[3] === undefined ? null : Number(m[3])] : [Number(hourOnly![1]), 0, null];
  if (h === 24 && mi === 0 && !s) return { hour: 24, minute: 0, second: s, from: '24h' };
  if (h > 23) return 'hours run 00–23 (24:00 only as midnight at the end of the day)';
  if (mi > 59 || (s ?? 0) > 59) return 'minutes and seconds run 00–59';
  return { hour: h, minute: mi, second: s, from: '24h' };
}
