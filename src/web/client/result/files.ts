/**
 * Files in a result: a file this server hosts (a link under /files/ on the page's own origin), one
 * file with its text, or a list of files with their texts.
 */
import { isRecord } from '../schema.js';
import { scalarText } from './values.js';

export type FileOf =
  | { kind: 'hosted'; url: string; contentType: string; bytes?: number }
  | { kind: 'one'; name: string; content: string; contentType: string }
  | { kind: 'files'; files: { name: string; content: string }[] }
  | { kind: 'none' };

/**
 * A file this server hosts: a path under /files/ on the page's own origin. Anything else (another site, a
 * protocol-relative `//host/...`, another path) is never shown in a frame or an image, nor offered as a download.
 */
export function ownFileUrl(url: string, origin = typeof location === 'undefined' ? 'http://localhost' : location.origin): string | null {
  try {
    const u = new URL(url, origin);
    return u.origin === origin && u.pathname.startsWith('/files/') ? u.href : null;
  } catch {
    return null;
  }
}

/** What a value is as files: hosted, one with its text, several with their texts, or none. */
export function fileOf(v: unknown, origin?: string): FileOf {
  if (isRecord(v) && typeof v.url === 'string' && ownFileUrl(v.url, origin) && typeof v.contentType === 'string')
    return { kind: 'hosted', url: v.url, contentType: v.contentType, bytes: typeof v.bytes === 'number' ? v.bytes : undefined };
  if (isRecord(v) && typeof v.content === 'string' && typeof (v.fileName ?? v.name) === 'string')
    return {
      kind: 'one',
      name: String(v.fileName ?? v.name),
      content: v.content,
      contentType: typeof v.contentType === 'string' ? v.contentType : 'text/plain',
    };
  // An array is files when its items carry their text (`content`, or another multi-line string such as `csv`).
  if (Array.isArray(v) && v.length && v.every(isRecord)) {
    const textOf = (f: Record<string, unknown>) =>
      typeof f.content === 'string'
        ? f.content
        : (Object.entries(f).find(([k, x]) => k !== 'name' && typeof x === 'string' && x.includes('\n'))?.[1] as string | undefined);
    if (v.every((f) => textOf(f) !== undefined))
      return {
        kind: 'files',
        files: v.map((f) => ({
          name: scalarText(f.name ?? f.fileName) ?? 'file',
          content: textOf(f)!,
        })),
      };
  }
  return { kind: 'none' };
}

/** The content type of a file made in the page, by its name. */
export const typeOfName = (name: string) =>
  name.endsWith('.xml')
    ? 'application/xml'
    : name.endsWith('.csv')
      ? 'text/csv'
      : name.endsWith('.json')
        ? 'application/json'
        : 'text/plain';
