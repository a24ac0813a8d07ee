/**
 * `GET /api/v1/tools`: the catalogue of the tools this server lists, and with `?q=` the tool search
 * (the same ranking as MCP find_tools and the web catalogue, src/search/). Hidden tools (the AI tools
 * without an endpoint) are never in it.
 */
import { HttpError } from '../core/errors.js';
import type { Registry, RegisteredTool } from '../core/registry.js';
import type { ApiOperation } from '../docs/openapi.js';
import { parseVisibleToolset } from '../core/toolsets.js';
import { summaryOf } from '../search/text.js';

/** Answers with `q`: the best 20 unless `limit` says otherwise (at most 200). */
export const SEARCH_LIMIT = { default: 20, max: 200 } as const;

export interface CatalogueQuery {
  q?: string;
  limit?: string;
  toolset?: string;
}

export function catalogueAnswer(registry: Registry, query: CatalogueQuery) {
  const q = query.q?.trim() ? query.q : undefined;
  if (q !== undefined && q.length > 1000) throw new HttpError('Invalid q: at most 1000 characters', 400, { field: 'q' });
  let limit: number | undefined;
  if (query.limit !== undefined) {
    limit = Number(query.limit);
    if (!/^\d+$/.test(query.limit.trim()) || limit < 1 || limit > SEARCH_LIMIT.max)
      throw new HttpError(`Invalid limit: a whole number from 1 to ${SEARCH_LIMIT.max}`, 400, { field: 'limit' });
  }
  const toolset = query.toolset?.trim() ? parseVisibleToolset(registry, query.toolset) : undefined;
  const item = (entry: RegisteredTool, score?: number) => {
    const { tool } = entry;
    return {
      slug: tool.slug,
      name: tool.name,
      title: tool.title,
      summary: tool.summary ?? summaryOf(tool.description),
      description: tool.description,
      toolset: tool.toolset,
      keywords: tool.keywords,
      cost: tool.cost,
      path: registry.restPath(tool),
      ...(score !== undefined ? { score } : {}),
    };
  };
  if (q === undefined) {
    const tools = registry.listed().filter((e) => toolset === undefined || e.tool.toolset === toolset);
    const page = limit === undefined ? tools : tools.slice(0, limit);
    return { count: page.length, tools: page.map((e) => item(e)) };
  }
  const hits = registry.search(q, { limit: limit ?? SEARCH_LIMIT.default, toolset });
  return { count: hits.length, query: q, tools: hits.map((h) => item(h.entry, h.score)) };
}

const TOOL_ITEM = {
  type: 'object',
  required: ['slug', 'name', 'title', 'summary', 'description', 'toolset', 'keywords', 'cost', 'path'],
  properties: {
    slug: { type: 'string' },
    name: { type: 'string', description: 'The MCP tool name' },
    title: { type: 'string' },
    summary: { type: 'string', description: 'One line for people: the declared summary, else the first sentence of the description' },
    description: { type: 'string' },
    toolset: { type: 'string' },
    keywords: {
      type: 'object',
      description: 'Words people use for the task, English and Dutch',
      required: ['en', 'nl'],
      properties: { en: { type: 'array', items: { type: 'string' } }, nl: { type: 'array', items: { type: 'string' } } },
    },
    cost: { type: 'integer', description: 'Credits per call' },
    path: { type: 'string', description: 'POST path of the REST operation' },
    score: { type: 'number', description: 'With q: the search score (higher is better); tools come best first' },
  },
} as const;

/** GET /api/v1/tools, for the OpenAPI document. */
export const CATALOGUE_OPERATION: ApiOperation = {
  method: 'get',
  path: '/api/v1/tools',
  tag: 'catalog', // the OpenAPI tag clients already group by: kept as published
  auth: 'none',
  summary:
    'The tools this server lists; with q, the tool search: tools ranked best first for a task in words (English or Dutch; a whole sentence works, typos and Dutch compounds too), the same ranking as MCP find_tools',
  parameters: [
    {
      name: 'q',
      in: 'query',
      required: false,
      description:
        'A task in words, e.g. "convert SRT to VTT" or "hoeveel vakantiegeld krijg ik"; only tools matching some of its words are answered, best first',
      schema: { type: 'string', maxLength: 1000 },
    },
    {
      name: 'limit',
      in: 'query',
      required: false,
      description: `At most this many tools (with q default ${SEARCH_LIMIT.default}; without q every tool)`,
      schema: { type: 'integer', minimum: 1, maximum: SEARCH_LIMIT.max },
    },
    { name: 'toolset', in: 'query', required: false, description: 'Only the tools of this toolset', schema: { type: 'string' } },
  ],
  data: {
    type: 'object',
    required: ['count', 'tools'],
    properties: {
      count: { type: 'integer', description: 'How many tools are in `tools`' },
      query: { type: 'string', description: 'With q: the query searched' },
      tools: { type: 'array', items: TOOL_ITEM },
    },
  },
};
