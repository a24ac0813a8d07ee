import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { MAX_AMOUNT } from '../_lib/money.js';
import { pricingOutput, solvePricing } from './_margin.js';

export default defineTool({
  slug: 'markup-calculator',
  title: 'Markup calculator',
  summary: 'Markup on cost: the selling price for a markup, or the markup of a price.',
  keywords: {
    en: ['markup percentage', 'cost plus', 'selling price from cost', 'price setting', 'mark up', 'price from cost', 'retail price'],
    nl: ['opslag', 'opslagpercentage', 'kostprijs plus', 'verkoopprijs bepalen', 'opslag berekenen', 'verkoopprijs'],
  },
  description:
    'Markup on cost: give any two of cost, price and markupPercent; returns the third plus profit and the equivalent margin. Markup = (price − cost) / cost (100 % markup = 50 % margin). Down to −100 % allowed; 400 on division by zero.',
  resultView: {
    kind: 'figure',
    field: 'price',
    label: 'Selling price',
    detail: ['profit', 'marginPercent'],
    choose: { by: 'solvedFor', fields: { percent: 'markupPercent', cost: 'cost' } },
  },
  input: z.strictObject({
    cost: z.number().min(0).max(MAX_AMOUNT).optional().describe('Cost per unit (or total cost)'),
    price: z.number().min(0).max(MAX_AMOUNT).optional().describe('Selling price'),
    markupPercent: z.number().min(-100).max(1e6).optional().describe('Markup in percent of the cost, −100 or more'),
  }),
  output: pricingOutput,
  examples: [
    // Markup formula of online-calculator.org/markup-calculator.aspx: revenue = markup / 100 × cost + cost; margin = profit / revenue × 100.
    {
      name: 'Cost 50 with a 60 % markup → price 80 (margin 37.5 %)',
      input: { cost: 50, markupPercent: 60 },
      output: {
        solvedFor: 'price',
        cost: 50,
        price: 80,
        profit: 30,
        marginPercent: 37.5,
        markupPercent: 60,
        isLoss: false,
        formula: 'price = cost × (1 + markupPercent / 100)',
      },
    },
    {
      name: 'Cost 100, price 125 → markup 25 % (margin 20 %)',
      input: { cost: 100, price: 125 },
      output: {
        solvedFor: 'percent',
        cost: 100,
        price: 125,
        profit: 25,
        marginPercent: 20,
        markupPercent: 25,
        isLoss: false,
        formula: 'markupPercent = (price − cost) / cost × 100',
      },
    },
    {
      name: 'Cost behind a price of 19.99 at a 33 % markup',
      input: { price: 19.99, markupPercent: 33 },
      output: {
        solvedFor: 'cost',
        cost: 15.03,
        price: 19.99,
        profit: 4.96,
        marginPercent: 24.812030075188,
        markupPercent: 33,
        isLoss: false,
        formula: 'cost = price / (1 + markupPercent / 100)',
      },
    },
  ],
  run: ({ cost, price, markupPercent }) => solvePricing({ cost, price, percent: markupPercent, kind: 'markup' }),
});
