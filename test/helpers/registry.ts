/** A registry of some declarations, placed in one toolset (as the generated tool index would place a folder's files). */
import { Registry } from '../../src/core/registry.js';
import type { ToolDeclaration } from '../../src/core/tool.js';
import { placeToolset, type ToolsetSpec } from '../../src/core/toolset.js';

export function registryOf(declarations: readonly ToolDeclaration[], toolset = 'test', spec: ToolsetSpec = { description: 'Test tools' }): Registry {
  const placed = declarations.map((d) => ({ ...d, toolset }));
  return new Registry(placed, [placeToolset(toolset, spec, {}).toolset]);
}
