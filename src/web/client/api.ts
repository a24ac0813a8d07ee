/** Calls to the REST API from the pages, and the credit balance they report (X-RateLimit-*). */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { $, csrfToken, fmtDate, sessionCsrf, storage } from './dom.js';

export interface ApiResult {
  status: number;
  ok: boolean;
  json: any;
  res: Response;
}

function showBalance(res: Response): void {
  const remaining = res.headers.get('X-RateLimit-Remaining');
  const limit = res.headers.get('X-RateLimit-Limit');
  const reset = res.headers.get('X-RateLimit-Reset');
  const el = $('#balance');
  if (!el || remaining === null) return;
  const n = (v: string | null) => (v === null ? '' : Number(v).toLocaleString());
  el.textContent = `${n(remaining)} credits left`;
  el.title = `Monthly allowance ${n(limit)}; resets ${fmtDate(Number(reset)).slice(0, 10)}`;
}

export async function api(path: string, init: { method?: string; body?: unknown; key?: string; admin?: string } = {}): Promise<ApiResult> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
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
  let json: any;
  try {
    json = await res.clone().json();
  } catch {
    json = undefined;
  }
  return { status: res.status, ok: res.ok, json, res };
}

/** Dev mode: a key of the local "dev" account, kept like a pasted key. */
export async function devKey(): Promise<string> {
  const r = await fetch('/web/dev-key', { method: 'POST', headers: { 'X-CSRF-Token': csrfToken() }, credentials: 'omit' });
  const j = await r.json();
  if (!r.ok) throw new Error(j.error ?? `HTTP ${r.status}`);
  storage.setKey(j.data.key);
  return j.data.key;
}
