import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description:
    'Dates and times: add or subtract days and business days, days between dates, age from birth date, ISO week numbers, time zone conversion, 12/24-hour (military) time, timesheets and hours worked, overtime pay, PTO/leave accrual, cron expressions explained with next runs',
});
