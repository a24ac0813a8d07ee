/**
 * The one list of tools. Each group keeps its own list in `tools/<group>/index.ts`
 * (add a tool with `node scripts/register-tool.mjs <group> <slug>`); this file
 * joins them. Order here is the order of `tools/list` and the docs.
 */
import type { Tool } from '../src/tool.js';
import text from './text/index.js';
import format from './format/index.js';
import dev from './dev/index.js';
import security from './security/index.js';
import validation from './validation/index.js';
import dutch from './dutch/index.js';
import calc from './calc/index.js';
import generators from './generators/index.js';
import memory from './memory/index.js';
import render from './render/index.js';
import ai from './ai/index.js';

export const allTools: Tool[] = [...text, ...format, ...dev, ...security, ...validation, ...dutch, ...calc, ...generators, ...render, ...memory, ...ai];
