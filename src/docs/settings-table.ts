/**
 * The configuration table of docs/operators.md, generated from the settings' one declaration (src/settings.ts)
 * by `npm run docs`; test/settings.test.ts holds the page equal to it.
 */
import { SETTINGS, type Setting } from '../settings.js';

export const SETTINGS_TABLE_PAGE = 'docs/operators.md';
const START = '<!-- settings:start (generated from src/settings.ts by `npm run docs`; do not edit) -->';
const END = '<!-- settings:end -->';

const code = (text: string) => '`' + text + '`';
const cell = (text: string) => text.replace(/\|/g, '\\|');

export function settingsTable(): string {
  const rows = Object.values(SETTINGS as Record<string, Setting>)
    .filter((s) => !s.internal)
    .map(
      (s) =>
        `| ${cell(s.label)} | ${s.flag ? code(`--${s.flag}`) : ''} | ${(s.env ?? []).map(code).join(', ')} | ${cell(s.default)} | ${cell(s.note ?? '')} |`,
    );
  return ['| Setting | Flag | Environment | Default | Notes |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** `page` (the text of {@link SETTINGS_TABLE_PAGE}) with its generated table replaced. */
export function withSettingsTable(page: string): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${SETTINGS_TABLE_PAGE} lacks the settings table markers`);
  return page.slice(0, start + START.length) + '\n' + settingsTable() + '\n' + page.slice(end);
}
