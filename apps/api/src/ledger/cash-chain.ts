import { sql } from 'drizzle-orm';
import type { Tx } from '@app/db';
import { num, queryRows, wholeNumbers } from './sql';

/**
 * The cash balance after each entry (decision 158), for the set-based writers (bulk.ts): ledger_post
 * does the same in SQL. For one member the entries that move cash chain in (created_at, id) order:
 * each one's `cash_balance_after` is the previous one's plus its cash amount. The caller has locked
 * the members' cash accounts (so no other writer moves them before the batch commits), reads their
 * balances and latest cash entries here, and inserts the new entries in the order they were chained
 * (`assertChainOrder` proves their ids followed it).
 */

export interface CashStart {
  /** Cents: the locked cash account's balance. */
  balance: number;
  /** The member's latest entry that moved cash (null: none yet). */
  lastAt: Date | null;
}

/** The locked cash balance and the latest cash entry's instant of each member (absent: no account). */
export async function cashStarts(tx: Tx, userIds: readonly number[]): Promise<Map<number, CashStart>> {
  const starts = new Map<number, CashStart>();
  if (userIds.length === 0) return starts;
  const rows = await queryRows<{ user_id: unknown; balance: unknown; last_at: unknown }>(
    tx,
    sql`select a.user_id, a.balance,
          (select e.created_at from ledger_entries e
           where e.user_id = a.user_id and e.cash_amount is not null
           order by e.created_at desc, e.id desc limit 1) as last_at
        from ledger_accounts a
        where a.kind = 'cash' and a.user_id = any(${wholeNumbers(userIds)}::int[])`,
  );
  for (const row of rows) {
    const lastAt = row.last_at === null ? null : new Date(row.last_at as string | Date);
    starts.set(num(row.user_id), { balance: num(row.balance), lastAt });
  }
  return starts;
}

export interface Chained {
  /** Null exactly when the entry moves no cash of its member. */
  cashBalanceAfter: number | null;
  /** The batch's instant, or the member's latest cash entry's when that is later. */
  createdAt: Date;
}

/**
 * Chains a batch's new entries, in the order given, onto each member's cash balance: the balance after
 * each entry and its instant (never before the member's latest cash entry, so (created_at, id) is the
 * order of the balances).
 */
export function chainCash(
  entries: readonly { userId: number; cashAmount: number | null }[],
  starts: Map<number, CashStart>,
  at: Date,
): Chained[] {
  const running = new Map<number, { balance: number; createdAt: Date }>();
  return entries.map((entry) => {
    if (entry.cashAmount === null) return { cashBalanceAfter: null, createdAt: at };
    let state = running.get(entry.userId);
    if (!state) {
      const start = starts.get(entry.userId) ?? { balance: 0, lastAt: null };
      const createdAt = start.lastAt && start.lastAt > at ? start.lastAt : at;
      state = { balance: start.balance, createdAt };
      running.set(entry.userId, state);
    }
    state.balance += entry.cashAmount;
    return { cashBalanceAfter: state.balance, createdAt: state.createdAt };
  });
}

/**
 * The references of `references` already written. Called with the members' accounts locked: an
 * entry with one of these references moves the same accounts, so none is written meanwhile.
 */
export async function writtenReferences(tx: Tx, references: readonly string[]): Promise<Set<string>> {
  if (references.length === 0) return new Set();
  const rows = await queryRows<{ reference: string }>(
    tx,
    sql`select reference from ledger_entries
        where reference in (select jsonb_array_elements_text(${JSON.stringify(references)}::jsonb))`,
  );
  return new Set(rows.map((row) => row.reference));
}

/**
 * Proves the inserted entries got their ids in the order they were chained (for each member,
 * increasing), and that every one was written: otherwise the batch's balances would not chain, and
 * the caller's transaction rolls back.
 */
export function assertChainOrder(
  chained: readonly { reference: string; userId: number }[],
  ids: Map<string, number>,
): void {
  const last = new Map<number, number>();
  for (const entry of chained) {
    const id = ids.get(entry.reference);
    if (id === undefined) throw new Error(`ledger entry ${entry.reference} was written meanwhile`);
    if ((last.get(entry.userId) ?? 0) >= id)
      throw new Error(`ledger entry ${entry.reference} got its id out of its member's order`);
    last.set(entry.userId, id);
  }
}
