/**
 * The prompt declaration: MCP prompts that help agents use the catalogue well.
 * One file per prompt in `prompts/`, listed in `prompts/index.ts`.
 */
export interface PromptArgument {
  name: string;
  description: string;
  required?: boolean;
  /** Enumerable values: offered as argument completions and checked on get. */
  values?: readonly string[];
}

export interface Prompt {
  /** MCP prompt name, ^[a-z][a-z0-9_]*$. */
  name: string;
  title: string;
  description: string;
  arguments: PromptArgument[];
  /** The user message the prompt expands to. Arguments are validated before. */
  render(args: Record<string, string>): string;
}

export function definePrompt(p: Prompt): Prompt {
  return p;
}
