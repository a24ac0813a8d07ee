/**
 * The tool page's key box: which key Run uses. The key kept in this browser (with Forget), the
 * passkey session, in dev mode the local dev key (Run fetches it), or a box to enter one. A key the
 * server refuses is forgotten and the box says why.
 */
import { $, h, isDev, sessionCsrf, storage } from '../dom.js';

export interface Keybox {
  /** Draw the box again, with a notice on top. */
  draw(notice?: string): void;
  /** Why the last key was refused ('' when none was): said again when a run needs a key. */
  refused: string;
}

export function initKeybox(metering: string): Keybox {
  const el = $('#keybox')!;
  const keybox: Keybox = { refused: '', draw: (notice) => drawKeybox(el, metering, () => keybox.draw(), notice) };
  keybox.draw();
  document.addEventListener('werkbank:key-refused', (e) => {
    keybox.refused = `The key kept in this browser was not accepted (${(e as CustomEvent).detail}); it is forgotten: enter another one.`;
    keybox.draw(keybox.refused);
  });
  return keybox;
}

function drawKeybox(keybox: HTMLElement, metering: string, redraw: () => void, notice?: string): void {
  keybox.textContent = '';
  keybox.hidden = false;
  const key = storage.key();
  if (notice) keybox.append(h('p', { class: 'alert', role: 'alert', text: notice }));
  if (!key && sessionCsrf()) {
    keybox.append(h('p', { id: 'session-run', text: 'Runs on your own account (signed in with a passkey).' }));
    return;
  }
  if (key) {
    keybox.append(
      h(
        'p',
        { class: 'row keyline' },
        h('span', { text: `Runs with the API key ${key.slice(0, 10)}… kept in this browser.` }),
        h('button', { type: 'button', class: 'secondary small', onclick: () => (storage.setKey(''), redraw()) }, 'Forget key'),
      ),
    );
    return;
  }
  const form = keyForm(metering, redraw);
  if (isDev()) {
    // Run takes the local dev key by itself: say so, and keep another key one click away.
    keybox.append(
      h('p', { class: 'keyline', id: 'dev-run', text: 'Runs with the dev key of this local server (dev mode): nothing to enter.' }),
      h('details', { open: Boolean(notice) }, h('summary', { text: 'Use another API key' }), ...form),
    );
    return;
  }
  keybox.append(...form);
}

/** The box to enter a key: saved in this browser on Enter or Save. */
function keyForm(metering: string, redraw: () => void): HTMLElement[] {
  const input = h('input', { type: 'password', id: 'apikey', autocomplete: 'off', 'aria-describedby': 'apikey-hint' }) as HTMLInputElement;
  const save = () => {
    const k = input.value.trim();
    if (k) {
      storage.setKey(k);
      redraw();
    }
  };
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      save();
    }
  });
  return [
    h('label', { for: 'apikey', text: 'API key' }),
    h('div', { class: 'row' }, input, h('button', { type: 'button', onclick: save }, 'Save key')),
    h(
      'p',
      { class: 'hint', id: 'apikey-hint' },
      metering === 'render' ? 'Renders also run without a key (a few a day). ' : 'Needed to run the tool; kept in this browser only. ',
      h('a', { href: '/account', text: 'Get or manage keys' }),
      '.',
    ),
  ];
}
