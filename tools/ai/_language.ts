/**
 * Language fields of the AI tools: a BCP 47 code (nl, pt-BR, es-419) or a
 * name in any language (Dutch, Nederlands). Codes are spelled out for the
 * model ("Dutch (nl)"), names are passed on as written.
 */
import { z } from 'zod';

/** Letters, digits, spaces, hyphens, brackets and apostrophes: enough for any code or name, no room for a sentence of instructions. */
export const LANGUAGE_FIELD = z
  .string()
  .trim()
  .min(2)
  .max(60)
  .regex(/^\p{L}[\p{L}\p{M}\p{N} ()'-]*$/u, 'must be a language code (nl, pt-BR) or a language name (Dutch)');

const CODE = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i;
const names = new Intl.DisplayNames('en', { type: 'language', fallback: 'none' });

/** "nl" → "Dutch (nl)", "pt-BR" → "Brazilian Portuguese (pt-BR)"; names and unknown codes unchanged. */
export function languageName(value: string): string {
  if (!CODE.test(value)) return value;
  let name: string | undefined;
  try {
    name = names.of(value);
  } catch {
    return value; // syntactically odd tag (e.g. "abc-d"): pass it on as written
  }
  return name && name !== 'root' && name.toLowerCase() !== value.toLowerCase() ? `${name} (${value})` : value;
}
