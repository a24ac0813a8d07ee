import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description: 'Maths and units: percentages, unit conversion, fractions, ratios, averages, standard deviation, aspect ratios',
});
