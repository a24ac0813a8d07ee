/**
 * Per-tool JSON Schema snapshots (input and output, as listed to MCP clients and
 * in OpenAPI), like github-mcp-server's tool snapshots: an unintended schema change
 * fails here. After an intended change: UPDATE_SCHEMAS=1 npx vitest run test/schemas.test.ts.
 * A new tool's snapshot is written on its first run (and must then be committed:
 * in CI, where CI=true, a missing snapshot fails).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../src/catalogue.js';
import { repoRoot } from './helpers/paths.js';

const registry = await loadRegistry();
const update = process.env.UPDATE_SCHEMAS === '1';

describe('tool schema snapshots', () => {
  for (const { tool, inputSchema, outputSchema } of registry.tools) {
    it(`${tool.toolset}/${tool.slug}`, () => {
      const file = join(repoRoot, 'test', 'tools', tool.toolset, '__schemas__', `${tool.slug}.json`);
      const text = JSON.stringify({ name: tool.name, inputSchema, outputSchema }, null, 2) + '\n';
      if (update || (!existsSync(file) && process.env.CI !== 'true')) {
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, text);
      }
      expect(existsSync(file), `${file} is missing: run the tests once locally and commit it`).toBe(true);
      expect(text, `${tool.slug}: the schema changed; if intended, UPDATE_SCHEMAS=1 and commit the snapshot`).toBe(
        readFileSync(file, 'utf8'),
      );
    });
  }
});
