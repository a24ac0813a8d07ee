/**
 * Agent memory: notes an agent stores under keys, optionally in namespaces,
 * per account (per local user over stdio). Items are MCP resources
 * (`memory://<namespace>/<key>`); writes go through the memory tools
 * (`tools/memory/`), which cost 0 credits. Items expire with the plan's
 * retention (30 days free, 365 paid; local stdio use: 365) counted from the
 * last write, and are purged when expired.
 *
 * On a shared database every change is also published to the other server
 * processes (`store.publish`, LISTEN/NOTIFY), which emit it to their own
 * subscribers (`listenAcrossInstances`).
 */
import { EventEmitter } from 'node:events';
import { QuotaExceededError, type Awaitable, type Collection, type Store } from '../store/store.js';
import { HttpError } from '../core/errors.js';
import type { MemoryApi, MemoryItem, MemoryListInput, MemorySearchInput, MemorySetInput, MemorySummary } from '../core/memory-api.js';

export type { MemoryApi, MemoryItem, MemoryListInput, MemorySearchInput, MemorySetInput, MemorySummary };

/** What an account's memory may hold: its plan's retention and stored bytes. */
export interface MemoryPlan {
  retentionDays: number;
  /** Stored bytes of all items: each item's key (namespace/key) plus the item as JSON, escapes included. */
  quotaBytes: number;
}

export const MEMORY_LIMITS = {
  /** Largest value, UTF-8 bytes (413 above). */
  valueBytes: 64 * 1024,
  /** Items per account. */
  items: 1000,
  tags: 20,
  tagLength: 50,
  /** Items per list/search page. */
  page: 100,
} as const;

export const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
export const NAMESPACE_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/;
export const DEFAULT_NAMESPACE = 'default';

export function memoryUri(namespace: string, key: string): string {
  return `memory://${namespace}/${key}`;
}

export function parseMemoryUri(uri: string): { namespace: string; key: string } | null {
  const m = /^memory:\/\/([^/]+)\/([^/]+)$/.exec(uri);
  if (!m || !NAMESPACE_PATTERN.test(m[1]) || !KEY_PATTERN.test(m[2])) return null;
  return { namespace: m[1], key: m[2] };
}

export interface MemoryChange {
  accountId: string;
  uri: string;
  kind: 'created' | 'updated' | 'deleted';
}

function summary(item: MemoryItem): MemorySummary {
  const { value: _value, ...rest } = item;
  return rest;
}

