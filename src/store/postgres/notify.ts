/**
 * Messages between the processes on one database: LISTEN/NOTIFY (memory
 * changes, key revocations). A process does not hear its own messages.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const CHANNEL_PREFIX = 'werkbank_';

export class Notifications {
  /** Tells this process's own notifications from other processes'. */
  private readonly origin = randomBytes(8).toString('hex');
  private listener: pg.Client | null = null;
  private listening: Promise<void> | null = null;
  private readonly subscribers = new Map<string, ((payload: unknown) => void)[]>();
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly url: string,
  ) {}

  async publish(channel: string, payload: unknown): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL_PREFIX + channel, JSON.stringify({ o: this.origin, p: payload })]);
  }

  /** Resolves once this process listens on `channel` (a dedicated connection; reconnects after errors). */
  async subscribe(channel: string, listener: (payload: unknown) => void): Promise<void> {
    const list = this.subscribers.get(channel);
    if (list) list.push(listener);
    else this.subscribers.set(channel, [listener]);
    await this.listen();
    if (!list) await this.listener?.query(`LISTEN ${pg.escapeIdentifier(CHANNEL_PREFIX + channel)}`);
  }

  private listen(): Promise<void> {
    this.listening ??= (async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on('notification', (msg) => {
        if (!msg.channel.startsWith(CHANNEL_PREFIX) || !msg.payload) return;
        let parsed: { o: string; p: unknown };
        try {
          parsed = JSON.parse(msg.payload) as { o: string; p: unknown };
        } catch {
          return;
        }
        if (parsed.o === this.origin) return;
        for (const fn of this.subscribers.get(msg.channel.slice(CHANNEL_PREFIX.length)) ?? []) fn(parsed.p);
      });
      client.on('error', () => {
        // Lost the connection: listen again on a new one (notifications in between are lost; writes are not).
        this.listener = null;
        this.listening = null;
        client.end().catch(() => undefined);
        if (!this.closed)
          setTimeout(() => {
            if (this.closed) return;
            void this.listen()
              .then(() => {
                const listener = this.listener;
                if (listener)
                  return Promise.all(
                    [...this.subscribers.keys()].map((c) => listener.query(`LISTEN ${pg.escapeIdentifier(CHANNEL_PREFIX + c)}`)),
                  );
              })
              .catch(() => undefined);
          }, 1000).unref();
      });
      await client.connect();
      this.listener = client;
    })();
    return this.listening;
  }

  async close(): Promise<void> {
    this.closed = true;
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
  }
}
