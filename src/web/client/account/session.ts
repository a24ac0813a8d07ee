/**
 * The parts of the passkey account page (src/web/account-auth.ts) that it shares with the key page: the
 * usage section, the API keys (keys.ts) and the Connect card's copy button. The calls go with the
 * session cookie and CSRF token (api.ts); the passkey page's own parts are src/web/client/auth/.
 */
import { $ } from '../dom.js';
import { api } from '../api.js';
import type { UsageReport } from '../answers.js';
import { initSessionKeys, message, section } from '../keys.js';
import { initConnectCard } from './connect.js';
import { toolTitles } from './titles.js';
import { usagePeriod, usageSection, type UsageOps } from './usage.js';

export function initSessionAccount(): void {
  initConnectCard();
  initSessionKeys($('#api-keys')!);
  void showUsage($('#usage-section')!);
}

async function showUsage(slot: HTMLElement): Promise<void> {
  const ops: UsageOps = { usage: (days) => api<UsageReport>(`/api/v1/usage?days=${days}&limit=1`) };
  const [usage, titles] = await Promise.all([ops.usage(usagePeriod()), toolTitles()]);
  if (usage.ok) return slot.replaceWith(usageSection(usage.json.data, ops, titles));
  const failed = section('Usage', 'usage-h', message(usage.json?.error ?? `HTTP ${usage.status}`));
  failed.id = 'usage-section';
  slot.replaceWith(failed);
}
