/**
 * Which store a process opens: PostgreSQL when a database URL is given
 * (`--database-url`, else `WERKBANK_DATABASE_URL`), else the embedded
 * store in the data dir. `pg` is loaded only when a URL is set, so the
 * embedded default starts no faster or slower than before.
 */
import { EmbeddedStore } from './embedded/store.js';
import type { Store } from './store.js';

export interface StoreConfig {
  dataDir: string;
  /** postgres://… ; '' or undefined: the embedded store. */
  databaseUrl?: string;
}

/** The database URL from an option, else the environment ('' counts as unset). */
export function databaseUrlFrom(option: string | undefined): string | undefined {
  return option || process.env.WERKBANK_DATABASE_URL || undefined;
}

export async function openStore(config: StoreConfig): Promise<Store> {
  if (config.databaseUrl) {
    if (!/^postgres(ql)?:\/\//.test(config.databaseUrl))
      throw new Error('The database URL must start with postgres:// or postgresql:// (WERKBANK_DATABASE_URL / --database-url)');
    const { PostgresStore } = await import('./postgres/store.js');
    return PostgresStore.open(config.databaseUrl);
  }
  return EmbeddedStore.open(config.dataDir);
}
