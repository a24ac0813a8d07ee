import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description:
    'CSV files: convert TSV (tab-separated, pasted from Excel) to CSV, pick or reorder columns, merge or join CSV files on a key, split a CSV by rows, parts or column value',
});
