/** The MCP prompts, in listing order. One file per prompt. */
import type { Prompt } from '../src/core/prompt.js';
import brpTestSet from './brp-test-set.js';
import upaDefectFile from './upa-defect-file.js';
import convertData from './convert-data.js';

export const allPrompts: Prompt[] = [brpTestSet, upaDefectFile, convertData];
