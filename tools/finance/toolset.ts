import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description: 'Loans and savings: loan, EMI, compound interest, investment, SIP, savings, retirement, debt payoff, inflation, ROI',
});
