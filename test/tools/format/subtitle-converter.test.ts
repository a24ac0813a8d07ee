import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import tool from '../../../tools/format/subtitle-converter.js';
import { expectToolError, runTool } from '../../helpers/run.js';
import { repoRoot } from '../../helpers/paths.js';

const fixture = (name: string) => readFileSync(join(repoRoot, 'test/vectors/subtitles', name), 'utf8');
const convert = (subtitles: string, to: string, opts: Record<string, unknown> = {}) => runTool(tool, { subtitles, to, ...opts });

describe('subtitle-converter', () => {
  it('round-trips SRT → WebVTT → SRT unchanged (styling, BOM, CRLF, overlapping cues)', async () => {
    for (const name of ['styled-bom-crlf.srt', 'overlapping-lf.srt', 'positions-crlf.srt']) {
      const srt = fixture(name);
      const vtt = await convert(srt, 'vtt');
      expect(vtt.subtitles.replace(/^\uFEFF/, '').startsWith('WEBVTT'), name).toBe(true);
      const back = await convert(vtt.subtitles, 'srt');
      expect(back.subtitles, name).toBe(srt);
      expect(back.cues).toBe(vtt.cues);
    }
  });

  it('SRT → WebVTT escapes & and stray <, keeps tags, BOM and CRLF; "-->" in text cannot end up as a timing', async () => {
    const vtt = (await convert(fixture('styled-bom-crlf.srt'), 'vtt')).subtitles;
    expect(vtt.startsWith('\uFEFFWEBVTT\r\n\r\n00:00:01.200 --> 00:00:04.000\r\n<i>Previously on</i>')).toBe(true);
    expect(vtt).toContain('<font color="#ffff00">Tom &amp; Jerry</font>');
    expect(vtt).toContain('If x &lt; y then <u>stop</u>.');
    const overlap = await convert(fixture('overlapping-lf.srt'), 'vtt');
    expect(overlap.overlaps).toBe(3);
    expect(overlap.subtitles).toContain('He said "wait" --&gt; twice.');
  });

  it('WebVTT → SRT drops header, STYLE, NOTE, settings and WebVTT-only markup; decodes entities', async () => {
    const out = await convert(fixture('streaming.vtt'), 'srt');
    expect(out.subtitles).toBe(
      '1\n00:00:01,000 --> 00:00:04,000\nHallo & welkom\n\n2\n00:00:04,500 --> 00:00:06,000\nGeel en <b>vet</b> <3\n\n3\n00:00:06,000 --> 00:00:08,000\nTijd karaoke\u00a0stijl\n',
    );
    expect(out).toMatchObject({ from: 'vtt', cues: 3, skipped: 0 });
  });

  it('WebVTT → WebVTT keeps header, blocks, identifiers and settings, and shifts inline timestamps too', async () => {
    const out = await convert(fixture('streaming.vtt'), 'vtt', { shiftMs: 1000 });
    expect(out.subtitles).toContain('WEBVTT - Aflevering 1\nKind: captions\nLanguage: nl\n\nSTYLE\n');
    expect(out.subtitles).toContain('intro\n00:00:02.000 --> 00:00:05.000 align:start line:10%\n<v Anna>Hallo &amp; welkom</v>');
    expect(out.subtitles).toContain('NOTE tussen cues\n\n3\n00:00:07.000 --> 00:00:09.000 position:50%\nTijd <00:00:08.000>karaoke');
  });

  it('SBV (YouTube) both ways, tags stripped going to SBV', async () => {
    const srt = await convert(fixture('youtube.sbv'), 'srt');
    expect(srt.subtitles).toBe(
      '1\n00:00:01,000 --> 00:00:03,500\nHallo allemaal\ntweede regel\n\n2\n00:00:04,000 --> 00:00:06,250\nTot ziens & bedankt\n',
    );
    expect((await convert(srt.subtitles, 'sbv')).subtitles).toBe(fixture('youtube.sbv'));
    expect((await convert('1\n00:00:01,000 --> 00:00:02,000\n<i>Hi</i>\n', 'sbv')).subtitles).toBe('0:00:01.000,0:00:02.000\nHi\n');
  });

  it('shift: dropped when ending at or before 0, clamped when starting before 0; exactly at 0', async () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\n00:00:02,000 --> 00:00:03,000\nB\n';
    expect(await convert(srt, 'srt', { shiftMs: -2000 })).toMatchObject({
      subtitles: '1\n00:00:00,000 --> 00:00:01,000\nB\n',
      dropped: 1,
      clamped: 0,
    });
    expect(await convert(srt, 'srt', { shiftMs: -1999 })).toMatchObject({ cues: 2, dropped: 0, clamped: 1 });
    expect((await convert(srt, 'srt', { shiftMs: 3_600_000 })).subtitles).toContain('01:00:01,000 --> 01:00:02,000');
  });

  it('FPS ratio scales times (25 → 23.976: ×1.0427), then the shift applies', async () => {
    const srt = '1\n00:01:00,000 --> 00:01:02,000\nA\n';
    const out = await convert(srt, 'srt', { fromFps: 25, toFps: 23.976 });
    expect(out.subtitles).toBe('1\n00:01:02,563 --> 00:01:04,648\nA\n');
    await expectToolError(tool, { subtitles: srt, to: 'vtt', fromFps: 25 }, 400, /`fromFps` and `toFps` go together/);
  });

  it('renumber: default numbers from 1; false keeps the source numbers', async () => {
    const srt = '7\n00:00:01,000 --> 00:00:02,000\nA\n\n9\n00:00:03,000 --> 00:00:04,000\nB\n';
    expect((await convert(srt, 'srt')).subtitles).toBe('1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\n00:00:03,000 --> 00:00:04,000\nB\n');
    expect((await convert(srt, 'srt', { renumber: false })).subtitles).toBe(srt);
    expect((await convert(srt, 'vtt', { renumber: false })).subtitles).toBe(
      'WEBVTT\n\n7\n00:00:01.000 --> 00:00:02.000\nA\n\n9\n00:00:03.000 --> 00:00:04.000\nB\n',
    );
  });

  it('tolerates sloppy SRT: missing numbers, dots, short times, junk blocks (counted)', async () => {
    const out = await convert('00:01.5 --> 00:02,25\nA\n\njunk line\n\n3\n0:00:03.000 --> 0:00:04.000\nB\n', 'srt', { from: 'srt' });
    expect(out.subtitles).toBe('1\n00:00:01,500 --> 00:00:02,250\nA\n\n2\n00:00:03,000 --> 00:00:04,000\nB\n');
    expect(out.skipped).toBe(1);
  });

  it('refuses text that is no subtitle file, a wrong from, and oversize input', async () => {
    await expectToolError(tool, { subtitles: 'hello', to: 'vtt' }, 400, /cannot tell the format/);
    await expectToolError(
      tool,
      { subtitles: '1\n00:00:01,000 --> 00:00:02,000\nA', from: 'vtt', to: 'srt' },
      400,
      /first line must start with WEBVTT/,
    );
    await expectToolError(tool, { subtitles: 'x', to: 'ass' }, 400, /`to`/);
    await expectToolError(tool, { subtitles: 'x'.repeat(500_001), to: 'vtt' }, 400, /`subtitles`/);
  });

  it('converts the maximum size', async () => {
    let big = '';
    for (let i = 1; big.length < 480_000; i++)
      big += `${i}\n00:00:${String(i % 60).padStart(2, '0')},000 --> 00:00:${String(i % 60).padStart(2, '0')},500\nLine ${i}\n\n`;
    const out = await convert(big, 'vtt');
    expect(out.cues).toBeGreaterThan(10_000);
  });
});