export class MemoryService {
  /** Emits 'change' (MemoryChange) after every durable write or purge. */
  readonly events = new EventEmitter().setMaxListeners(0);
  /**
   * `openStore` is asked for the store on every use: a server passes its open
   * store; stdio lends the data dir's store only while memory is in use, so
   * several local MCP hosts can share one memory.
   */
  constructor(
    private readonly openStore: () => Promise<Store>,
    private readonly plan: (accountId: string) => Awaitable<MemoryPlan>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async collection(): Promise<Collection<MemoryItem>> {
    try {
      return (await this.openStore()).collection<MemoryItem>('memory');
    } catch (err) {
      throw new HttpError(`Agent memory is unavailable: ${(err as Error).message}`, 503);
    }
  }

  /** Emit a change here, and (shared database) to the other processes. */
  private changed(change: MemoryChange): void {
    this.events.emit('change', change);
    void this.openStore()
      .then((store) => store.publish?.('memory', change))
      .catch(() => undefined);
  }

  /** Emit the changes other processes on the same store publish (resolves once listening). */
  async listenAcrossInstances(): Promise<void> {
    const store = await this.openStore();
    await store.subscribe?.('memory', (payload) => {
      const change = payload as MemoryChange;
      if (change && typeof change.accountId === 'string' && typeof change.uri === 'string') this.events.emit('change', change);
    });
  }

  /**
   * The API for one account (resolves the store first). It reads the account's
   * items once (one query on a database) and keeps its own writes in that view.
   */
  async forAccount(accountId: string): Promise<MemoryApi> {
    const col = await this.collection();
    const view = new Map(await col.list(accountId));
    const live = () => {
      const now = this.now().toISOString();
      const items: MemoryItem[] = [];
      for (const [id, item] of view) {
        if (item.expiresAt <= now) void this.purge(col, accountId, id, item);
        else items.push(item);
      }
      return items.sort((a, b) => (a.namespace === b.namespace ? a.key.localeCompare(b.key) : a.namespace.localeCompare(b.namespace)));
    };
    const getLive = (namespace: string, key: string) => {
      const item = view.get(`${namespace}/${key}`);
      return item && item.expiresAt > this.now().toISOString() ? item : undefined;
    };
    return {
      set: async (input) => {
        const bytes = Buffer.byteLength(input.value, 'utf8');
        if (bytes > MEMORY_LIMITS.valueBytes)
          throw new HttpError(`\`value\` is ${bytes} bytes; a memory item holds at most ${MEMORY_LIMITS.valueBytes} bytes (UTF-8)`, 413);
        if (input.mimeType === 'application/json') {
          try {
            JSON.parse(input.value);
          } catch {
            throw new HttpError('`value` must be valid JSON text when `mimeType` is application/json');
          }
        }
        const existing = getLive(input.namespace, input.key);
        if (!existing && live().length >= MEMORY_LIMITS.items)
          throw new HttpError(`Memory is full: at most ${MEMORY_LIMITS.items} items per account; delete some first`, 413);
        const now = this.now();
        const plan = await this.plan(accountId);
        const item: MemoryItem = {
          namespace: input.namespace,
          key: input.key,
          uri: memoryUri(input.namespace, input.key),
          value: input.value,
          mimeType: input.mimeType,
          tags: [...new Set(input.tags)].sort(),
          bytes,
          createdAt: existing?.createdAt ?? now.toISOString(),
          updatedAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + plan.retentionDays * 86_400_000).toISOString(),
        };
        try {
          await col.set(accountId, `${input.namespace}/${input.key}`, item, { maxBytes: plan.quotaBytes });
        } catch (err) {
          if (!(err instanceof QuotaExceededError)) throw err;
          throw new HttpError(
            `Agent memory is full: this account stores ${err.used.toLocaleString('en')} of its ${err.limit.toLocaleString('en')} bytes ` +
              `and this item needs ${err.adding.toLocaleString('en')} more (stored bytes count each item's key and the item as JSON, escapes included). ` +
              'Delete items you no longer need (memory_delete), store less, or move to the paid plan (100 MiB).',
            413,
          );
        }
        view.set(`${input.namespace}/${input.key}`, item);
        this.changed({ accountId, uri: item.uri, kind: existing ? 'updated' : 'created' });
        return { item: summary(item), created: !existing };
      },
      get: getLive,
      list: ({ namespace, tag, prefix, limit, cursor }) => {
        const all = live().filter(
          (i) => (!namespace || i.namespace === namespace) && (!tag || i.tags.includes(tag)) && (!prefix || i.key.startsWith(prefix)),
        );
        const start = cursor ? Number(Buffer.from(cursor, 'base64url').toString()) : 0;
        if (!Number.isInteger(start) || start < 0) throw new HttpError('`cursor` is not a cursor this server returned');
        const page = all.slice(start, start + limit);
        const next = start + limit < all.length ? Buffer.from(String(start + limit)).toString('base64url') : null;
        return { items: page.map(summary), total: all.length, nextCursor: next };
      },
      delete: async (namespace, key) => {
        const existed = Boolean(getLive(namespace, key));
        const removed = await col.delete(accountId, `${namespace}/${key}`);
        view.delete(`${namespace}/${key}`);
        if (existed && removed) this.changed({ accountId, uri: memoryUri(namespace, key), kind: 'deleted' });
        return existed && removed;
      },
      search: ({ query, tag, namespace, limit }) => {
        const needle = query?.toLowerCase();
        const hits = live().filter(
          (i) =>
            (!namespace || i.namespace === namespace) &&
            (!tag || i.tags.includes(tag)) &&
            (!needle || i.key.toLowerCase().includes(needle) || i.value.toLowerCase().includes(needle)),
        );
        return {
          total: hits.length,
          items: hits.slice(0, limit).map((i) => ({ ...summary(i), snippet: snippet(i.value, needle) })),
        };
      },
      namespaces: () => [...new Set(live().map((i) => i.namespace))].sort(),
    };
  }

  private async purge(col: Collection<MemoryItem>, accountId: string, id: string, item: MemoryItem) {
    if (await col.delete(accountId, id)) this.changed({ accountId, uri: item.uri, kind: 'deleted' });
  }

  /** Every item of the account (export). */
  async exportAccount(accountId: string): Promise<MemoryItem[]> {
    const col = await this.collection();
    return (await col.list(accountId)).map(([, item]) => item);
  }

  /** Delete every item of the account (the account is deleted). */
  async deleteAccount(accountId: string): Promise<number> {
    const col = await this.collection();
    let n = 0;
    for (const [id, item] of await col.list(accountId)) {
      await this.purge(col, accountId, id, item);
      n++;
    }
    return n;
  }

  /** Delete every expired item (run periodically by the server). */
  async sweep(): Promise<number> {
    const col = await this.collection();
    const now = this.now().toISOString();
    let n = 0;
    for (const [accountId, id, item] of await col.all())
      if (item.expiresAt <= now) {
        await this.purge(col, accountId, id, item);
        n++;
      }
    return n;
  }
}

function snippet(value: string, needle: string | undefined): string {
  if (!needle) return value.slice(0, 120);
  const at = value.toLowerCase().indexOf(needle);
  if (at < 0) return value.slice(0, 120);
  const start = Math.max(0, at - 40);
  return (start > 0 ? '…' : '') + value.slice(start, at + needle.length + 80) + (at + needle.length + 80 < value.length ? '…' : '');
}
