#!/usr/bin/env node
/**
 * The `werkbank` command (the bundle's entry: dist/werkbank.js). Each command is a module of src/cli/:
 *
 *   werkbank                      MCP over stdio (what MCP hosts run via `npx -y werkbank-mcp`)   src/cli/stdio.ts
 *   werkbank stdio                the same, explicitly
 *   werkbank serve [options]      HTTP: REST API, OpenAPI and MCP (Streamable HTTP) on one port   src/cli/serve.ts
 *   werkbank doctor               check the environment and print MCP host configurations         src/cli/doctor.ts
 *   werkbank install-browser      fetch the render browser into the data dir                      src/cli/install-browser.ts
 *   werkbank accounts|keys|credits|usage ...   administration of the store (embedded, or PostgreSQL with --database-url)
 *                                                                                                 src/cli/admin.ts
 *   werkbank migrate [--from-data DIR]          database schema; copy an embedded store into PostgreSQL
 *                                                                                                 src/cli/migrate.ts
 *
 * Parsing and dispatch are in src/cli/main.ts, the help texts in src/cli/help.ts.
 */
import { HttpError } from './core/errors.js';
import { main } from './cli/main.js';

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (err: unknown) => {
    // An HttpError (or a mistyped option) is the user's to fix: its message alone, exit code 2.
    process.stderr.write(`werkbank: ${(err as Error).message}\n`);
    process.exitCode = err instanceof HttpError ? 2 : 1;
  },
);
