/**
 * Shared pieces of the render tools (tools/render): the render result schema,
 * the `metering` field, and the MCP preview blocks.
 */
import { z } from 'zod';
import { ToolError, type McpContentBlock, type ToolContext } from '../../src/core/tool.js';
import type { RenderApi } from '../../src/core/render-api.js';
import { aliasedEnum } from './aliased-enum.js';

/** PNGs up to this size are also returned inline as an MCP image block. */
export const MCP_IMAGE_MAX_BYTES = 1024 * 1024;

export const meteringSchema = z
  .object({
    source: z
      .enum(['allowance', 'credits', 'anonymous', 'local'])
      .describe(
        'What paid for this render: `allowance` (monthly render allowance of the key), `credits` (render price in credits), ' +
          '`anonymous` (daily allowance without a key), `local` (not metered: stdio or a server without metering)',
      ),
    remaining: z
      .number()
      .int()
      .nullable()
      .describe('What is left of that source: renders (allowance, anonymous) or credits (credits); null when not metered'),
  })
  .describe('How the render was paid for');

export const renderResultSchema = z.object({
  url: z.string().describe('Download URL of the file; valid for 24 hours (`file://` URL when running over stdio)'),
  expiresAt: z.string().describe('When the URL stops working (ISO 8601, UTC): 24 hours after the render'),
  bytes: z.number().int().describe('Size of the file in bytes'),
  contentType: z.string().describe('Media type of the file: application/pdf or image/png'),
  metering: meteringSchema,
});
export type RenderResult = z.output<typeof renderResultSchema>;

/** The renderer of this call's surface (503 where the surface has none); `doing` is reported as the call's progress. */
export function renderOf(ctx: ToolContext, doing?: string): RenderApi {
  if (!ctx.render) throw new ToolError('Rendering is not available on this surface', 503);
  if (doing) ctx.progress?.({ message: doing });
  return ctx.render();
}

export function meteringOf(ctx: ToolContext): RenderResult['metering'] {
  const m = ctx.metering;
  if (!m) return { source: 'local', remaining: null };
  return { source: m.source as RenderResult['metering']['source'], remaining: m.remaining };
}

/**
 * MCP content next to the JSON: the PNG itself when it is small enough,
 * otherwise (and for PDFs) a link to the hosted file.
 */
export function previewBlocks(data: { url: string; contentType: string; bytes: number }, ctx: ToolContext): McpContentBlock[] {
  if (data.contentType.startsWith('image/') && data.bytes <= MCP_IMAGE_MAX_BYTES) {
    const body = ctx.render?.().readHosted(data.url, MCP_IMAGE_MAX_BYTES);
    if (body) return [{ type: 'image', data: body.toString('base64'), mimeType: data.contentType }];
  }
  const name = data.contentType === 'application/pdf' ? 'document.pdf' : 'image';
  return [{ type: 'resource_link', uri: data.url, name, mimeType: data.contentType, description: 'Rendered file (valid 24 hours)' }];
}

export const PAPER_FORMAT = aliasedEnum(['A4', 'Letter'], { aliases: { usletter: 'Letter' } })
  .default('A4')
  .describe('Paper size (case-insensitive)');

export const LANDSCAPE = z.boolean().default(false).describe('Landscape orientation');

export const URL_FIELD = z.string().min(1).max(8_192).describe('Public http(s) URL to render');
