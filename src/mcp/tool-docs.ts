/**
 * Every tool's full reference as an MCP resource, `werkbank://docs/<slug>`
 * (also by MCP name): reached through the resource template, with completion
 * of the tool argument. Descriptions that move reference material out of the
 * listing point here.
 */
import { ResourceNotFoundError } from '@modelcontextprotocol/server';
import type { Registry } from '../core/registry.js';
import { DOCS_URI_PREFIX, toolReference } from '../docs/reference.js';
import { completion } from './completion.js';
import type { McpExtension } from './surface.js';

const TEMPLATE = `${DOCS_URI_PREFIX}{tool}`;

export function toolDocs(registry: Registry): McpExtension {
  return {
    capabilities: {},
    resources: {
      templates: [
        {
          uriTemplate: TEMPLATE,
          name: 'tool-docs',
          title: 'Tool reference',
          description:
            'The full reference of a werkbank tool (its REST slug or MCP name): every field, the long explanations and the examples.',
        },
      ],
      async read(uri) {
        if (!uri.startsWith(DOCS_URI_PREFIX)) return null;
        const id = uri.slice(DOCS_URI_PREFIX.length);
        // Only tools this process lists: a hidden tool (an AI tool without an endpoint) has no reference here either.
        const entry = registry.listed().find((t) => t.tool.slug === id || t.tool.name === id);
        if (!entry) throw new ResourceNotFoundError(uri);
        return { contents: [{ uri, mimeType: 'text/markdown', text: await toolReference(entry, registry) }] };
      },
    },
    async complete(params) {
      if (params.ref.type !== 'ref/resource' || params.ref.uri !== TEMPLATE || params.argument.name !== 'tool') return null;
      const typed = params.argument.value ?? '';
      return completion(
        registry
          .listed()
          .map((t) => t.tool.slug)
          .filter((s) => s.startsWith(typed)),
      );
    },
  };
}
