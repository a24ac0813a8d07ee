/** Calls of the passkey pages, and the WebAuthn browser library they use. */
import type * as WebAuthnBrowser from '@simplewebauthn/browser';
import { $, sessionCsrf } from '../dom.js';

/**
 * @simplewebauthn/browser, loaded by its own script before this one (/web/webauthn.js, the package's
 * UMD bundle): the pages that need passkeys load it, the others do not.
 */
export const webauthn = (): typeof WebAuthnBrowser =>
  (window as unknown as { SimpleWebAuthnBrowser: typeof WebAuthnBrowser }).SimpleWebAuthnBrowser;

/** A JSON request to an /auth route (with the session's CSRF token when signed in); its `data`, or an Error with the server's message. */
export async function post<T>(path: string, body: unknown, method = 'POST'): Promise<T> {
  const csrf = sessionCsrf();
  const res = await fetch(path, {
    method,
    headers: { 'Content-Type': 'application/json', ...(csrf ? { 'X-CSRF-Token': csrf } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  const json = await answer<T>(res);
  if (!res.ok) throw new Error(json.error ?? json.error_description ?? `HTTP ${res.status}`);
  return json.data ?? (json as T);
}

/** A read of the account page (signed in with the session); the header's balance follows the answer. */
export async function read<T>(path: string, method = 'GET'): Promise<T> {
  const res = await fetch(path, { method, headers: { 'X-CSRF-Token': sessionCsrf() }, credentials: 'same-origin', cache: 'no-store' });
  const json = await answer<T>(res);
  const balance = $('#balance');
  const remaining = res.headers.get('X-RateLimit-Remaining');
  // The same wording as the other pages' header (src/web/client/api.ts).
  if (balance && remaining !== null) balance.textContent = `${Number(remaining).toLocaleString()} credits left`;
  if (!res.ok) throw new Error(json.error ?? `HTTP ${res.status}`);
  return json.data as T;
}

/** The answer's JSON body (an empty object when it has none). */
async function answer<T>(res: Response): Promise<{ data?: T; error?: string; error_description?: string }> {
  return (await res.json().catch(() => ({}))) as { data?: T; error?: string; error_description?: string };
}

/** The first step of a ceremony: the flow to send back, and the options for the browser's WebAuthn call. */
export interface Ceremony<Options> {
  flow: string;
  options: Options;
}
export type RegistrationOptions = Parameters<typeof WebAuthnBrowser.startRegistration>[0]['optionsJSON'];
export type AuthenticationOptions = Parameters<typeof WebAuthnBrowser.startAuthentication>[0]['optionsJSON'];
