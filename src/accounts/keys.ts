/** API keys: made at random, stored only as their SHA-256 hash, named by their owner. */
import { hash, randomBytes } from 'node:crypto';
import { HttpError } from '../core/errors.js';

export const KEY_PREFIX = 'wbk_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function hashKey(key: string): string {
  return hash('sha256', key, 'hex'); // one-shot: no Hash object per request
}

export function randomKey(): string {
  // 40 base62 characters ≈ 238 bits of entropy (rejection sampling keeps it uniform).
  let out = '';
  while (out.length < 40) for (const b of randomBytes(48)) if (b < 248 && out.length < 40) out += BASE62[b % 62];
  return KEY_PREFIX + out;
}

export function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(9)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, 'x')}`;
}

export interface CreatedKey {
  id: string;
  key: string;
  prefix: string;
  account: string;
  name: string | null;
}

/** A key's name: 1-40 characters once trimmed, no control characters. */
export function keyName(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > 40 || /\p{Cc}/u.test(trimmed))
    throw new HttpError('Invalid `name`: give the key a name of 1 to 40 characters without control characters, or leave it out', 400, {
      field: 'name',
    });
  return trimmed;
}
