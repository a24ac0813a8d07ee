import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description: 'Dates and times: date arithmetic and differences, age, week numbers, time zones, timesheets, cron schedules',
});
