/**
 * The administration commands: `werkbank accounts|keys|credits|usage`. They open the store themselves, so they
 * run while no server holds an embedded store's data dir (or beside servers sharing a PostgreSQL store).
 */
import { HttpError } from '../core/errors.js';
import type { Accounts } from '../accounts/accounts.js';
import { print, type CliValues } from './output.js';

/** One administration action: its arguments, the accounts, and how to print an answer (JSON with --json). */
interface Action {
  arg: string | undefined;
  values: CliValues;
  accounts: Accounts;
  out: (data: unknown, text: string) => void;
}

const need = (name: string, value: unknown): string => {
  if (typeof value !== 'string' || !value) throw new HttpError(`${name} is required (see werkbank --help)`);
  return value;
};

const ACTIONS: Record<string, (a: Action) => Promise<void>> = {
  'accounts create': async ({ arg, values, accounts, out }) => {
    const plan = (values.plan as string | undefined) ?? 'free';
    if (plan !== 'free' && plan !== 'paid') throw new HttpError('--plan must be free or paid');
    const a = await accounts.createAccount(need('NAME', arg), plan);
    out(await accounts.accountInfo(a.id), `Created account "${a.name}" (plan ${a.plan}).`);
  },
  'accounts list': async ({ accounts, out }) => {
    const list = await accounts.listAccounts();
    out(list, list.map((a) => `${a.name}\t${a.plan}\t${a.remaining} credits left`).join('\n') || '(no accounts)');
  },
  'keys create': async ({ values, accounts, out }) => {
    const k = await accounts.createKey(need('--account', values.account));
    out(k, `API key for "${k.account}" (id ${k.id}); it is shown only now, store it safely:\n\n  ${k.key}\n`);
  },
  'keys list': async ({ values, accounts, out }) => {
    const keys = await accounts.listKeys(need('--account', values.account));
    out(
      keys,
      keys.map((k) => `${k.id}\t${k.prefix}…\tcreated ${k.createdAt}${k.revokedAt ? `\trevoked ${k.revokedAt}` : ''}`).join('\n') ||
        '(no keys)',
    );
  },
  'keys revoke': async ({ arg, accounts, out }) => {
    const before = new Date().toISOString();
    const r = await accounts.revokeKey(need('KEY_ID', arg));
    // The store keeps the first revocation time: an earlier one means this call changed nothing.
    const already = !!r.revokedAt && r.revokedAt < before;
    out(
      { ...r, alreadyRevoked: already },
      already ? `Key ${r.id} (${r.prefix}…) was already revoked (${r.revokedAt}); nothing changed.` : `Revoked ${r.id} (${r.prefix}…).`,
    );
  },
  'credits add': async ({ values, accounts, out }) => {
    const pack = Number(need('--pack', values.pack));
    const b = await accounts.addPack(need('--account', values.account), pack, 'cli');
    out(b, `Added ${pack} pack credits; ${b.remaining} credits left.`);
  },
  usage: async ({ values, accounts, out }) => {
    const days = values.days === undefined ? 7 : Number(values.days);
    if (!Number.isInteger(days) || days < 1 || days > 365) throw new HttpError('--days must be 1-365');
    const u = await accounts.usage((await accounts.requireAccount(need('--account', values.account))).id, days);
    out(
      u,
      `Usage of "${u.account}", last ${u.days} day(s) (kept ${u.retentionDays}): ${u.totals.calls} calls, ${u.totals.credits} credits\n` +
        u.perDay.map((d) => `  ${d.date}  ${d.calls} calls  ${d.credits} credits`).join('\n'),
    );
  },
};

export async function adminCommand(command: string, sub: string | undefined, arg: string | undefined, values: CliValues): Promise<number> {
  const [{ configFromEnv }, { openStore }, { Accounts }] = await Promise.all([
    import('../server.js'),
    import('../store/select.js'),
    import('../accounts/accounts.js'),
  ]);
  const config = configFromEnv({ dataDir: values.data as string | undefined, databaseUrl: values['database-url'] as string | undefined });
  const store = await openStore(config).catch((err: Error) => {
    // The embedded store serves one process: while `werkbank serve` holds the data dir, the server itself administers it.
    if (/in use by another werkbank process/.test(err.message))
      throw new HttpError(
        `${err.message}\nWhile the server runs, use its admin API instead (/api/v1/admin/..., with WERKBANK_ADMIN_TOKEN set when it starts) ` +
          `or the account page (/account, e.g. http://127.0.0.1:8787/account).`,
      );
    throw err;
  });
  const accounts = new Accounts(store);
  const out = (data: unknown, text: string) => print(values.json ? JSON.stringify(data, null, 2) : text);
  try {
    const action = ACTIONS[`${command} ${command === 'usage' ? '' : (sub ?? '')}`.trim()];
    if (!action) throw new HttpError(`Unknown command "${command} ${sub ?? ''}" (see werkbank --help)`);
    await action({ arg, values, accounts, out });
    return 0;
  } finally {
    await store.close();
  }
}
