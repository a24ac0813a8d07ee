/**
 * Rendering as tools see it (through `ToolContext.render`): the interface
 * lives in core so tools and the pipeline do not depend on the browser pool
 * that implements it (src/render/service.ts).
 */

/** A file the server hosts for 24 hours (a `file://` URL where no HTTP server runs: stdio). */
export interface HostedFile {
  url: string;
  expiresAt: string;
  bytes: number;
  contentType: string;
}

export type PaperFormat = 'A4' | 'Letter';

/** Full-page screenshots are cut at this height (px): taller pages exhaust renderer memory. */
export const MAX_FULL_PAGE_HEIGHT = 16_384;
/** Viewport height of (non-full-page) screenshots, px. */
export const SCREENSHOT_HEIGHT = 800;

export interface RenderApi {
  htmlToPdf(html: string, format: PaperFormat, landscape: boolean): Promise<HostedFile>;
  urlToPdf(url: string, format: PaperFormat, landscape: boolean): Promise<HostedFile>;
  urlScreenshot(url: string, width: number, fullPage: boolean): Promise<HostedFile>;
  /** Host bytes made without a browser (QR codes). */
  store(body: Uint8Array, contentType: string, filename: string): Promise<HostedFile>;
  /** The bytes of a still-valid file hosted here, if at most `max` bytes (MCP image previews); else null. */
  readHosted(url: string, max: number): Buffer | null;
}
