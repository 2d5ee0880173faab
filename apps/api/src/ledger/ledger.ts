import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ledgerAccountTotals,
  ledgerAccounts,
  preparedPerDb,
  type AccountKind,
  type DbOrTx,
  type PlatformAccountKind,
  type Tx,
  type UserAccountKind,
} from '@app/db';
import { FORFEIT_ENTRY_KIND } from '@app/shared';
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
 * reference. The accounts are locked members' cash first, then their other accounts, then the
 * platform's, each in id order, the order every batch job keeps (decision 222), and each user account moves only if it stays on its side of zero: otherwise
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
 * transaction in ledger_post's order (cash, the member's other accounts, the platform's, each in id
 * order: the entry posted next waits on nobody crosswise, decision 222), and answers their balances by kind: what the next entry may move, which no
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
        order by user_id is null, kind <> 'cash', id for update`,
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

/** The platform's accounts (external, interest income, yield and rewards expense, adjustments...) in cents, by kind. */
export async function platformBalances(db: DbOrTx): Promise<{ kind: string; balance: number }[]> {
  const rows = await queryRows<{ kind: string; balance: unknown }>(
    db,
    sql`select kind, balance from ledger_accounts where user_id is null order by kind`,
  );
  return rows.map((row) => ({ kind: row.kind, balance: num(row.balance) }));
}

export interface AccountFigures {
  /** Cents: the cash balance. */
  balance: number;
  /** Earnings credited to cash (entries of kind earning), less those early exits took back (earning_forfeit). */
  totalEarnings: number;
  /** Confirmed deposits credited to cash, and how many. */
  totalDeposit: number;
  depositCount: number;
  /** The principal in running plans. */
  invested: number;
  /** Held for withdrawals under review. */
  held: number;
  /** Paid out to the member (positive), and how many withdrawals. */
  withdrawn: number;
  withdrawnCount: number;
}

/** The running totals the figures read (decision 038): a row per account and entry kind. */
const FIGURE_TOTALS = ['earning', FORFEIT_ENTRY_KIND, 'deposit', 'withdrawal_paid'];

/**
 * A member's accounts with the running totals of the figures: the member's few account rows and at
 * most one total row each, by index, however long the history.
 */
const figureRowsOf = preparedPerDb((db) =>
  db
    .select({
      kind: ledgerAccounts.kind,
      balance: ledgerAccounts.balance,
      entryKind: ledgerAccountTotals.entryKind,
      total: ledgerAccountTotals.total,
      entries: ledgerAccountTotals.entries,
    })
    .from(ledgerAccounts)
    .leftJoin(
      ledgerAccountTotals,
      and(
        eq(ledgerAccountTotals.accountId, ledgerAccounts.id),
        inArray(ledgerAccountTotals.entryKind, FIGURE_TOTALS),
      ),
    )
    .where(
      and(
        eq(ledgerAccounts.userId, sql.placeholder('userId')),
        inArray(ledgerAccounts.kind, ['cash', 'invested', 'withdrawal_hold']),
      ),
    )
    .prepare('account_figures'),
);

/**
 * A member's money figures: the one read of them (GET /api/me, the deposit total, the back office,
 * the assistant). Zeros for accounts the member does not have yet.
 */
export async function accountFigures(db: DbOrTx, userId: number): Promise<AccountFigures> {
  const figures: AccountFigures = {
    balance: 0,
    totalEarnings: 0,
    totalDeposit: 0,
    depositCount: 0,
    invested: 0,
    held: 0,
    withdrawn: 0,
    withdrawnCount: 0,
  };
  for (const row of await figureRowsOf(db).execute({ userId })) {
    if (row.kind === 'invested') figures.invested = row.balance;
    else if (row.kind === 'withdrawal_hold') {
      figures.held = row.balance;
      if (row.entryKind === 'withdrawal_paid') {
        figures.withdrawn = -(row.total ?? 0);
        figures.withdrawnCount = row.entries ?? 0;
      }
    } else {
      figures.balance = row.balance;
      if (row.entryKind === 'earning' || row.entryKind === FORFEIT_ENTRY_KIND)
        figures.totalEarnings += row.total ?? 0;
      if (row.entryKind === 'deposit') {
        figures.totalDeposit = row.total ?? 0;
        figures.depositCount = row.entries ?? 0;
      }
    }
  }
  return figures;
}
