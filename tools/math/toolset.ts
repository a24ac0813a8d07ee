import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description:
    'Maths and units: percentages (of, change, difference), unit conversion (length, weight, temperature, volume...), fractions, ratios, mean/median/mode, standard deviation, aspect ratios',
});
