import { definePrompt } from '../src/core/prompt.js';
import { DEFECTS } from '../tools/generators/upa/options.js';

export default definePrompt({
  name: 'upa_defect_file',
  title: 'Make a UPA test file with a deliberate defect',
  description:
    'Asks for a UPA pension declaration file (XML, schema 2026) with one deliberate defect, to test that a check rejects it; uses generate_upa_files.',
  arguments: [
    { name: 'check', description: 'The defect the receiving check must catch', required: true, values: DEFECTS },
    { name: 'employments', description: 'How many employments (default 10)' },
  ],
  render({ check, employments }) {
    const n = employments && /^\d+$/.test(employments) ? employments : '10';
    return [
      `Make a UPA test file to prove that the receiving system rejects the defect "${check}".`,
      `Call generate_upa_files with format "xml" and options {"population": {"count": ${n}, "seed": 1}, "period": {"startYear": 2026, "startMonth": 1, "months": 1}, "defects": {"${check}": true}}.`,
      'Report the file name, where the defect was injected (see warnings) and what a correct system should answer. Also generate the same options without the defect, as the control file that must be accepted.',
    ].join('\n');
  },
});
