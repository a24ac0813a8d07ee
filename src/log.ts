/**
 * Logging goes to stderr only: in stdio mode stdout is the JSON-RPC channel.
 * Never log API keys or request bodies.
 */
let quiet = false;

export function setQuiet(value: boolean): void {
  quiet = value;
}

export function log(message: string): void {
  if (!quiet) process.stderr.write(`[werkbank] ${message}\n`);
}
