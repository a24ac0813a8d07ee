import type { Tool } from '../../src/tool.js';
import aiGenerate from './ai-generate.js';
import aiSummarize from './ai-summarize.js';
import aiTranslate from './ai-translate.js';
import aiExtract from './ai-extract.js';

/** The `ai` toolset. One import and one entry per tool. */
export default [
  aiGenerate,
  aiSummarize,
  aiTranslate,
  aiExtract,
] as Tool[];
