import type { Tool } from '../../src/tool.js';
import wordCounter from './word-counter.js';

/** The `text` toolset. One import and one entry per tool. */
export default [wordCounter] as Tool[];
