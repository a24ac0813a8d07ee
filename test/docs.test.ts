import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadRegistry } from '../src/catalogue.js';
import { TOOL_TABLE_PAGE, withToolTable } from '../src/docs/tool-table.js';
import { repoRoot } from './helpers/paths.js';

const registry = await loadRegistry();

describe('documentation', () => {
  it(`${TOOL_TABLE_PAGE} has an up-to-date generated tool table (run \`npm run docs\`)`, () => {
    const page = readFileSync(resolve(repoRoot, TOOL_TABLE_PAGE), 'utf8');
    expect(withToolTable(page, registry)).toBe(page);
  });

  it('the README states the two commands', () => {
    const readme = readFileSync(resolve(repoRoot, 'README.md'), 'utf8');
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm install && npm test');
  });
});

describe('registry rules', () => {
  it('every tool: title, long description, two examples, described input fields, explicit annotations', async () => {
    for (const entry of registry.tools) {
      const tool = await entry.load();
      expect(tool.examples.length, tool.slug).toBeGreaterThanOrEqual(2);
      expect(tool.description.length, tool.slug).toBeGreaterThan(60);
      const props = (entry.inputSchema.properties ?? {}) as Record<string, { description?: string }>;
      for (const [name, p] of Object.entries(props)) expect(p.description, `${tool.slug}.${name} needs .describe()`).toBeTruthy();
      expect(typeof tool.annotations.readOnlyHint).toBe('boolean');
      expect(typeof tool.annotations.idempotentHint).toBe('boolean');
      expect(typeof tool.annotations.openWorldHint).toBe('boolean');
    }
  });
});
