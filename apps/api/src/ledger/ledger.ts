import { sql } from 'drizzle-orm';
import type { AccountKind, DbOrTx, PlatformAccountKind, Tx, UserAccountKind } from '@app/db';
import { AppError } from '../errors';
import { num, queryRows } from './sql';

/**
 * The ledger (DESIGN §5): the only code that changes a balance. Every movement is one entry with
 * postings that sum to zero, written in the caller's transaction together with the cached balances.
 */

export type AccountRef = { userId: number; kind: UserAccountKind } | { platform: PlatformAccountKind };

export interface Posting {
  account: AccountRef;
  /** Signed cents: positive adds to the account's balance. */
  amount: number;
}

export interface NewEntry {
  kind: string;
  /** The business reference (deposit:12:paid:5000): a second entry with it is not written. */
  reference: string;
  userId: number | null;
  metadata?: Record<string, unknown>;
  postings: Posting[];
}

export interface PostResult {
  /** False when an entry with this reference exists already (nothing was written). */
  created: boolean;
  entryId: number;
}

/** An entry would take a user account to the wrong side of zero (e.g. cash below 0). */
export class InsufficientFundsError extends AppError {
  constructor(message = 'Insufficient balance.') {
    super('INSUFFICIENT_FUNDS', message);
  }
}

/** The simple two-legged movement of the flows table: `from` loses `amount`, `to` gains it. */
export function transfer(from: AccountRef, to: AccountRef, amount: number): Posting[] {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`bad transfer amount ${amount}`);
  return [
    { account: from, amount: -amount },
    { account: to, amount },
  ];
}

const USER_KINDS_NEVER_NEGATIVE = new Set<AccountKind>(['cash', 'invested', 'withdrawal_hold']);

/** The id of a user's account of a kind, created on first use. */
export async function ensureUserAccount(tx: DbOrTx, userId: number, kind: UserAccountKind, now: Date) {
  const inserted = await queryRows<{ id: number }>(
    tx,
    sql`insert into ledger_accounts (user_id, kind, balance, created_at)
        values (${userId}, ${kind}, 0, ${now.toISOString()})
        on conflict (user_id, kind) where user_id is not null do nothing
        returning id`,
  );
  if (inserted[0]) return num(inserted[0].id);
  const found = await queryRows<{ id: number }>(
    tx,
    sql`select id from ledger_accounts where user_id = ${userId} and kind = ${kind}`,
  );
  if (!found[0]) throw new Error(`ledger account ${kind} of user ${userId} is missing`);
  return num(found[0].id);
}

async function platformAccountId(tx: DbOrTx, kind: PlatformAccountKind): Promise<number> {
  const found = await queryRows<{ id: number }>(
    tx,
    sql`select id from ledger_accounts where user_id is null and kind = ${kind}`,
  );
  if (!found[0]) throw new Error(`platform account ${kind} is missing (migrations not applied?)`);
  return num(found[0].id);
}

async function resolveAccount(tx: DbOrTx, ref: AccountRef, now: Date): Promise<number> {
  return 'platform' in ref
    ? platformAccountId(tx, ref.platform)
    : ensureUserAccount(tx, ref.userId, ref.kind, now);
}

/** The account id of each posting: one query for those that exist, then creates what is missing. */
async function resolveAccounts(tx: DbOrTx, postings: Posting[], now: Date): Promise<number[]> {
  const keyOf = (ref: AccountRef) =>
    'platform' in ref ? `platform:${ref.platform}` : `${ref.userId}:${ref.kind}`;
  const found = await queryRows<{ id: unknown; user_id: unknown; kind: string }>(
    tx,
    sql`select id, user_id, kind from ledger_accounts where ${sql.join(
      postings.map(({ account }) =>
        'platform' in account
          ? sql`(user_id is null and kind = ${account.platform})`
          : sql`(user_id = ${account.userId} and kind = ${account.kind})`,
      ),
      sql` or `,
    )}`,
  );
  const known = new Map(
    found.map((row) => [
      row.user_id === null ? `platform:${row.kind}` : `${num(row.user_id)}:${row.kind}`,
      num(row.id),
    ]),
  );
  const ids: number[] = [];
  for (const { account } of postings) {
    const key = keyOf(account);
    let id = known.get(key);
    if (id === undefined) {
      id = await resolveAccount(tx, account, now);
      known.set(key, id);
    }
    ids.push(id);
  }
  return ids;
}

/**
 * Writes one entry with its postings and moves the cached balances, in the caller's transaction.
 * Idempotent by reference. The accounts are locked in id order (no deadlock between two entries on
 * the same accounts), and each user account moves only if it stays on its side of zero: otherwise
 * InsufficientFundsError, and the caller's transaction rolls back. The CHECK on ledger_accounts and
 * the deferred balance trigger on ledger_postings hold the same rules in the database.
 */
