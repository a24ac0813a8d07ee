/** Pieces shared by the MCP extensions (resources, prompts): argument completion and the JSON-RPC invalid-params code. */

export const INVALID_PARAMS = -32602;

export interface CompleteParams {
  ref: { type: string; name?: string; uri?: string };
  argument: { name: string; value: string };
  context?: { arguments?: Record<string, string> };
}

/** A completion result: at most 100 values, with the total. */
export function completion(values: string[]) {
  const limited = values.slice(0, 100);
  return { completion: { values: limited, total: values.length, hasMore: values.length > limited.length } };
}
