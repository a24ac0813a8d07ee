import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../src/catalogue.js';

const registry = await loadRegistry();

const DEFAULT_TOOLSETS = registry.defaultToolsets;

describe('default toolsets', () => {
  it('list fewer than 40 tools, discovery tools included', () => {
    const listed = registry.inToolsets(new Set(DEFAULT_TOOLSETS)).length + 3;
    expect(listed).toBeLessThan(40);
  });
});
