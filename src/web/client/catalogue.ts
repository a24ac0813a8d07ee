/**
 * The catalogue's search and toolset filter. The ranking is the server's search engine
 * (`GET /api/v1/tools?q=&toolset=`, the one MCP's find_tools uses); while it answers, and if it
 * cannot, a local ranking over each card's visible text with typo tolerance.
 */
import { $ } from './dom.js';
import type { ApiOk } from './answers.js';

/** One edit apart (typo tolerance for words of 4+ letters). */
function near(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
    } else {
      if (++edits > 1) return false;
      if (a.length > b.length) i++;
      else if (b.length > a.length) j++;
      else {
        i++;
        j++;
      }
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

function subsequence(needle: string, hay: string): boolean {
  let i = 0;
  for (const ch of hay) if (ch === needle[i]) i++;
  return i === needle.length;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** A card's words: its title and link (weighed most) and its summary; the toolset tag is left out (a shelf, not the tool). */
function localScore(el: HTMLElement, tokens: string[]): number {
  const link = el.querySelector('a');
  const head = fold(`${link?.textContent ?? ''} ${el.dataset.slug ?? ''}`);
  const text = fold(`${head} ${el.querySelector('p')?.textContent ?? ''}`);
  let total = 0;
  let missed = 0;
  for (const t of tokens) {
    if (head.includes(t)) total += 5;
    else if (text.includes(t)) total += 2;
    else if (t.length >= 4 && head.split(/[^a-z0-9]+/).some((w) => near(t, w))) total += 3;
    else if (t.length >= 3 && subsequence(t, head.replace(/[^a-z0-9]/g, ''))) total += 1;
    else if (t.length >= 4 && text.split(/[^a-z0-9]+/).some((w) => near(t, w))) total += 1;
    else missed++;
  }
  // Every word should match; with several words, one miss is forgiven (a sentence has filler words).
  if (missed && (tokens.length < 3 || missed > tokens.length / 3)) return 0;
  return total;
}

interface Ranked {
  slugs: string[];
}

/** GET /api/v1/tools: the listing (tools) or, where search is served, the ranking (results, the query echoed). */
interface ToolsAnswer {
  tools?: { slug?: string; score?: number }[];
  results?: { slug?: string; score?: number }[];
  query?: unknown;
}

/** The server's ranking, when the search endpoint exists; null when it does not answer one. */
async function serverRank(q: string, toolset: string, signal: AbortSignal): Promise<Ranked | null> {
  const params = new URLSearchParams({ q, limit: '200' });
  if (toolset) params.set('toolset', toolset);
  const res = await fetch(`/api/v1/tools?${params}`, { signal, credentials: 'omit' });
  if (!res.ok) return null;
  const json = (await res.json()) as Partial<ApiOk<ToolsAnswer>> | null;
  const data = json?.data;
  const tools: { slug?: string; score?: number }[] | undefined = Array.isArray(data?.tools)
    ? data.tools
    : Array.isArray(data?.results)
      ? data.results
      : undefined;
  // An answer that ranks says so (the query echoed, or scores); the plain listing does neither.
  if (!tools || !(typeof data?.query === 'string' || tools.some((t) => typeof t.score === 'number'))) return null;
  return { slugs: tools.map((t) => t.slug ?? '').filter(Boolean) };
}

/**
 * Two views of the same cards: browsing (grouped under their toolsets' headings, popular tools first) and
 * searching (one list, best first). A card moves into the results list and back to its toolset's list.
 */
export function initCatalogue(): void {
  const q = $<HTMLInputElement>('#q')!;
  const set = $<HTMLSelectElement>('#toolset')!;
  const ranked = $('#ranked')!;
  const popular = $('#popular');
  const sections = Array.from(document.querySelectorAll<HTMLElement>('#tools section.set'));
  const cards = [...Array.from(ranked.children), ...sections.flatMap((s) => Array.from(s.querySelectorAll('li')))] as HTMLElement[];
  const homes = new Map(sections.map((s) => [s.dataset.toolset ?? '', s.querySelector('ul')!]));
  // Each card's place in the catalogue (the page may start filtered, its cards out of order).
  const order = (el: HTMLElement) => Number(el.dataset.order);
  const bySlug = new Map(cards.map((el) => [el.dataset.slug ?? '', el]));
  const count = $('#count')!;
  const none = $('#none')!;
  let server: boolean | undefined; // unknown until the first query
  let pending: AbortController | undefined;

  const say = (shown: number, searching: boolean) => {
    count.textContent = `${shown} tool${shown === 1 ? '' : 's'}${searching ? (shown === 1 ? ' matches' : ' match') : ''}`;
    none.hidden = shown > 0;
  };
  const browse = (ts: string) => {
    ranked.hidden = true;
    for (const el of [...cards].sort((a, b) => order(a) - order(b))) {
      homes.get(el.dataset.toolset ?? '')?.append(el);
      el.hidden = Boolean(ts) && el.dataset.toolset !== ts;
    }
    for (const s of sections) s.hidden = Boolean(ts) && s.dataset.toolset !== ts;
    if (popular) popular.hidden = Boolean(ts);
    say(cards.filter((el) => !el.hidden).length, false);
  };
  const results = (ordered: HTMLElement[]) => {
    for (const el of cards) el.hidden = true;
    for (const el of ordered) {
      el.hidden = false;
      ranked.append(el);
    }
    ranked.hidden = false;
    for (const s of sections) s.hidden = true;
    if (popular) popular.hidden = true;
    say(ordered.length, true);
  };
  const local = (tokens: string[], ts: string) => {
    if (!tokens.length) return browse(ts);
    const scored = cards
      .map((el) => ({ el, s: ts && el.dataset.toolset !== ts ? 0 : localScore(el, tokens) }))
      .filter((r) => r.s > 0)
      .sort((a, b) => b.s - a.s || order(a.el) - order(b.el));
    results(scored.map((r) => r.el));
  };
  const apply = async () => {
    const text = q.value.trim();
    const tokens = fold(text).split(/\s+/).filter(Boolean);
    const ts = set.value;
    const url = new URL(location.href);
    if (text) url.searchParams.set('q', text);
    else url.searchParams.delete('q');
    if (ts) url.searchParams.set('toolset', ts);
    else url.searchParams.delete('toolset');
    history.replaceState(null, '', url);
    // A newer query wins: an older answer still on its way is dropped.
    pending?.abort();
    if (!tokens.length || server === false) return local(tokens, ts);
    const ctl = (pending = new AbortController());
    try {
      const r = await serverRank(text, ts, ctl.signal);
      if (ctl.signal.aborted) return;
      server = r !== null;
      if (!r) return local(tokens, ts);
      results(r.slugs.map((s) => bySlug.get(s)).filter((el): el is HTMLElement => Boolean(el) && (!ts || el!.dataset.toolset === ts)));
    } catch (e) {
      if ((e as Error).name !== 'AbortError') local(tokens, ts);
    }
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  q.addEventListener('input', () => {
    // Local ranking at once; the server's after a short pause in typing.
    pending?.abort();
    if (server !== true || !q.value.trim()) local(fold(q.value).split(/\s+/).filter(Boolean), set.value);
    clearTimeout(timer);
    timer = setTimeout(() => void apply(), server === false ? 0 : 120);
  });
  set.addEventListener('change', () => void apply());
  // Enter opens the first match (the form's GET is the way without script).
  q.form?.addEventListener('submit', (e) => {
    e.preventDefault();
    const a = document.querySelector('#tools li:not([hidden]) a');
    if (a) location.href = a.getAttribute('href')!;
  });
}
