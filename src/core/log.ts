/**
 * Logging goes to stderr only: in stdio mode stdout is the JSON-RPC channel.
 * Never log API keys or request bodies. Every line starts `werkbank: `, as the CLI's errors do.
 */
export function log(message: string): void {
  process.stderr.write(`werkbank: ${message}\n`);
}
