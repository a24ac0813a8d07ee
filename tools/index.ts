/**
 * The one list of tools. Each group keeps its own list in `tools/<group>/index.ts`;
 * this file joins them. Order here is the order of `tools/list` and the docs.
 */
import type { Tool } from '../src/tool.js';
import text from './text/index.js';
import format from './format/index.js';
import dev from './dev/index.js';

export const allTools: Tool[] = [...text, ...format, ...dev];
