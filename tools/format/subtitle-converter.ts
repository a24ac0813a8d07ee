import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { lazy } from '../_lib/lazy.js';

/** subsrt-ts (SBV reading and writing), loaded on first use. Its ASS/SSA reader drops the first letter of each line and its LRC writer loses every line after the first, so those formats are left out. */
const loadSubsrt = lazy(async () => (await import('subsrt-ts')).default);

type Format = 'srt' | 'vtt' | 'sbv';

interface Cue {
  start: number;
  end: number;
  /** Text lines joined with \n, in the source format's markup. */
  text: string;
  /** SRT number or WebVTT identifier. */
  id?: string;
  /** WebVTT cue settings (align:start ...). */
  settings?: string;
}

/** A WebVTT block that is not a cue (NOTE, STYLE, REGION), kept in place when writing WebVTT again. */
interface Block {
  raw: string;
}

type Item = Cue | Block;
const isCue = (i: Item): i is Cue => 'start' in i;

/** [hh:]mm:ss(,|.)ttt, hours optional (WebVTT short form; some SRT files), 1–3 millisecond digits. */
const TIME = String.raw`(?:(\d{1,3}):)?(\d{1,2}):(\d{2})[,.](\d{1,3})`;
const TIMING = new RegExp(String.raw`^\s*${TIME}\s*-->\s*${TIME}(.*)$`);

