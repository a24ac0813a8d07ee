/**
 * Counting user-perceived characters (extended grapheme clusters) in linear time.
 *
 * Iterating `Intl.Segmenter#segment()` over one long string is quadratic in Node 20 (200,000 characters take tens
 * of seconds; a megabyte would block the server for many minutes). Looking up the segment that contains a given
 * index is cheap, though, so the text is cut at real grapheme boundaries into small chunks and each chunk is
 * segmented on its own. Pure-ASCII chunks need no segmenter at all: every ASCII character is one cluster, except
 * CR LF, which is one.
 */
const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

const CHUNK = 4096;
// eslint-disable-next-line no-control-regex -- ASCII starts at NUL
const ASCII = /^[\x00-\x7F]*$/;

function countChunk(chunk: string): number {
  if (ASCII.test(chunk)) return chunk.length - (chunk.match(/\r\n/g)?.length ?? 0);
  let n = 0;
  for (const _ of segmenter.segment(chunk)) n++;
  return n;
}

/** Cut `text` at real grapheme boundaries into chunks of about CHUNK code units. */
function* chunks(text: string): Generator<string> {
  if (text.length <= CHUNK) {
    yield text; // the common case: no segmenter needed to cut (building one costs more than counting short ASCII)
    return;
  }
  const segments = segmenter.segment(text);
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + CHUNK, text.length);
    if (end < text.length) {
      const boundary = segments.containing(end)!.index;
      if (boundary > start) end = boundary;
    }
    yield text.slice(start, end);
    start = end;
  }
}

/** Number of extended grapheme clusters in `text` (an emoji with skin tone, a flag or "é" as e + accent count once). */
export function countGraphemes(text: string): number {
  let n = 0;
  for (const chunk of chunks(text)) n += countChunk(chunk);
  return n;
}

/** The user-perceived characters of `text`, in order (linear time, see above). */
export function graphemes(text: string): string[] {
  const out: string[] = [];
  for (const chunk of chunks(text)) for (const s of segmenter.segment(chunk)) out.push(s.segment);
  return out;
}
