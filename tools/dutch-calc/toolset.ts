import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description: 'Dutch calculators, year by year with official figures: net salary, 30% ruling, holiday allowance, notice period, severance, mileage, inheritance and gift tax, AOW age, WW, mortgage, student finance',
});
