import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description: 'Agent memory: remember, recall, list, search and forget notes across conversations (0 credits)',
  listedByDefault: true,
  order: ['memory-set', 'memory-get', 'memory-list', 'memory-search', 'memory-delete'],
});
