import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description:
    'Dutch money and law calculators, year by year with official figures: gross-to-net salary (bruto-netto), 30% ruling, holiday allowance (vakantiegeld), notice period (opzegtermijn), transition payment (transitievergoeding), tax-free mileage allowance, inheritance and gift tax, AOW age, WW benefit duration, mortgage (hypotheek) payments, DUO student finance',
});
