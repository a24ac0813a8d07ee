import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { MAX_AMOUNT } from '../_lib/money.js';
import { pricingOutput, solvePricing } from './_margin.js';

export default defineTool({
  slug: 'margin-calculator',
  title: 'Profit margin calculator',
  summary: 'Profit margin from cost and price, or the price you need for a target margin.',
  keywords: {
    en: [
      'profit margin',
      'gross margin',
      'gross profit',
      'selling price',
      'cost price',
      'profit',
      'markup vs margin',
      'earn per sale',
      'buy price',
      'sell price',
    ],
    nl: ['winstmarge', 'brutomarge', 'marge', 'winst', 'verkoopprijs', 'inkoopprijs', 'marge berekenen', 'inkoop', 'verkoop'],
  },
  description:
    'Gross margin: give any two of cost, price and marginPercent; returns the third plus profit and the equivalent markup. Margin = (price − cost) / price (markup on cost: markup-calculator). Negative margin allowed (isLoss); 400 on division by zero or a margin ≥ 100 % when solving for the price.',
  resultView: {
    kind: 'figure',
    field: 'marginPercent',
    unit: '%',
    label: 'Margin',
    detail: ['profit', 'markupPercent'],
    choose: { by: 'solvedFor', fields: { price: 'price', cost: 'cost' } },
  },
  input: z.strictObject({
    cost: z.number().min(0).max(MAX_AMOUNT).optional().describe('Cost per unit (or total cost)'),
    price: z.number().min(0).max(MAX_AMOUNT).optional().describe('Selling price (revenue)'),
    marginPercent: z.number().min(-1e6).max(100).optional().describe('Gross margin in percent of the price, below 100'),
  }),
  output: pricingOutput,
  examples: [
    // Omni-style margin worked example (use.calculator.city/margin-calculator-omni): cost 50, price 80 → margin 37.5 %, profit 30, markup 60 %.
    {
      name: 'Cost 50, price 80 → margin 37.5 %',
      input: { cost: 50, price: 80 },
      output: {
        solvedFor: 'percent',
        cost: 50,
        price: 80,
        profit: 30,
        marginPercent: 37.5,
        markupPercent: 60,
        isLoss: false,
        formula: 'marginPercent = (price − cost) / price × 100',
      },
    },
    {
      name: 'Price for a 30 % margin on a cost of 10 (10 / 0.7, rounded to cents)',
      input: { cost: 10, marginPercent: 30 },
      output: {
        solvedFor: 'price',
        cost: 10,
        price: 14.29,
        profit: 4.29,
        marginPercent: 30,
        markupPercent: 42.8571428571429,
        isLoss: false,
        formula: 'price = cost / (1 − marginPercent / 100)',
      },
    },
    {
      name: 'Highest cost for a 37.5 % margin at a price of 80',
      input: { price: 80, marginPercent: 37.5 },
      output: {
        solvedFor: 'cost',
        cost: 50,
        price: 80,
        profit: 30,
        marginPercent: 37.5,
        markupPercent: 60,
        isLoss: false,
        formula: 'cost = price × (1 − marginPercent / 100)',
      },
    },
  ],
  run: ({ cost, price, marginPercent }) => solvePricing({ cost, price, percent: marginPercent, kind: 'margin' }),
});
