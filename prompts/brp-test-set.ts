import { definePrompt } from '../src/core/prompt.js';
import { FORMATS, LIFE_EVENTS } from '../tools/generators/brp/options.js';

export default definePrompt({
  name: 'brp_test_set',
  title: 'Generate a BRP test set for a scenario',
  description:
    'Asks for Dutch BRP test persons concentrated on one life event (e.g. divorced, widowed, livesAbroad), using generate_brp_test_data with a fixed seed so the set can be regenerated.',
  arguments: [
    { name: 'scenario', description: 'The life event to test', required: true, values: LIFE_EVENTS },
    { name: 'count', description: 'How many persons (1-500 over MCP; default 20)' },
    { name: 'format', description: 'Output format (default json)', values: FORMATS },
  ],
  render({ scenario, count, format }) {
    const n = count && /^\d+$/.test(count) ? count : '20';
    return [
      `Generate a BRP test set of ${n} persons for the life event "${scenario}".`,
      `Call generate_brp_test_data with format "${format || 'json'}" and options {"count": ${n}, "seed": 20270101, "eventMix": {"${scenario}": 1}}.`,
      'Then summarise what the set contains: for each person the BSN, name, date of birth and the fields that make the life event visible (partnerships, dissolution reason, death data, address abroad...).',
      'Mention the seed, so the same set can be generated again, and that the BSNs are test numbers (999xxxxxx) not linked to real persons.',
    ].join('\n');
  },
});
