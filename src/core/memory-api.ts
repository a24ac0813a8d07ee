/**
 * Agent memory as tools see it (through `ToolContext.memory`): the interface
 * lives in core so tools and the pipeline do not depend on the service that
 * implements it (src/memory/service.ts).
 */

export interface MemoryItem {
  namespace: string;
  key: string;
  uri: string;
  value: string;
  mimeType: 'text/plain' | 'application/json';
  tags: string[];
  bytes: number;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
}

export type MemorySummary = Omit<MemoryItem, 'value'>;

export interface MemorySetInput {
  namespace: string;
  key: string;
  value: string;
  mimeType: 'text/plain' | 'application/json';
  tags: string[];
}

export interface MemoryListInput {
  namespace?: string;
  tag?: string;
  prefix?: string;
  limit: number;
  cursor?: string;
}

export interface MemorySearchInput {
  query?: string;
  tag?: string;
  namespace?: string;
  limit: number;
}

/** One account's memory, as the tools and resources see it. */
export interface MemoryApi {
  set(input: MemorySetInput): Promise<{ item: MemorySummary; created: boolean }>;
  get(namespace: string, key: string): MemoryItem | undefined;
  list(input: MemoryListInput): { items: MemorySummary[]; total: number; nextCursor: string | null };
  delete(namespace: string, key: string): Promise<boolean>;
  search(input: MemorySearchInput): { items: (MemorySummary & { snippet: string })[]; total: number };
  namespaces(): string[];
}
