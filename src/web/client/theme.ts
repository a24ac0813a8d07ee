/** The light/dark toggle (the system's choice until the person picks one, kept in localStorage). */
import { $ } from './dom.js';

const THEME = 'werkbank.theme';

export function initTheme(): void {
  const root = document.documentElement;
  const apply = (t: string | null) => (t ? root.setAttribute('data-theme', t) : root.removeAttribute('data-theme'));
  apply(localStorage.getItem(THEME));
  $('#theme')?.addEventListener('click', () => {
    const current = root.getAttribute('data-theme');
    const dark = current ? current === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
    const next = dark ? 'light' : 'dark';
    localStorage.setItem(THEME, next);
    apply(next);
  });
}
