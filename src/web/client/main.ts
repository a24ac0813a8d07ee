/**
 * The browser code of the web pages, bundled into /web/app.js (scripts/bundle.mjs at build time;
 * src/web/assets.ts bundles it in memory when running from source). One module per concern:
 * dom (helpers), api (calls and the balance), theme, catalogue (search), numbers (reading and
 * showing numbers), words (labels), keys (the API keys section of both account pages); folders for
 * the larger parts: form/ (the generated form, a module per kind of field), result/ (the result
 * views by kind), toolpage/ (the tool page), account/ (the key-based account page).
 */
import { api } from './api.js';
import { sessionCsrf, storage } from './dom.js';
import { initTheme } from './theme.js';
import { initCatalogue } from './catalogue.js';
import { initTool } from './toolpage/toolpage.js';
import { initAccount } from './account/account.js';
import { initSessionAccount } from './account/session.js';
import { $ } from './dom.js';

initTheme();
const page = document.body.dataset.page;
// The balance in the header; a stored key the server refuses is forgotten (the tool page then asks for one).
if ((storage.key() || sessionCsrf()) && page !== 'account')
  void api('/api/v1/account', { key: storage.key() })
    .then((r) => {
      if (r.ok || r.status !== 401) return;
      storage.setKey('');
      document.dispatchEvent(new CustomEvent('werkbank:key-refused', { detail: r.json?.error ?? 'HTTP 401' }));
    })
    .catch(() => undefined);
if (page === 'catalogue') initCatalogue();
else if (page === 'tool') initTool();
else if (page === 'account') initAccount();
// The passkey account page (src/web/account-auth.ts): usage, keys and the Connect card.
else if (page === 'auth' && $('#api-keys')) initSessionAccount();
