/**
 * Dutch public holidays that are a customary day off (the `dayOff` flag of
 * tools/_lib/holidays.ts: not Good Friday; Bevrijdingsdag only in lustrum years),
 * as a day-number lookup for the business-day arithmetic of tools/_lib/calendar.ts.
 * The same set the `working-days` tool subtracts.
 */
import { ToolError } from '../../src/core/tool.js';
import { HOLIDAY_YEARS, dutchHolidays } from '../_lib/holidays.js';
import { civil, parseIsoDate, type Day } from '../_lib/calendar.js';

export { HOLIDAY_YEARS };

export interface DaysOff {
  /** True for a Dutch day-off holiday; a day outside HOLIDAY_YEARS throws a 400 naming the field. */
  test: (day: Day) => boolean;
  /** English name of the holiday on `day`, if any. */
  name: (day: Day) => string | undefined;
}

/** A lazily filled lookup (one year at a time); `field` is named in the 400 for years outside HOLIDAY_YEARS. */
export function dutchDaysOff(field: string): DaysOff {
  const years = new Map<number, Map<Day, string>>();
  const yearMap = (day: Day) => {
    const [y] = civil(day);
    let map = years.get(y);
    if (!map) {
      if (y < HOLIDAY_YEARS.min || y > HOLIDAY_YEARS.max)
        throw new ToolError(
          `with \`excludeDutchHolidays\`, every date counted must lie in ${HOLIDAY_YEARS.min}–${HOLIDAY_YEARS.max} (reached ${y})`,
          400,
          { field },
        );
      map = new Map();
      // 5 May can be both Bevrijdingsdag and Ascension Day (2005, 2016): keep the first name.
      for (const h of dutchHolidays(y)) if (h.dayOff && !map.has(parseIsoDate(h.date)!)) map.set(parseIsoDate(h.date)!, h.nameEn);
      years.set(y, map);
    }
    return map;
  };
  return { test: (d) => yearMap(d).has(d), name: (d) => yearMap(d).get(d) };
}
