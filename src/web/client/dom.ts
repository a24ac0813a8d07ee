/** DOM helpers of the browser code: element builder, lookups, storage of the key, copy, announcements. */
import { formatTimestamp } from './numbers.js';

export const $ = <T extends HTMLElement = HTMLElement>(sel: string, root: ParentNode = document) => root.querySelector<T>(sel);
export const $$ = <T extends HTMLElement = HTMLElement>(sel: string, root: ParentNode = document) =>
  Array.from(root.querySelectorAll<T>(sel));

export type Child = Node | string | null | undefined | false;

/** What `h` takes as an attribute: text, a number or flag, or (for `on*`) a listener; unset when null, undefined or false. */
export type Attr = string | number | boolean | null | undefined | ((event: never) => unknown);

/** `h('p', {class: 'x', text: 'y', onclick})`: an element; `on*` attributes become listeners. */
export function h(tag: string, attrs: Record<string, Attr> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'text') el.textContent = String(v);
    else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v as EventListener);
    // A DOM property set as such (`checked`, `disabled`, `rows`...): the element is an object of them.
    else if (k in el && typeof v !== 'string') (el as unknown as Record<string, unknown>)[k] = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

const KEY = 'werkbank.key';
const ADMIN = 'werkbank.admin';

/** The API key lives in localStorage (the admin token in sessionStorage); only ever sent in a header. */
export const storage = {
  key: () => localStorage.getItem(KEY) || '',
  setKey: (k: string) => (k ? localStorage.setItem(KEY, k) : localStorage.removeItem(KEY)),
  admin: () => sessionStorage.getItem(ADMIN) || '',
  setAdmin: (t: string) => (t ? sessionStorage.setItem(ADMIN, t) : sessionStorage.removeItem(ADMIN)),
};

export const csrfToken = () => document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
/** Signed in with a passkey: the session's CSRF token (requests without a key go with the session cookie and it). */
export const sessionCsrf = () => document.querySelector<HTMLMetaElement>('meta[name="session-csrf"]')?.content ?? '';
export const isDev = () => document.body.dataset.dev === '1';

/** An ISO time (or epoch seconds) as `yyyy-mm-dd hh:mm UTC` (numbers.ts keeps the pages' one style). */
export const fmtDate = formatTimestamp;

/** Say something to screen-reader users (the page's polite live region). */
export function announce(text: string): void {
  let region = $('#announce');
  if (!region) {
    region = h('div', { id: 'announce', class: 'visually-hidden', role: 'status', 'aria-live': 'polite' });
    document.body.append(region);
  }
  region.textContent = '';
  // A change after a tick is announced even when the text repeats.
  setTimeout(() => (region.textContent = text), 50);
}

/** Copy `text`; the button says whether it worked. */
export async function copyText(text: string, button: HTMLElement): Promise<void> {
  const was = button.textContent;
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = 'Copied';
  } catch {
    button.textContent = 'Copy failed: select the text';
  }
  button.dataset.copied = text.length > 200 ? text.slice(0, 200) : text;
  setTimeout(() => (button.textContent = was), 1500);
}

/** A copy button for a value known when pressed. */
export function copyButton(label: string, value: () => string, extra: Record<string, Attr> = {}): HTMLElement {
  const b: HTMLElement = h('button', { type: 'button', class: 'secondary copy', ...extra, onclick: () => copyText(value(), b) }, label);
  return b;
}

/** What each download link made in the page holds: a host that blocks downloads (an MCP Apps view) hands it over itself. */
export const downloads = new WeakMap<Element, { name: string; content: string; type: string }>();

/** A download link for text made in the page. */
export function download(name: string, content: string, type = 'text/plain', label = `Download ${name}`): HTMLElement {
  const url = URL.createObjectURL(new Blob([content], { type: `${type};charset=utf-8` }));
  const link = h('a', { href: url, download: name, class: 'button secondary' }, label);
  downloads.set(link, { name, content, type });
  return link;
}
