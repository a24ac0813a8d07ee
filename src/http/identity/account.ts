/** A person's own account as a whole: export everything of it, or delete it. */
import { randomBytes } from 'node:crypto';
import { log } from '../../core/log.js';
import type { IdentityOptions } from './options.js';
import type { PasskeyStore } from './passkey-store.js';
import { IDEMPOTENCY_TABLE } from '../../core/idempotency.js';

interface AccountDeps {
  opts: IdentityOptions;
  passkeys: PasskeyStore;
  now: () => Date;
}

/** Everything of the account as one JSON document. */
export async function exportAccount({ opts, passkeys, now }: AccountDeps, accountId: string, extra: Record<string, unknown>) {
  const info = await opts.accounts.accountInfo(accountId);
  const [keys, usage, memory, passkeyList] = await Promise.all([
    opts.accounts.listKeys(info.name),
    opts.accounts.usage(accountId, 365, { offset: 0, limit: 100_000 }),
    opts.memory.exportAccount(accountId),
    passkeys.list(accountId),
  ]);
  return { exportedAt: now().toISOString(), account: info, keys, passkeys: passkeyList, usage, memory, ...extra };
}

/** The name a finished deletion leaves on the tombstone. */
const TOMBSTONE_NAME = /^deleted-[0-9a-f]{16}$/;

/**
 * Delete the account. First its deletion begins (`deletedAt`, durable): from then on the store refuses it
 * every new credential (key, session, OAuth grant, code, token) atomically with the write, and a key,
 * token or session of it that still exists authenticates nothing. Then what it holds goes (`removeAll`).
 * Each step lists what exists after `deletedAt` is durable, so a credential made concurrently was either
 * made before it (and is listed and removed) or refused. The log keeps one line with the account id.
 */
export async function deleteAccount(deps: AccountDeps, accountId: string) {
  const { opts, now } = deps;
  await opts.accounts.accountInfo(accountId);
  await opts.beforeAccountDeleted?.(accountId);
  await opts.store.updateAccount(accountId, (a) => {
    a.deletedAt ??= now().toISOString();
  });
  await removeAll(deps, accountId);
  log(`account ${accountId} deleted by its owner`);
  return { deleted: true };
}

/**
 * Finish the deletions that began but stopped before their end (the store failed midway): their owners
 * cannot ask again, as their sessions are no longer honoured. Returns how many were finished.
 */
export async function finishDeletions(deps: AccountDeps): Promise<number> {
  let finished = 0;
  for (const account of await deps.opts.store.listAccounts())
    if (account.deletedAt && !TOMBSTONE_NAME.test(account.name)) {
      await removeAll(deps, account.id);
      log(`account ${account.id}: its deletion finished`);
      finished++;
    }
  return finished;
}

/**
 * What a deleted account holds goes: keys revoked (every instance), OAuth grants with their codes and tokens,
 * sessions, passkeys, memory, idempotency keys and usage; the account row is kept only as an anonymous tombstone
 * (a random name, no credits) so ids in the ledger stay unique. Every step may run again.
 */
async function removeAll({ opts, passkeys }: AccountDeps, accountId: string): Promise<void> {
  for (const key of await opts.store.listKeys(accountId)) if (!key.revokedAt) await opts.accounts.revokeKey(key.id);
  await opts.onAccountDeleted?.(accountId);
  await opts.sessions.endAll(accountId);
  await passkeys.table.deleteByAccount(accountId);
  await opts.memory.deleteAccount(accountId);
  await opts.store.records(IDEMPOTENCY_TABLE).deleteByAccount(accountId); // their stored answers hold the account's data
  await opts.store.pruneUsage(accountId, '9999-12-31');
  await opts.store.updateAccount(accountId, (a) => {
    a.name = `deleted-${randomBytes(8).toString('hex')}`;
    a.plan = 'free';
    a.packCredits = 0;
  });
}
