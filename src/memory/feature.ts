/**
 * The agent-memory feature: memory tools reach the service through their
 * context, MCP serves the items as resources, REST mirrors the tools; the
 * hourly sweep drops expired items.
 */
import type { Feature } from '../feature.js';
import { memoryResources } from './mcp-resources.js';
import { memoryOperations, memoryRoutes } from './routes.js';
import type { MemoryService } from './service.js';

export function memoryFeature(memory: MemoryService): Feature {
  return {
    services: { memory },
    mcp: [memoryResources(memory)],
    routes: [memoryRoutes],
    operations: memoryOperations,
    sweep: () => memory.sweep(),
  };
}
