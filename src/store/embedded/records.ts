/**
 * The embedded store's record tables (sessions, passkeys, OAuth clients and
 * tokens, processed payment events): rows in memory, every change a journal
 * record, the tables part of the snapshot.
 */
import { AccountDeletedError, type RecordTable, type RecordWriteOptions, type StoredRecord } from '../store.js';
import type { Journal } from './journal.js';
import { accountLive, type MemoryState } from './state.js';

const live = (row: StoredRecord<unknown> | undefined, now: string) => (row && (!row.expiresAt || row.expiresAt > now) ? row : undefined);

export function recordTable<T>(table: string, state: MemoryState, journal: Journal): RecordTable<T> {
  const copy = (row: StoredRecord<unknown> | undefined) => row && (structuredClone(row) as StoredRecord<T>);
  const removeWhere = (test: (row: StoredRecord<unknown>) => boolean) => {
    let count = 0;
    return journal.change<number>(
      (draft) => {
        const ids = [
          ...state.liveRecords(table).keys(),
          ...[...draft.rows.keys()].filter((k) => k.startsWith(table + '\0')).map((k) => k.slice(table.length + 1)),
        ];
        const gone = [...new Set(ids)].filter((id) => {
          const row = draft.row(table, id);
          return row && test(row);
        });
        for (const id of gone) draft.setRow(table, id, null);
        count = gone.length;
        return gone.length ? { op: 'unrecord', table, ids: gone } : undefined;
      },
      () => count,
    );
  };
  return {
    get: (id, now) => copy(live(state.liveRecords(table).get(id), now)),
    listByAccount: (accountId, now) =>
      [...state.liveRecords(table).values()].filter((r) => r.accountId === accountId && live(r, now)).map((r) => copy(r)!),
    put: async (row, opts?: RecordWriteOptions) => {
      await journal.change((draft) => {
        // Checked in the journal's order: a deletion's `deletedAt` prepared before this write refuses it.
        if (opts?.liveAccount && !accountLive(draft, row.accountId)) throw new AccountDeletedError();
        draft.setRow(table, row.id, row);
        return { op: 'record', table, row };
      });
    },
    insert: (row, now, opts?: RecordWriteOptions) => {
      let inserted = false;
      return journal.change(
        (draft) => {
          if (opts?.liveAccount && !accountLive(draft, row.accountId)) throw new AccountDeletedError();
          if (live(draft.row(table, row.id), now)) return undefined;
          draft.setRow(table, row.id, row);
          inserted = true;
          return { op: 'record', table, row };
        },
        () => inserted,
      );
    },
    update: (id, now, fn) => {
      let updated: StoredRecord<T> | undefined;
      return journal.change(
        (draft) => {
          const current = live(draft.row(table, id), now);
          if (!current) return undefined; // deleted or expired meanwhile: stays so
          const { value, expiresAt } = fn(copy(current)!);
          const row: StoredRecord<unknown> = { id, accountId: current.accountId, value, expiresAt };
          draft.setRow(table, id, row);
          updated = copy(row);
          return { op: 'record', table, row };
        },
        () => updated,
      );
    },
    take: (id, now) => {
      let taken: StoredRecord<T> | undefined;
      return journal.change(
        (draft) => {
          const row = live(draft.row(table, id), now);
          if (!row) return undefined;
          taken = copy(row);
          draft.setRow(table, id, null);
          return { op: 'unrecord', table, ids: [id] };
        },
        () => taken,
      );
    },
    delete: async (id) => {
      let existed = false;
      return journal.change(
        (draft) => {
          if (!draft.row(table, id)) return undefined;
          existed = true;
          draft.setRow(table, id, null);
          return { op: 'unrecord', table, ids: [id] };
        },
        () => existed,
      );
    },
    deleteByAccount: (accountId) => removeWhere((row) => row.accountId === accountId),
    sweep: (now) => removeWhere((row) => Boolean(row.expiresAt && row.expiresAt <= now)),
  };
}
