import type { Tool } from '../../src/tool.js';
import wordCounter from './word-counter.js';
import markdownToHtml from './markdown-to-html.js';

/** The `text` toolset. One import and one entry per tool. */
export default [
  wordCounter,
  markdownToHtml,
] as Tool[];
