/**
 * The billing feature: payments with Stripe when configured (src/billing/billing.ts). Its routes answer that
 * payments are off when they are; the account page's plan and credits section, the export's payments and the
 * check before an account is deleted are what it adds to people's accounts (src/http/identity-feature.ts).
 */
import type { Feature } from '../feature.js';
import type { Accounts } from '../accounts/accounts.js';
import type { Store } from '../store/store.js';
import type { Identity } from '../http/identity/identity.js';
import type { AccountExtensions } from '../http/identity-feature.js';
import { Billing } from './billing.js';
import { StripeProvider, type StripeSettings } from './stripe.js';
import { billingNotice, billingOperations, billingRoutes, billingSection } from './routes.js';

/** Payments, when Stripe is configured; unset: off, the operator adds credits. */
export function billingService(
  stripe: StripeSettings | undefined,
  store: Store,
  accounts: Accounts,
  now?: () => Date,
): Billing | undefined {
  return stripe ? new Billing(store, new StripeProvider(stripe), (id) => accounts.packsHeld(id), now) : undefined;
}

/** What billing adds to people's accounts. */
export function billingAccountExtensions(billing: Billing | undefined, accounts: Accounts): AccountExtensions {
  return {
    beforeAccountDeleted: billing && ((accountId) => billing.assertNoRenewal(accountId)),
    payments: billing && ((accountId) => billing.exportAccount(accountId)),
    billingSection: (c, accountId, csrf) => billingSection(billing, accounts, accountId, csrf, billingNotice(c.req.query('billing'))),
    formTargets: billing?.provider.pageOrigins ?? [],
  };
}

export function billingFeature(billing: Billing | undefined, identity: Identity, adminToken?: string): Feature {
  return {
    routes: [billingRoutes(billing, identity, adminToken)],
    operations: billingOperations,
    sweep: async () => {
      // Paid periods that ended without the provider's own event (its retries failed, say).
      await billing?.expire();
      await billing?.sweep();
    },
  };
}
