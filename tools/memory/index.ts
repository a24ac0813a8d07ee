import type { Tool } from '../../src/tool.js';
import memorySet from './memory-set.js';
import memoryGet from './memory-get.js';
import memoryList from './memory-list.js';
import memorySearch from './memory-search.js';
import memoryDelete from './memory-delete.js';

/** The `memory` toolset (0 credits each). Order matters for the examples: set before get. */
export default [memorySet, memoryGet, memoryList, memorySearch, memoryDelete] as Tool[];
