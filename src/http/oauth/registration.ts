/**
 * Dynamic client registration (RFC 7591), public clients only (token_endpoint_auth_method "none"), at most
 * 120 registrations an hour per address. A registration nobody consents to within 30 days goes; consent keeps it.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { RecordTable, WindowCounters } from '../../store/store.js';
import { clientIp } from '../client-ip.js';
import { AddressLimit } from '../protect.js';
import { checkMetadata } from './client-metadata.js';
import { shownText } from './client-text.js';
import { OAuthHttpError, SCOPES, type OAuthClient } from './protocol.js';
import type { ClientValue } from './tables.js';

export class Registrations {
  // Hosted connectors (Claude) register one client per connection, all from their provider's few addresses.
  private readonly perAddress: AddressLimit;

  constructor(
    private readonly clients: RecordTable<ClientValue>,
    private readonly opts: { trustProxy: boolean; now: () => Date; counters: WindowCounters },
  ) {
    this.perAddress = new AddressLimit('oauth-register', 120, 3600_000, opts.counters, () => opts.now().getTime());
  }

  /** Register a client; the answer is RFC 7591's client information response. */
  async register(c: Context, body: Record<string, unknown>) {
    const meta = checkMetadata(body);
    // Counted before the write, in the store's counters: the limit holds across processes and concurrent requests.
    await this.perAddress.spend(clientIp(c, this.opts.trustProxy), 'client registrations');
    const id = `wbc_${randomBytes(16).toString('base64url')}`;
    const at = this.opts.now();
    await this.clients.put({
      id,
      accountId: null,
      value: {
        name: meta.name,
        redirectUris: meta.redirectUris,
        logoUri: meta.logoUri,
        clientUri: meta.clientUri,
        registeredAt: at.toISOString(),
      },
      expiresAt: new Date(at.getTime() + 30 * 86_400_000).toISOString(),
    });
    return {
      client_id: id,
      client_id_issued_at: Math.floor(at.getTime() / 1000),
      client_name: meta.name,
      redirect_uris: meta.redirectUris,
      ...(meta.logoUri ? { logo_uri: meta.logoUri } : {}),
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: SCOPES.join(' '),
    };
  }

  /** A client registered here; an OAuthHttpError (invalid_client) when there is none. */
  async client(clientId: string): Promise<OAuthClient> {
    const row = await this.clients.get(clientId, this.opts.now().toISOString());
    if (!row) throw new OAuthHttpError(400, 'invalid_client', `Unknown client_id "${clientId.slice(0, 100)}": register the client first`);
    return {
      id: row.id,
      // Cleaned again when read: a row an earlier version wrote may hold the name exactly as it was sent.
      name: shownText(row.value.name, 'Unnamed application'),
      redirectUris: row.value.redirectUris,
      logoUri: row.value.logoUri,
      grants: ['authorization_code', 'refresh_token'],
      kind: 'registered',
    };
  }

  /** Someone consented: the registration no longer expires. */
  async keep(clientId: string, at: string): Promise<void> {
    const row = await this.clients.get(clientId, at);
    if (row && row.expiresAt) await this.clients.put({ ...row, expiresAt: null });
  }
}
