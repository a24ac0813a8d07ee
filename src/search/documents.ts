/**
 * What the search indexes of a tool, from the data listing already has (the manifest entry) plus
 * its examples' titles and its toolset's description.
 */
import type { SearchDocument } from './engine.js';
import { fold, summaryOf } from './text.js';

export interface Keywords {
  /** English words people use for the task: synonyms, abbreviations, formats. */
  en: readonly string[];
  /** The same in Dutch. */
  nl: readonly string[];
}

export interface IndexedTool {
  name: string;
  title: string;
  description: string;
  keywords?: Keywords;
  toolset: string;
  toolsetDescription?: string;
  examples?: readonly string[];
  inputSchema?: Record<string, unknown>;
}

/** The names, descriptions and enum values of an input schema's fields, nested ones included. */
export function schemaText(schema: unknown, depth = 0): string {
  if (!schema || typeof schema !== 'object' || depth > 4) return '';
  const node = schema as Record<string, unknown>;
  const parts: string[] = [];
  const props = node.properties as Record<string, unknown> | undefined;
  if (props && typeof props === 'object')
    for (const [key, value] of Object.entries(props)) {
      // camelCase field names read as words: `hourlyRate` → `hourly Rate`.
      parts.push(key.replace(/([a-z])([A-Z])/g, '$1 $2'));
      const v = value as Record<string, unknown>;
      if (typeof v?.description === 'string') parts.push(v.description);
      // The values a field takes name what the tool handles (`srt`, `vtt`; units; modes).
      if (Array.isArray(v?.enum))
        parts.push(
          v.enum
            .filter((e) => typeof e === 'string')
            .slice(0, 200)
            .join(' '),
        );
      parts.push(schemaText(v, depth + 1));
    }
  for (const key of ['items', 'anyOf', 'oneOf']) {
    const child = node[key];
    if (Array.isArray(child)) for (const c of child) parts.push(schemaText(c, depth + 1));
    else if (child) parts.push(schemaText(child, depth + 1));
  }
  return parts.filter(Boolean).join(' ');
}

export function searchDocument(tool: IndexedTool): SearchDocument {
  const summary = summaryOf(tool.description);
  return {
    name: tool.name,
    fields: {
      name: tool.name.replace(/_/g, ' '),
      title: tool.title,
      keywords: [...(tool.keywords?.en ?? []), ...(tool.keywords?.nl ?? [])].join(' , '),
      summary,
      body: tool.description.slice(summary.length),
      toolset: `${tool.toolset} ${tool.toolsetDescription ?? ''}`,
      examples: (tool.examples ?? []).join(' . '),
      params: schemaText(tool.inputSchema),
    },
  };
}

/**
 * The line the listing adds to a tool's description so hosts that search tool texts find it by its
 * keywords: a keyword is left out when it already stands in the name or description, or every word of
 * it in an earlier keyword (case and accents aside), so the line adds words people type, not repeats.
 * A phrase whose words are only scattered through the description stays: the words it joins ("holiday
 * pay") are the task's own, and a host's plain word search weighs them by how often they occur.
 */
export function keywordLine(keywords: Keywords | undefined, said = ''): string {
  const words = (s: string) =>
    fold(s)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
  const text = ` ${words(said).join(' ')} `;
  const seen = new Set<string>();
  const kept = [...(keywords?.en ?? []), ...(keywords?.nl ?? [])].filter((phrase) => {
    const parts = words(phrase);
    const fresh = parts.length > 0 && !text.includes(` ${parts.join(' ')} `) && parts.some((p) => !seen.has(p));
    for (const p of parts) seen.add(p);
    return fresh;
  });
  return kept.length ? `Also: ${kept.join(', ')}.` : '';
}
