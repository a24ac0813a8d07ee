import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description:
    'Loans, savings and investing: loan payments and amortisation schedules, EMI, compound interest, savings goals, investment growth or required return, SIP, retirement savings, debt payoff (avalanche, snowball), inflation, ROI, salary per hour/month/year',
});
