/**
 * Size limits shared by the surfaces and the tools. Every string a caller sends
 * is bounded; tools use these constants in their schemas so the limit shows in
 * the JSON Schema, the OpenAPI document and the 400 message alike.
 */
export const LIMITS = {
  /** Largest REST/MCP request body, bytes (413 above it). */
  bodyBytes: 2 * 1024 * 1024,
  /** Largest free-text input field, characters. */
  text: 1_000_000,
  /** Largest short string field (names, modes, separators...). */
  short: 200,
  /** Largest regular-expression pattern, characters. */
  pattern: 1_000,
} as const;
