/** What every command shares: its parsed options, printing to stdout, and the per-user data dir. */
import { join, resolve } from 'node:path';
import { homedir } from 'node:os';

/** The parsed command-line options (see OPTIONS in src/cli/main.ts). */
export type CliValues = Record<string, string | boolean | undefined>;

export function print(text: string): void {
  process.stdout.write(text.endsWith('\n') ? text : text + '\n');
}

/**
 * The data dir of the commands an MCP host or a user runs from anywhere (stdio, doctor, install-browser): --data,
 * else WERKBANK_DATA_DIR, else ~/.werkbank, so every werkbank on the machine finds the same memory and browser.
 */
export function userDataDir(option: string | undefined): string {
  return resolve(option ?? process.env.WERKBANK_DATA_DIR ?? join(homedir(), '.werkbank'));
}
