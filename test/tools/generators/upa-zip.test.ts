/**
 * format zip: the same files as format xml, in one hosted archive (checked with an independent reader,
 * Python's zipfile), and over REST a download link instead of a response of up to hundreds of MB.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../../tools/generators/upa-file-generator.js';
import { crc32 } from '../../../tools/_lib/zip.js';
import { runTool } from '../../helpers/run.js';
import { post, startServer, type TestServer } from '../../helpers/server.js';

const options = { population: { count: 12, seed: 7 }, period: { startYear: 2026, startMonth: 1, months: 3 } };

/** The archive's entries as Python's zipfile reads them (names and texts, after its own CRC checks). */
function unzip(archive: Buffer): Record<string, string> {
  const script =
    'import sys, zipfile, io, json; z = zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read())); assert z.testzip() is None; print(json.dumps({n: z.read(n).decode("utf-8") for n in z.namelist()}))';
  return JSON.parse(execFileSync('python3', ['-c', script], { input: archive, maxBuffer: 64 * 1024 * 1024 }).toString('utf8'));
}

describe('upa-file-generator format zip', () => {
  it('holds exactly the files format xml gives, byte for byte, and is deterministic', async () => {
    const xml = await runTool(tool, { format: 'xml', options });
    const zip = await runTool(tool, { format: 'zip', options });
    expect(zip).toMatchObject({ format: 'zip', fileCount: xml.fileCount, peopleCount: 12, download: { contentType: 'application/zip' } });
    expect(zip.files.map((f: { name: string }) => f.name)).toEqual(xml.files.map((f: { name: string }) => f.name));
    const archive = readFileSync(fileURLToPath(zip.download.url));
    expect(archive.byteLength).toBe(zip.download.bytes);
    expect(zip.download.url).toMatch(/\.zip$/);
    const entries = unzip(archive);
    expect(Object.keys(entries)).toEqual(xml.files.map((f: { name: string }) => f.name));
    for (const f of xml.files) expect(entries[f.name]).toBe(f.content);
    const again = readFileSync(fileURLToPath((await runTool(tool, { format: 'zip', options })).download.url));
    expect(again.equals(archive)).toBe(true);
  });

  it('refuses a run of more files than a ZIP holds before any work, naming what to change', async () => {
    const big = {
      population: { count: 10_000, seed: 7 },
      period: { startYear: 2026, startMonth: 1, months: 36, splitMode: 'perParticipant' },
    };
    await expect(runTool(tool, { format: 'zip', options: big })).rejects.toThrow(
      /makes [\d,]+ files and a ZIP holds at most 65,535: put more employments in a file \(options.period.splitMode 'chunk'/,
    );
  });

  it('builds the archive a slice at a time: other work on the event loop runs while it is made', async () => {
    let ticks = 0;
    let building = true;
    const tick = () => {
      ticks++;
      if (building) setImmediate(tick);
    };
    setImmediate(tick);
    await runTool(tool, {
      format: 'zip',
      options: { population: { count: 400, seed: 3 }, period: { startYear: 2026, months: 6, splitMode: 'chunk', chunkSize: 50 } },
    });
    building = false;
    // 48 files, each compressed in the thread pool: the loop turned at least once per file.
    expect(ticks).toBeGreaterThanOrEqual(48);
  });

  it('crc32 matches the published check value', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  describe('over REST', () => {
    let srv: TestServer;
    beforeAll(async () => {
      srv = await startServer();
    });
    afterAll(async () => {
      await srv?.close();
    });
    it('answers with a download link whose file is served as an attachment', async () => {
      const res = await post(srv.url, '/api/v1/tools/upa-file-generator', { format: 'zip', options }, srv.key);
      expect(res.status).toBe(200);
      const { url, bytes } = res.json.data.download;
      const file = await fetch(new URL(url, srv.url));
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/zip');
      expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="upa-files.zip"/);
      const body = Buffer.from(await file.arrayBuffer());
      expect(body.byteLength).toBe(bytes);
      expect(Object.keys(unzip(body))).toHaveLength(res.json.data.fileCount);
    });
  });
});
