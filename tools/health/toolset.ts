import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description:
    'Health and fitness: BMI, BMR, TDEE and daily calories, macros, body fat, ideal weight, water intake, sleep cycles, running pace, one-rep max, pregnancy due date, ovulation, dog age in human years',
});
