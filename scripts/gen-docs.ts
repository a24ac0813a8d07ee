// Rewrites the generated tables of the docs (npm run docs): the tool table of docs/tools.md from the registry, the
// configuration table of docs/operators.md from the settings' declaration (src/settings.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadRegistry } from '../src/catalogue.js';
import { TOOL_TABLE_PAGE, withToolTable } from '../src/docs/tool-table.js';
import { SETTINGS_TABLE_PAGE, withSettingsTable } from '../src/docs/settings-table.js';
import { packageRoot } from '../src/core/paths.js';

const path = resolve(packageRoot, TOOL_TABLE_PAGE);
const before = readFileSync(path, 'utf8');
const after = withToolTable(before, await loadRegistry());
if (after !== before) writeFileSync(path, after);
process.stdout.write(`${TOOL_TABLE_PAGE} tool table ${after === before ? 'is up to date' : 'regenerated'}\n`);

const settingsPath = resolve(packageRoot, SETTINGS_TABLE_PAGE);
const settingsBefore = readFileSync(settingsPath, 'utf8');
const settingsAfter = withSettingsTable(settingsBefore);
if (settingsAfter !== settingsBefore) writeFileSync(settingsPath, settingsAfter);
process.stdout.write(`${SETTINGS_TABLE_PAGE} configuration table ${settingsAfter === settingsBefore ? 'is up to date' : 'regenerated'}\n`);
