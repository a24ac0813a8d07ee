/** A registry of some declarations, placed in one toolset (as the generated tool index places a folder's files). */
import { Registry } from '../../src/core/registry.js';
import type { ToolDeclaration } from '../../src/core/tool.js';
import { declareToolset, type ToolsetSpec } from '../../src/core/toolset.js';

export function registryOf(
  declarations: readonly ToolDeclaration[],
  toolset = 'test',
  spec: ToolsetSpec = { description: 'Test tools' },
): Registry {
  return Registry.of(
    declarations.map((d) => ({ ...d, toolset })),
    [declareToolset(toolset, spec)],
  );
}
