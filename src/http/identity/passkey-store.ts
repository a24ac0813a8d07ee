/**
 * The stored passkeys: the record table `passkeys` (id = the credential id, owned by the account), several
 * per account, named, renamable and removable (never the last one: the account would be locked out).
 */
import type { verifyAuthenticationResponse } from '@simplewebauthn/server';
import { HttpError } from '../../core/errors.js';
import type { RecordTable, Store } from '../../store/store.js';

export type AuthenticatorTransportFuture = NonNullable<
  Parameters<typeof verifyAuthenticationResponse>[0]['credential']['transports']
>[number];

export interface PasskeyValue {
  name: string;
  /** COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports?: AuthenticatorTransportFuture[];
  /** The WebAuthn user handle of the account (the same for all its passkeys). */
  userHandle: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A passkey's name as given, or `fallback` when none is. */
export function passkeyName(value: unknown, fallback: string): string {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value !== 'string') throw new HttpError('`passkeyName` must be a string', 400);
  const name = value.trim().replace(/\s+/g, ' ');
  if (name.length === 0 || name.length > 60) throw new HttpError('`passkeyName` must have 1 to 60 characters', 400);
  return name;
}

export class PasskeyStore {
  readonly table: RecordTable<PasskeyValue>;

  constructor(
    store: Store,
    private readonly now: () => Date,
  ) {
    this.table = store.records<PasskeyValue>('passkeys');
  }

  /** Store a new passkey of the account; 409 when the credential is registered already. */
  async save(
    accountId: string,
    credential: { id: string; publicKey: Uint8Array; counter: number; transports?: AuthenticatorTransportFuture[] },
    userHandle: string,
    name: string,
  ): Promise<string> {
    const ok = await this.table.insert(
      {
        id: credential.id,
        accountId,
        value: {
          name,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports,
          userHandle,
          createdAt: this.now().toISOString(),
          lastUsedAt: null,
        },
        expiresAt: null,
      },
      this.now().toISOString(),
    );
    if (!ok) throw new HttpError('This passkey is already registered', 409);
    return credential.id;
  }

  async list(accountId: string) {
    return (await this.table.listByAccount(accountId, this.now().toISOString())).map((p) => ({
      id: p.id,
      name: p.value.name,
      createdAt: p.value.createdAt,
      lastUsedAt: p.value.lastUsedAt,
    }));
  }

  async rename(accountId: string, id: string, name: unknown) {
    const row = await this.table.get(id, this.now().toISOString());
    if (!row || row.accountId !== accountId) throw new HttpError(`No passkey with id "${id.slice(0, 80)}" on this account`, 404);
    const value = { ...row.value, name: passkeyName(name, '') };
    if (!value.name) throw new HttpError('`name` is required', 400);
    await this.table.put({ ...row, value });
    return { id, name: value.name };
  }

  async remove(accountId: string, id: string) {
    const all = await this.table.listByAccount(accountId, this.now().toISOString());
    if (!all.some((p) => p.id === id)) throw new HttpError(`No passkey with id "${id.slice(0, 80)}" on this account`, 404);
    if (all.length === 1)
      throw new HttpError("This is the account's only passkey: add another before removing it (or delete the account)", 409);
    await this.table.delete(id);
    return { id, removed: true };
  }
}
