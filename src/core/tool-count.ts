import { isAvailable, type Registry } from './registry.js';

/**
 * The one tool count every surface states (the start-up line, `doctor`, `/health`, the web catalogue,
 * docs/tools.md, server.json): every tool of this build, and the tools this process does not list with what
 * they need. `text` is e.g. "161 tools; 4 AI tools are hidden without OPENAI_API_KEY or OPENAI_BASE_URL",
 * or "161 tools" once every tool is listed. Without an environment (docs) it says what is hidden where nothing is set.
 */
export interface ToolCount {
  total: number;
  listed: number;
  hidden: { toolset: string; count: number; needs: readonly string[] }[];
  text: string;
}

export function toolCount(registry: Registry, env: NodeJS.ProcessEnv = process.env): ToolCount {
  const groups = new Map<string, { toolset: string; count: number; needs: readonly string[] }>();
  for (const { tool } of registry.tools) {
    if (isAvailable(tool, env)) continue;
    const needs = tool.requiresAnyEnv ?? [];
    const key = `${tool.toolset}|${needs.join(',')}`;
    const group = groups.get(key) ?? { toolset: tool.toolset, count: 0, needs };
    group.count++;
    groups.set(key, group);
  }
  const hidden = [...groups.values()];
  const label = (toolset: string) => (toolset.length <= 2 ? toolset.toUpperCase() : toolset);
  const why = hidden.map((h) => `${h.count} ${label(h.toolset)} tools are hidden without ${h.needs.join(' or ')}`);
  const total = registry.tools.length;
  return {
    total,
    listed: total - hidden.reduce((n, h) => n + h.count, 0),
    hidden,
    text: [`${total} tools`, ...why].join('; '),
  };
}
