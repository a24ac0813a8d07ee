/**
 * The browser code of the passkey pages (src/web/account-auth.ts: sign-in and the signed-in account page),
 * bundled into /web/auth.js (scripts/build-web.mjs at build time; src/web/assets.ts bundles it in memory
 * when running from source). A bundle of its own, like the WebAuthn library it needs, so that only these
 * pages load them. The page says which view it is in its `auth-data` JSON block.
 */
import { $ } from '../dom.js';
import { initPasskeyAccount } from './passkey-account.js';
import { initSignin } from './signin.js';

const data = JSON.parse($('#auth-data')?.textContent || '{}') as { view?: string; next?: string };
if (data.view === 'signin') initSignin(data.next);
else if (data.view === 'account') initPasskeyAccount();