function ms(h: string | undefined, m: string, s: string, t: string): number {
  return ((Number(h ?? 0) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(t.padEnd(3, '0'));
}

function timing(line: string): { start: number; end: number; rest: string } | null {
  const m = TIMING.exec(line);
  if (!m) return null;
  return { start: ms(m[1], m[2], m[3], m[4]), end: ms(m[5], m[6], m[7], m[8]), rest: m[9].trim() };
}

function stamp(t: number, sep: ',' | '.'): string {
  const h = Math.floor(t / 3_600_000);
  const m = Math.floor(t / 60_000) % 60;
  const s = Math.floor(t / 1000) % 60;
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(h)}:${p(m)}:${p(s)}${sep}${p(t % 1000, 3)}`;
}

/** SRT: blocks of [number], timing, text lines; a blank line ends a cue. */
function parseSrt(lines: string[]): { items: Item[]; skipped: number } {
  const items: Item[] = [];
  let skipped = 0;
  for (let i = 0; i < lines.length;) {
    if (lines[i].trim() === '') {
      i++;
      continue;
    }
    let id: string | undefined;
    let t = timing(lines[i]);
    if (!t && i + 1 < lines.length && (t = timing(lines[i + 1]))) {
      id = lines[i].trim();
      i++;
    }
    if (!t) {
      skipped++;
      while (i < lines.length && lines[i].trim() !== '') i++;
      continue;
    }
    i++;
    const text: string[] = [];
    while (i < lines.length && lines[i].trim() !== '' && !(timing(lines[i]) && text.length > 0)) text.push(lines[i++]);
    items.push({ start: t.start, end: t.end, text: text.join('\n'), id });
  }
  return { items, skipped };
}

/** WebVTT (W3C): WEBVTT header, then cues ([identifier], timing with settings, text) and NOTE/STYLE/REGION blocks. */
function parseVtt(lines: string[]): { items: Item[]; skipped: number; header: string } {
  if (!/^WEBVTT(?:[ \t]|$)/.test(lines[0] ?? ''))
    throw new ToolError('`subtitles` is not WebVTT: the first line must start with WEBVTT', 400, { field: 'subtitles' });
  let i = 1;
  const header = [lines[0]];
  while (i < lines.length && lines[i].trim() !== '') header.push(lines[i++]);
  const items: Item[] = [];
  let skipped = 0;
  while (i < lines.length) {
    if (lines[i].trim() === '') {
      i++;
      continue;
    }
    const block: string[] = [];
    while (i < lines.length && lines[i].trim() !== '') block.push(lines[i++]);
    const timingAt = block.findIndex((l) => l.includes('-->'));
    if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(block[0]) && timingAt === -1) {
      items.push({ raw: block.join('\n') });
      continue;
    }
    const t = timingAt === -1 || timingAt > 1 ? null : timing(block[timingAt]);
    if (!t) {
      skipped++;
      continue;
    }
    items.push({
      start: t.start,
      end: t.end,
      text: block.slice(timingAt + 1).join('\n'),
      id: timingAt === 1 ? block[0] : undefined,
      settings: t.rest || undefined,
    });
  }
  return { items, skipped, header: header.join('\n') };
}

const SRT_TAG = /<\/?(?:b|i|u|font)(?:\s[^<>]*)?>/giy;

/** SRT/SBV text → WebVTT cue text: & and a < that starts no SRT tag escaped, "-->" cannot occur. */
function toVttText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '&') out += '&amp;';
    else if (c === '<') {
      SRT_TAG.lastIndex = i;
      const m = SRT_TAG.exec(text);
      if (m) {
        out += m[0];
        i += m[0].length - 1;
      } else out += '&lt;';
    } else if (c === '>' && out.endsWith('--')) out += '&gt;';
    else out += c;
  }
  return out;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: '\u00a0', lrm: '\u200e', rlm: '\u200f' };

/** WebVTT cue text → SRT text: WebVTT-only markup (<c>, <v>, <lang>, <ruby>, <rt>, timestamps) removed, classes dropped from b/i/u, entities decoded. */
function fromVttText(text: string): string {
  return text
    .replace(/<\/?(?:c|v|lang|ruby|rt)(?:[.\s][^<>]*)?>|<\d[\d:.]*>/g, '')
    .replace(/<(\/?)(b|i|u)\.[^<>\s]*>/g, '<$1$2>')
    .replace(/&(amp|lt|gt|nbsp|lrm|rlm);|&#(\d+);|&#x([0-9a-f]+);/gi, (m, name?: string, dec?: string, hex?: string) =>
      name ? ENTITIES[name.toLowerCase()] : String.fromCodePoint(Math.min(Number.parseInt(dec ?? hex!, dec ? 10 : 16), 0x10ffff)),
    );
}

const stripTags = (text: string) => text.replace(/<[^<>]*>/g, '');

export default defineTool({
  slug: 'subtitle-converter',
  worker: {
    reason: 'parses and rewrites every cue: too slow for the event loop at the 500,000-character cap',
    timeMs: 5_000,
    field: 'subtitles',
  },
  title: 'Subtitle converter (SRT, WebVTT, SBV)',
  keywords: {
    en: ['srt', 'vtt', 'webvtt', 'sbv', 'captions', 'subtitles', 'sync', 'shift timing', 'subtitle', 'SRT to VTT', 'caption file'],
    nl: ['ondertitels', 'ondertiteling', 'srt', 'vtt', 'verschuiven', 'synchroniseren', 'ondertitel', 'srt naar vtt', 'ondertitelbestand'],
  },
  description:
    'Converts subtitles between SRT, WebVTT and SBV (YouTube), and shifts or retimes them. `from` auto-detects. ' +
    'Times are first scaled by fromFps/toFps (e.g. 25 → 23.976 for a PAL speed-up), then moved by `shiftMs`; a cue that ends at or before 0 is dropped, one that starts before 0 starts at 0. ' +
    '`renumber` (default true) numbers SRT cues 1, 2, 3...; false keeps the source numbers/identifiers. Styling: <b> <i> <u> <font> kept between SRT and WebVTT (& and < escaped for WebVTT); WebVTT-only markup, cue settings and NOTE/STYLE blocks are dropped going to SRT; SBV gets plain text. ' +
    'Cue order and overlaps are kept; a BOM and the line ending (CRLF or LF) are kept, so SRT → WebVTT → SRT gives the file back. Up to 500,000 characters.',
  resultView: { kind: 'code', field: 'subtitles', language: 'subtitles' },
  input: z.strictObject({
    // 500,000 characters (about 6,000 cues, several feature films): converting took 15–30 ms (measured, SRT, WebVTT
    // and SBV in either direction; a single cue of 240,000 lines as well).
    subtitles: z.string().min(1).max(500_000).describe('The subtitle file text'),
    from: z.enum(['auto', 'srt', 'vtt', 'sbv']).default('auto').describe('Source format (default auto)'),
    to: z.enum(['srt', 'vtt', 'sbv']).describe('Target format'),
    shiftMs: z.int().min(-86_400_000).max(86_400_000).default(0).describe('Milliseconds to add to every time (negative = earlier)'),
    fromFps: z.number().min(1).max(1000).optional().describe('Frame rate the times were made for (with toFps)'),
    toFps: z.number().min(1).max(1000).optional().describe('Frame rate to retime to (with fromFps)'),
    renumber: z.boolean().default(true).describe('Number SRT cues from 1 (default true)'),
  }),
  output: z.object({
    subtitles: z.string(),
    from: z.enum(['srt', 'vtt', 'sbv']),
    to: z.enum(['srt', 'vtt', 'sbv']),
    cues: z.int().describe('Cues written'),
    dropped: z.int().describe('Cues dropped because they end at or before 0 after shifting'),
    clamped: z.int().describe('Cues whose start was moved up to 0'),
    overlaps: z.int().describe('Cues starting before the previous one ends (kept)'),
    skipped: z.int().describe('Blocks that were not cues (no timing line), left out'),
  }),
  examples: [
    {
      name: 'SRT to WebVTT, italics kept, & escaped',
      input: {
        subtitles: '1\n00:00:01,000 --> 00:00:03,500\n<i>Tom & Jerry</i>\n\n2\n00:00:04,000 --> 00:00:06,000\nThe end\n',
        to: 'vtt',
      },
      output: {
        subtitles: 'WEBVTT\n\n00:00:01.000 --> 00:00:03.500\n<i>Tom &amp; Jerry</i>\n\n00:00:04.000 --> 00:00:06.000\nThe end\n',
        from: 'srt',
        to: 'vtt',
        cues: 2,
        dropped: 0,
        clamped: 0,
        overlaps: 0,
        skipped: 0,
      },
    },
    {
      name: 'Shift an SRT 2.5 s earlier: first cue dropped, second clamped',
      input: {
        subtitles: '1\r\n00:00:01,000 --> 00:00:02,000\r\nHi\r\n\r\n2\r\n00:00:02,000 --> 00:00:04,000\r\nThere\r\n\r\n',
        to: 'srt',
        shiftMs: -2500,
      },
      output: {
        subtitles: '1\r\n00:00:00,000 --> 00:00:01,500\r\nThere\r\n\r\n',
        from: 'srt',
        to: 'srt',
        cues: 1,
        dropped: 1,
        clamped: 1,
        overlaps: 0,
        skipped: 0,
      },
    },
  ],
  async run({ subtitles, from, to, shiftMs, fromFps, toFps, renumber }) {
    if ((fromFps === undefined) !== (toFps === undefined))
      throw new ToolError('`fromFps` and `toFps` go together: give both or neither', 400, {
        field: fromFps === undefined ? 'fromFps' : 'toFps',
      });
    const bom = subtitles.charCodeAt(0) === 0xfeff;
    const body = bom ? subtitles.slice(1) : subtitles;
    const eol = /\r\n|\n|\r/.exec(body)?.[0] ?? '\n';
    const normalized = body.replace(/\r\n|\r/g, '\n');
    const finalBlank = /\n[ \t]*\n\s*$/.test(normalized);
    const lines = normalized.split('\n');
    const source: Format =
      from !== 'auto'
        ? from
        : /^WEBVTT(?:[ \t]|$)/.test(lines[0])
          ? 'vtt'
          : /^\s*\d+:\d{2}:\d{2}\.\d{3},\d+:\d{2}:\d{2}\.\d{3}\s*$/m.test(normalized)
            ? 'sbv'
            : /-->/.test(normalized)
              ? 'srt'
              : (() => {
                  throw new ToolError('`subtitles`: cannot tell the format (no WEBVTT header, SRT or SBV timing line); set `from`', 400, {
                    field: 'subtitles',
                  });
                })();
    let items: Item[];
    let skipped = 0;
    let vttHeader = 'WEBVTT';
    if (source === 'srt') ({ items, skipped } = parseSrt(lines));
    else if (source === 'vtt') ({ items, skipped, header: vttHeader } = parseVtt(lines));
    else {
      const subsrt = await loadSubsrt();
      items = subsrt
        .parse(normalized, { format: 'sbv' })
        .filter((c) => c.type === 'caption')
        .map((c) => ({
          start: c.start,
          end: c.end,
          text: String(c.text ?? c.content ?? '')
            .replace(/\r\n|\r/g, '\n')
            .replace(/\n+$/, ''),
        }));
    }

    // Retime: scale, then shift; drop cues that end at or before 0, clamp starts before 0.
    const ratio = fromFps !== undefined && toFps !== undefined ? fromFps / toFps : 1;
    let dropped = 0;
    let clamped = 0;
    const retimed: Item[] = [];
    for (const item of items) {
      if (!isCue(item)) {
        retimed.push(item);
        continue;
      }
      const start = Math.round(item.start * ratio) + shiftMs;
      const end = Math.round(item.end * ratio) + shiftMs;
      if (end <= 0) {
        dropped++;
        continue;
      }
      if (start < 0) clamped++;
      retimed.push({ ...item, start: Math.max(0, start), end });
    }
    const cues = retimed.filter(isCue);
    let overlaps = 0;
    cues.forEach((c, i) => {
      if (i > 0 && c.start < cues[i - 1].end) overlaps++;
    });

    /** WebVTT karaoke timestamps inside cue text (<00:00:07.000>) move with their cue. */
    const retimeInline = (t: string) =>
      ratio === 1 && shiftMs === 0
        ? t
        : t.replace(
            /<(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})>/g,
            (_: string, h: string | undefined, m: string, sec: string, f: string) =>
              `<${stamp(Math.max(0, Math.round(ms(h, m, sec, f) * ratio) + shiftMs), '.')}>`,
          );
    const text = (c: Cue): string => {
      if (to === 'vtt' && source === 'vtt') return retimeInline(c.text);
      if (to === 'sbv') return stripTags(source === 'vtt' ? fromVttText(c.text) : c.text);
      if (to === source || source === 'sbv') return to === 'vtt' && source === 'sbv' ? toVttText(c.text) : c.text;
      return to === 'vtt' ? toVttText(c.text) : fromVttText(c.text);
    };
    let blocks: string[];
    if (to === 'srt') {
      blocks = cues.map((c, i) => {
        const n = renumber || !c.id || !/^\d+$/.test(c.id) ? String(i + 1) : c.id;
        return `${n}\n${stamp(c.start, ',')} --> ${stamp(c.end, ',')}\n${text(c)}`;
      });
    } else if (to === 'vtt') {
      const keepVtt = source === 'vtt';
      blocks = [vttHeader];
      for (const item of retimed) {
        if (!isCue(item)) {
          if (keepVtt) blocks.push(item.raw);
          continue;
        }
        const id = !renumber && item.id ? `${item.id}\n` : keepVtt && item.id ? `${item.id}\n` : '';
        const settings = keepVtt && item.settings ? ` ${item.settings}` : '';
        blocks.push(`${id}${stamp(item.start, '.')} --> ${stamp(item.end, '.')}${settings}\n${text(item)}`);
      }
    } else {
      const sbv = (t: number) => stamp(t, '.').replace(/^0(\d)/, '$1');
      blocks = cues.map((c) => `${sbv(c.start)},${sbv(c.end)}\n${text(c)}`);
    }
    const out = blocks.length === 0 ? '' : blocks.join('\n\n') + (finalBlank ? '\n\n' : '\n');
    return {
      subtitles: (bom ? '\uFEFF' : '') + (eol === '\n' ? out : out.replace(/\n/g, eol)),
      from: source,
      to,
      cues: cues.length,
      dropped,
      clamped,
      overlaps,
      skipped,
    };
  },
});
