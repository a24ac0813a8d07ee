/** Calls to the REST API from the pages, and the credit balance they report (X-RateLimit-*). */
import type { ApiError, ApiOk } from './answers.js';
import { $, csrfToken, fmtDate, sessionCsrf, storage } from './dom.js';
import { formatNumber } from './numbers.js';

/** An answer: on success the JSON envelope with data of type T; otherwise the error body (absent when not JSON). */
export type ApiResult<T = unknown> = { status: number; res: Response } & (
  { ok: true; json: ApiOk<T> } | { ok: false; json: ApiError | undefined }
);

function showBalance(res: Response): void {
  const remaining = res.headers.get('X-RateLimit-Remaining');
  const limit = res.headers.get('X-RateLimit-Limit');
  const reset = res.headers.get('X-RateLimit-Reset');
  const el = $('#balance');
  if (!el || remaining === null) return;
  const n = (v: string | null) => (v === null ? '' : formatNumber(Number(v)));
  el.textContent = `${n(remaining)} credits left`;
  el.title = `Monthly allowance ${n(limit)}; resets ${fmtDate(Number(reset)).slice(0, 10)}`;
}

/** T is the data the route answers with (src/web/client/answers.ts); the server's routes define it. */
export async function api<T = unknown>(
  path: string,
  init: { method?: string; body?: unknown; key?: string; admin?: string; prefer?: string } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.prefer) headers.Prefer = init.prefer;
  const session = !init.admin && !init.key ? sessionCsrf() : '';
  if (init.admin) headers.Authorization = `Bearer ${init.admin}`;
  else if (init.key) headers['X-API-Key'] = init.key;
  else if (session) headers['X-CSRF-Token'] = session;
  const res = await fetch(path, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: session ? 'same-origin' : 'omit',
    cache: 'no-store',
  });
  showBalance(res);
  let json: unknown;
  try {
    json = await res.clone().json();
  } catch {
    json = undefined;
  }
  return res.ok
    ? { status: res.status, ok: true, json: json as ApiOk<T>, res }
    : { status: res.status, ok: false, json: json as ApiError | undefined, res };
}

/** Dev mode: a key of the local "dev" account, kept like a pasted key. */
export async function devKey(): Promise<string> {
  const r = await fetch('/web/dev-key', { method: 'POST', headers: { 'X-CSRF-Token': csrfToken() }, credentials: 'omit' });
  const j: unknown = await r.json();
  if (!r.ok) throw new Error((j as Partial<ApiError>).error ?? `HTTP ${r.status}`);
  const { key } = (j as ApiOk<{ key: string }>).data;
  storage.setKey(key);
  return key;
}
