import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description: 'Business and shopping: VAT, sales tax, GST, margin, markup, break-even, commission, discounts, tips, split bills, costs',
});
