import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description: 'Agent memory: store, read, list, search and delete notes (0 credits)',
  listedByDefault: true,
  order: ['memory-set', 'memory-get', 'memory-list', 'memory-search', 'memory-delete'],
});
