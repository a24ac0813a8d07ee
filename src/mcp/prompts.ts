/** MCP prompts: the prompts of `prompts/`, with completion of enumerable arguments. */
import { ProtocolError, type Server } from '@modelcontextprotocol/server';
import type { McpExtension } from './surface.js';
import type { Prompt } from '../core/prompt.js';
import { completion, INVALID_PARAMS, type CompleteParams } from './completion.js';

/** The prompts of `prompts/`, with completion of enumerable arguments. */
export function prompts(list: readonly Prompt[]): McpExtension {
  const byName = new Map(list.map((p) => [p.name, p]));
  return {
    capabilities: { prompts: { listChanged: false } },
    install(server: Server) {
      server.setRequestHandler('prompts/list', async () => ({
        prompts: list.map((p) => ({
          name: p.name,
          title: p.title,
          description: p.description,
          arguments: p.arguments.map((a) => ({
            name: a.name,
            description: a.values ? `${a.description} (one of: ${a.values.join(', ')})` : a.description,
            required: a.required ?? false,
          })),
        })),
      }));
      server.setRequestHandler('prompts/get', async (request) => {
        const { name, arguments: args = {} } = request.params as { name: string; arguments?: Record<string, string> };
        const prompt = byName.get(name);
        if (!prompt) throw new ProtocolError(INVALID_PARAMS, `Unknown prompt "${name}"; prompts: ${list.map((p) => p.name).join(', ')}`);
        for (const a of prompt.arguments) {
          const v = args[a.name];
          if ((v === undefined || v === '') && a.required) throw new ProtocolError(INVALID_PARAMS, `Missing required argument "${a.name}"`);
          if (v !== undefined && v !== '' && a.values && !a.values.includes(v))
            throw new ProtocolError(INVALID_PARAMS, `Argument "${a.name}" must be one of: ${a.values.join(', ')}`);
        }
        const unknown = Object.keys(args).filter((k) => !prompt.arguments.some((a) => a.name === k));
        if (unknown.length) throw new ProtocolError(INVALID_PARAMS, `Unknown argument "${unknown[0]}" for prompt "${name}"`);
        return {
          description: prompt.description,
          messages: [{ role: 'user' as const, content: { type: 'text' as const, text: prompt.render(args) } }],
        };
      });
    },
    async complete(params: CompleteParams) {
      if (params.ref.type !== 'ref/prompt') return null;
      const prompt = byName.get(params.ref.name ?? '');
      const arg = prompt?.arguments.find((a) => a.name === params.argument.name);
      if (!arg?.values) return completion([]);
      const typed = (params.argument.value ?? '').toLowerCase();
      return completion(arg.values.filter((v) => v.toLowerCase().startsWith(typed)));
    },
  };
}
