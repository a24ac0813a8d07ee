import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description: 'CSV tools: TSV to CSV, extract columns, merge and join files, split files',
});
