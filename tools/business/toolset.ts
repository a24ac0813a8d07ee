import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description:
    'Business and shopping sums: VAT/btw add or remove, US sales tax, GST, profit margin, markup, break-even units, sales commission, discounts, tips, splitting a bill, freelance (zzp) hourly rate, fuel cost of a trip, appliance electricity cost, meeting cost',
});
