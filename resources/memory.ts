/**
 * The agent-memory resource template: every note an agent stores with
 * memory_set is the MCP resource `memory://<namespace>/<key>`. The behaviour
 * (listing, reading, completion, subscriptions) is in src/mcp-extensions.ts.
 */
import type { ResourceTemplateDeclaration } from '../src/core/resource.js';

export default {
  uriTemplate: 'memory://{namespace}/{key}',
  name: 'memory-item',
  title: 'Agent memory item',
  description:
    'A note stored with memory_set, readable with resources/read. namespace and key complete from your stored items; items expire after the plan retention (30 days free, 365 paid and local).',
} satisfies ResourceTemplateDeclaration;
