/** What the identity part of the server is made with (src/server.ts fills it in). */
import type { Accounts } from '../../accounts/accounts.js';
import type { Store } from '../../store/store.js';
import type { MemoryService } from '../../memory/service.js';
import type { Sessions } from '../sessions.js';
import type { SignupMode } from './gate.js';

export interface IdentityOptions {
  store: Store;
  accounts: Accounts;
  memory: MemoryService;
  sessions: Sessions;
  signup: SignupMode;
  /** The configured public base URL (read per request: the CLI fills it in once it listens); undefined: from the Host header. */
  baseUrl: () => string | undefined;
  trustProxy: boolean;
  /** Sign-ups per address and hour (default 10). */
  signupsPerHour?: number;
  /** Failed sign-ins per address and 15 minutes (default 10). */
  failedSigninsPer15Min?: number;
  now?: () => Date;
  /** Called while an account is deleted, so that its grants (OAuth connections) go with it. */
  onAccountDeleted?: (accountId: string) => Promise<void>;
  /** Called before anything is deleted; a throw refuses the deletion (a subscription still running: src/billing). */
  beforeAccountDeleted?: (accountId: string) => Promise<void>;
}
