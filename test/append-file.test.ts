/** PendingText: text waiting for its append, as UTF-8 bytes in a buffer that grows (src/store/append-file.ts). */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppendFile, PendingText } from '../src/store/append-file.js';

describe('PendingText', () => {
  it('keeps every line in order across many growths, multi-byte characters whole', () => {
    const p = new PendingText();
    const lines: string[] = [];
    for (let i = 0; i < 5000; i++) {
      const line = `{"seq":${i},"tool":"wörd-€-${'𝄞'.repeat(i % 7)}"}\n`;
      lines.push(line);
      p.append(line);
    }
    expect(p.text()).toBe(lines.join(''));
    expect(p.bytes().equals(Buffer.from(lines.join(''), 'utf8'))).toBe(true);
  });

  it('appendBytes puts newer text after what it holds (a failed write keeps its lines first)', () => {
    const older = new PendingText();
    older.append('a\n');
    older.append('b\n');
    const newer = new PendingText();
    newer.append('c ✓\n');
    older.appendBytes(newer.bytes());
    expect(older.text()).toBe('a\nb\nc ✓\n');
  });

  it('an empty one is empty', () => {
    expect(new PendingText().text()).toBe('');
    expect(new PendingText().bytes().length).toBe(0);
  });

  it('goes to an AppendFile as bytes, and a torn tail before it is ended by a line break', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'werkbank-test-')), 'usage.ndjson');
    let fail = true;
    const file = new AppendFile(path, 'usage', () => {
      if (fail) throw new Error('EIO');
    });
    const p = new PendingText();
    p.append('{"seq":1}\n');
    await expect(file.append(p.bytes())).rejects.toThrow('EIO');
    fail = false;
    await file.append(p.bytes());
    await file.append('{"seq":2}\n');
    file.close();
    expect(readFileSync(path, 'utf8')).toBe('\n{"seq":1}\n{"seq":2}\n');
  });
});
