import { eq, sql } from 'drizzle-orm';
import {
  preparedPerDb,
  users,
  type AccountKind,
  type DbOrTx,
  type PlatformAccountKind,
  type Tx,
  type UserAccountKind,
} from '@app/db';
import { AppError } from '../errors';
import { sqlState } from '../lib/db-errors';
import { inLiterals, num, queryRows } from './sql';

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

/** SQLSTATE raised by ledger_post() when a user account would cross zero. */
const INSUFFICIENT_FUNDS_STATE = 'LE001';

/**
 * Writes one entry with its postings and moves the cached balances, in the caller's transaction, in
 * one round trip: the database function ledger_post (migration 0005, decision 037). Idempotent by
 * reference. The accounts are locked in id order (no deadlock between two entries on the same
 * accounts), and each user account moves only if it stays on its side of zero: otherwise
 * InsufficientFundsError, and the caller's transaction rolls back. Underneath, the CHECK on
 * ledger_accounts holds the sign rule and the deferred trigger on ledger_postings that each entry's
 * postings sum to zero; that a cached balance equals its postings is checked by checkLedger.
 */
export async function postEntry(tx: Tx, entry: NewEntry, now: Date): Promise<PostResult> {
  const sum = entry.postings.reduce((total, posting) => total + posting.amount, 0);
  if (entry.postings.length < 2 || sum !== 0) throw new Error(`entry ${entry.reference} does not balance`);
  for (const posting of entry.postings) {
    if (!Number.isSafeInteger(posting.amount) || posting.amount === 0)
      throw new Error(`entry ${entry.reference} has a bad posting amount`);
  }
  const postings = JSON.stringify(
    entry.postings.map(({ account, amount }) =>
      'platform' in account
        ? { user_id: null, kind: account.platform, amount }
        : { user_id: account.userId, kind: account.kind, amount },
    ),
  );
  try {
    const rows = await queryRows<{ posted_entry_id: unknown; was_created: unknown }>(
      tx,
      sql`select posted_entry_id, was_created from ledger_post(
            ${entry.kind}, ${entry.reference}, ${entry.userId}::integer,
            ${entry.metadata ? JSON.stringify(entry.metadata) : null}::jsonb,
            ${now.toISOString()}::timestamptz, ${postings}::jsonb)`,
    );
    const row = rows[0];
    return { created: row?.was_created === true, entryId: num(row?.posted_entry_id) };
  } catch (error) {
    if (sqlState(error) === INSUFFICIENT_FUNDS_STATE) throw new InsufficientFundsError();
    throw error;
  }
}

/**
 * Locks a member's accounts of `kinds` and the platform's accounts of `platform` for the rest of the
 * transaction, in account-id order (the order ledger_post locks them, so the entry posted next waits
 * on nobody crosswise), and answers their balances by kind: what the next entry may move, which no
 * other transaction can change meanwhile. An account that does not exist yet is absent (balance 0).
 */
export async function lockBalances(
  tx: Tx,
  userId: number,
  kinds: readonly UserAccountKind[],
  platform: readonly PlatformAccountKind[] = [],
): Promise<Map<AccountKind, number>> {
  const platformAccounts =
    platform.length > 0 ? sql` or (user_id is null and ${inLiterals(sql`kind`, platform)})` : sql``;
  const rows = await queryRows<{ kind: AccountKind; balance: unknown }>(
    tx,
    sql`select kind, balance from ledger_accounts
        where (user_id = ${userId} and ${inLiterals(sql`kind`, kinds)})${platformAccounts}
        order by id for update`,
  );
  return new Map(rows.map((row) => [row.kind, num(row.balance)]));
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
 * A member's money figures as a select field, for the user row `users.id`: the cash balance, the
 * earnings credited (entries of kind earning into cash) and the confirmed deposits (entries of kind
 * deposit into cash), read from the running totals (decision 038) of the member's cash account. The
 * cash account is looked up once and its two totals by their primary key: one subquery written as a
 * JSON array of three numbers, where three subqueries looked up the same account three times (a
 * third of the token read's buffer reads, decision 145). Null when the member has no cash account
 * yet. Read with `toAccountFigures`.
 */
// Qualified by hand: Drizzle writes a column of a one-table select without its table, which the
// subqueries' own tables would capture.
const userId = sql`${users}.${sql.identifier(users.id.name)}`;
const cashTotal = (kind: 'earning' | 'deposit') =>
  sql`coalesce((select t.total from ledger_account_totals t
      where t.account_id = a.id and t.entry_kind = ${sql.raw(`'${kind}'`)}), 0)`;
export const accountFigureFields = {
  figures: sql<unknown>`(select json_build_array(a.balance, ${cashTotal('earning')}, ${cashTotal('deposit')})
    from ledger_accounts a where a.user_id = ${userId} and a.kind = 'cash')`,
};

/**
 * The figures of `accountFigureFields` (cents; zeros without a cash account). Amounts in cents stay far
 * below 2^53, so a JSON number holds them exactly.
 */
export function toAccountFigures(row: { figures: unknown } | undefined): AccountFigures {
  const figures = Array.isArray(row?.figures) ? (row.figures as unknown[]) : [];
  return {
    balance: num(figures[0] ?? 0),
    totalEarnings: num(figures[1] ?? 0),
    totalDeposit: num(figures[2] ?? 0),
  };
}

const figuresOf = preparedPerDb((db) =>
  db
    .select(accountFigureFields)
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('account_figures'),
);

/** A member's figures of GET /api/me in one query (a prepared statement). */
export async function accountFigures(db: DbOrTx, userId: number): Promise<AccountFigures> {
  const [row] = await figuresOf(db).execute({ userId });
  return toAccountFigures(row);
}
