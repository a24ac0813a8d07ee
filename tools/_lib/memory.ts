/** Shared schema pieces and access for the memory tools (tools/memory/). */
import { z } from 'zod';
import { ToolError, type ToolContext } from '../../src/core/tool.js';
import { DEFAULT_NAMESPACE, KEY_PATTERN, MEMORY_LIMITS, NAMESPACE_PATTERN, type MemoryApi } from '../../src/memory/service.js';

export const namespaceField = z
  .string()
  .regex(NAMESPACE_PATTERN, 'a namespace is 1-64 characters a-z, 0-9, ".", "_" or "-", starting with a letter or digit')
  .default(DEFAULT_NAMESPACE)
  .describe(`Namespace (default "${DEFAULT_NAMESPACE}"): lower-case letters, digits, ".", "_", "-"`);

export const optionalNamespace = z
  .string()
  .regex(NAMESPACE_PATTERN, 'a namespace is 1-64 characters a-z, 0-9, ".", "_" or "-", starting with a letter or digit')
  .optional()
  .describe('Only this namespace (default: all namespaces)');

export const keyField = z
  .string()
  .regex(KEY_PATTERN, 'a key is 1-128 characters A-Z, a-z, 0-9, ".", "_" or "-", starting with a letter or digit')
  .describe('Key of the item within its namespace: letters, digits, ".", "_", "-" (max 128)');

export const tagField = z
  .string()
  .min(1)
  .max(MEMORY_LIMITS.tagLength)
  .regex(/^[^\s,]+$/, 'a tag has no spaces or commas');

export const itemSummary = z.object({
  namespace: z.string(),
  key: z.string(),
  uri: z.string().describe('The MCP resource URI: memory://<namespace>/<key>'),
  mimeType: z.enum(['text/plain', 'application/json']),
  tags: z.array(z.string()),
  bytes: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string().describe('When the item is deleted unless written again (plan retention after the last write)'),
});

export const limitField = z
  .int()
  .min(1)
  .max(MEMORY_LIMITS.page)
  .default(50)
  .describe(`Items per page, 1-${MEMORY_LIMITS.page} (default 50)`);

export async function memoryOf(ctx: ToolContext): Promise<MemoryApi> {
  if (!ctx.memory) throw new ToolError('Agent memory is not available here: it needs an account (API key) or the local stdio user', 400);
  return ctx.memory();
}
