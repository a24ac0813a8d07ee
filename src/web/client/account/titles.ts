/**
 * Tools by slug for the usage section: their titles, from the catalogue (GET /api/v1/tools), read once
 * per page. Usage names tools by slug; a slug the catalogue does not list (a hidden tool, a credit pack)
 * keeps its slug and gets no link.
 */
import type { ApiOk } from '../answers.js';

export type ToolTitles = ReadonlyMap<string, string>;

let titles: Promise<ToolTitles> | undefined;

export function toolTitles(): Promise<ToolTitles> {
  titles ??= fetch('/api/v1/tools', { credentials: 'omit' })
    .then((r) => (r.ok ? (r.json() as Promise<ApiOk<{ tools: { slug: string; title: string }[] }>>) : null))
    .then((j) => new Map((j?.data.tools ?? []).map((t) => [t.slug, t.title] as const)))
    // Without the catalogue the usage still shows, by slug.
    .catch(() => new Map<string, string>());
  return titles;
}
