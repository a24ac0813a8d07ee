import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description: 'Health, fitness and everyday body calculators: BMI, BMR, TDEE, calories, macros, body fat, ideal weight, water, sleep, running pace, pregnancy, 1RM, dog age',
});
