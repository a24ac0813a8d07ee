/**
 * A ZIP archive (PKWARE APPNOTE 6.3: local headers, deflated data, central
 * directory) of named files, written one file at a time with node:zlib so only
 * the compressed archive is held, never all the files at once. Deterministic:
 * every entry carries the DOS epoch (1980-01-01 00:00) as its time, so the same
 * files give the same bytes. No ZIP64: at most 65,535 entries and 4 GiB.
 */
import { promisify } from 'node:util';
import { deflateRaw, deflateRawSync } from 'node:zlib';

const deflateRawAsync = promisify(deflateRaw);

/** Entries a ZIP without ZIP64 holds at most. */
export const ZIP_MAX_ENTRIES = 0xffff;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO 3309, the ZIP and gzip checksum). */
export function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const DOS_TIME = 0; // 00:00:00
const DOS_DATE = (0 << 9) | (1 << 5) | 1; // 1980-01-01

export class ZipWriter {
  private readonly parts: Buffer[] = [];
  private readonly central: Buffer[] = [];
  private offset = 0;
  private count = 0;

  /** Bytes of the archive so far (entries, before the central directory). */
  get size(): number {
    return this.offset;
  }

  add(name: string, content: string | Uint8Array): void {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
    this.entry(name, data, deflateRawSync(data, { level: 6 }));
  }

  /** As `add`, with the compression in libuv's thread pool: the event loop stays free for other calls. */
  async addAsync(name: string, content: string | Uint8Array): Promise<void> {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
    this.entry(name, data, await deflateRawAsync(data, { level: 6 }));
  }

  private entry(name: string, data: Buffer, packed: Buffer): void {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    if (this.count === ZIP_MAX_ENTRIES || this.offset + packed.length > 0xffffffff)
      throw new Error('zip: too many or too large entries (no ZIP64)');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); // local file header
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    local.writeUInt16LE(0x0800, 6); // flags: UTF-8 names
    local.writeUInt16LE(8, 8); // method: deflate
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0); // central directory header
    entry.writeUInt16LE(20, 4); // made by: 2.0
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt16LE(DOS_TIME, 12);
    entry.writeUInt16LE(DOS_DATE, 14);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(this.offset, 42); // where its local header starts
    this.parts.push(local, nameBytes, packed);
    this.central.push(entry, nameBytes);
    this.offset += local.length + nameBytes.length + packed.length;
    this.count++;
  }

  /** The archive: the entries, the central directory and its end record. */
  finish(): Buffer {
    const directory = Buffer.concat(this.central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0); // end of central directory
    end.writeUInt16LE(this.count, 8);
    end.writeUInt16LE(this.count, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(this.offset, 16);
    return Buffer.concat([...this.parts, directory, end]);
  }
}