export async function postEntry(tx: Tx, entry: NewEntry, now: Date): Promise<PostResult> {
  const sum = entry.postings.reduce((total, posting) => total + posting.amount, 0);
  if (entry.postings.length < 2 || sum !== 0) throw new Error(`entry ${entry.reference} does not balance`);
  for (const posting of entry.postings) {
    if (!Number.isSafeInteger(posting.amount) || posting.amount === 0)
      throw new Error(`entry ${entry.reference} has a bad posting amount`);
  }

  const inserted = await queryRows<{ id: number }>(
    tx,
    sql`insert into ledger_entries (kind, reference, user_id, metadata, created_at)
        values (${entry.kind}, ${entry.reference}, ${entry.userId},
                ${entry.metadata ? JSON.stringify(entry.metadata) : null}::jsonb, ${now.toISOString()})
        on conflict (reference) do nothing
        returning id`,
  );
  if (!inserted[0]) {
    const existing = await queryRows<{ id: number }>(
      tx,
      sql`select id from ledger_entries where reference = ${entry.reference}`,
    );
    return { created: false, entryId: num(existing[0]?.id) };
  }
  const entryId = num(inserted[0].id);

  // Net movement per account (an entry may touch one account twice).
  const ids = await resolveAccounts(tx, entry.postings, now);
  const deltas = new Map<number, { delta: number; kind: AccountKind; user: boolean }>();
  entry.postings.forEach((posting, index) => {
    const id = ids[index]!;
    const kind = 'platform' in posting.account ? posting.account.platform : posting.account.kind;
    const current = deltas.get(id) ?? { delta: 0, kind, user: !('platform' in posting.account) };
    current.delta += posting.amount;
    deltas.set(id, current);
  });

  // Move the balances one account at a time in id order (each UPDATE locks its row, so two entries on
  // the same accounts never wait on each other crosswise), before the postings reference them: their
  // foreign keys' KEY SHARE locks do not conflict with the NO KEY UPDATE locks the updates hold.
  for (const id of [...deltas.keys()].sort((a, b) => a - b)) {
    const { delta, kind, user } = deltas.get(id)!;
    if (delta === 0) continue;
    const guard =
      user && USER_KINDS_NEVER_NEGATIVE.has(kind)
        ? sql` and balance + ${delta} >= 0`
        : user && kind === 'loan'
          ? sql` and balance + ${delta} <= 0`
          : sql``;
    const moved = await queryRows<{ id: number }>(
      tx,
      sql`update ledger_accounts set balance = balance + ${delta} where id = ${id}${guard} returning id`,
    );
    if (!moved[0]) throw new InsufficientFundsError();
  }
  await tx.execute(
    sql`insert into ledger_postings (entry_id, account_id, amount) values ${sql.join(
      entry.postings.map((posting, index) => sql`(${entryId}, ${ids[index]!}, ${posting.amount})`),
      sql`, `,
    )}`,
  );
  return { created: true, entryId };
}

/** The balance in cents of a user's account of a kind (0 when it does not exist yet). */
export async function userBalance(db: DbOrTx, userId: number, kind: UserAccountKind): Promise<number> {
  const rows = await queryRows<{ balance: unknown }>(
    db,
    sql`select balance from ledger_accounts where user_id = ${userId} and kind = ${kind}`,
  );
  return num(rows[0]?.balance ?? 0);
}

export interface AccountFigures {
  /** Cents. */
  balance: number;
  totalEarnings: number;
  totalDeposit: number;
}

/**
 * A member's figures of GET /api/me in one query: the cash balance, the earnings credited (entries of
 * kind earning into cash) and the confirmed deposits (entries of kind deposit into cash).
 */
export async function accountFigures(db: DbOrTx, userId: number): Promise<AccountFigures> {
  const rows = await queryRows<{ balance: unknown; earnings: unknown; deposits: unknown }>(
    db,
    sql`select
          coalesce((select balance from ledger_accounts where user_id = ${userId} and kind = 'cash'), 0) as balance,
          coalesce(sum(p.amount) filter (where e.kind = 'earning'), 0) as earnings,
          coalesce(sum(p.amount) filter (where e.kind = 'deposit'), 0) as deposits
        from ledger_entries e
        join ledger_postings p on p.entry_id = e.id
        join ledger_accounts a on a.id = p.account_id and a.user_id = ${userId} and a.kind = 'cash'
        where e.user_id = ${userId} and e.kind in ('earning', 'deposit')`,
  );
  const row = rows[0];
  return { balance: num(row?.balance), totalEarnings: num(row?.earnings), totalDeposit: num(row?.deposits) };
}
