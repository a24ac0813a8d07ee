import { describe, expect, it } from 'vitest';
import { getRegistry } from '../src/catalog.js';

const DEFAULT_TOOLSETS = getRegistry().defaultToolsets;

describe('default toolsets', () => {
  it('list fewer than 40 tools, discovery tools included', () => {
    const listed = getRegistry().inToolsets(new Set(DEFAULT_TOOLSETS)).length + 3;
    expect(listed).toBeLessThan(40);
  });
});
