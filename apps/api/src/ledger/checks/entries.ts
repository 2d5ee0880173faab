import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@app/db';
import { num, queryRows } from '../sql';
import type { LedgerCheck } from './types';

/** How much the check read, the sum of all postings (zero when the books balance) and duplicate references. */
export async function ledgerCounts(db: DbOrTx): Promise<{
  postingsSum: number;
  duplicateReferences: number;
  accountsChecked: number;
  entriesChecked: number;
}> {
  const [totals] = await queryRows<{
    postings_sum: unknown;
    entries: unknown;
    accounts: unknown;
    duplicates: unknown;
  }>(
    db,
    sql`select
          (select coalesce(sum(amount), 0) from ledger_postings) as postings_sum,
          (select count(*) from ledger_entries) as entries,
          (select count(*) from ledger_accounts) as accounts,
          (select count(*) - count(distinct reference) from ledger_entries) as duplicates`,
  );
  return {
    postingsSum: num(totals?.postings_sum),
    duplicateReferences: num(totals?.duplicates),
    accountsChecked: num(totals?.accounts),
    entriesChecked: num(totals?.entries),
  };
}

/** Entries whose postings do not sum to zero, or that have fewer than two postings. */
export async function unbalancedEntries(db: DbOrTx): Promise<LedgerCheck['unbalancedEntries']> {
  const rows = await queryRows<{ entry_id: unknown; reference: string; sum: unknown }>(
    db,
    sql`select x.* from (
          select e.id as entry_id, e.reference, coalesce(sum(p.amount), 0) as sum, count(p.id) as postings
          from ledger_entries e
          left join ledger_postings p on p.entry_id = e.id
          group by e.id
        ) x
        where x.sum <> 0 or x.postings < 2
        order by x.entry_id
        limit 100`,
  );
  return rows.map((row) => ({ entryId: num(row.entry_id), reference: row.reference, sum: num(row.sum) }));
}

/**
 * Entries whose cash amount (decision 140) is not the sum of their postings to their member's cash
 * account (null when there are none).
 */
export async function mismatchedCashAmounts(db: DbOrTx): Promise<LedgerCheck['mismatchedCashAmounts']> {
  const rows = await queryRows<{ entry_id: unknown; cash_amount: unknown; cash_posted: unknown }>(
    db,
    sql`select x.* from (
          select e.id as entry_id, e.cash_amount,
            sum(p.amount) filter (where a.kind = 'cash' and a.user_id = e.user_id) as cash_posted
          from ledger_entries e
          left join ledger_postings p on p.entry_id = e.id
          left join ledger_accounts a on a.id = p.account_id
          group by e.id
        ) x
        where x.cash_amount is distinct from x.cash_posted
        order by x.entry_id
        limit 100`,
  );
  const orNull = (value: unknown) => (value === null ? null : num(value));
  return rows.map((row) => ({
    entryId: num(row.entry_id),
    cached: orNull(row.cash_amount),
    fromPostings: orNull(row.cash_posted),
  }));
}

/** Cached balances that differ from their postings, and members' accounts on the wrong side of zero. */
export async function mismatchedAccounts(db: DbOrTx): Promise<LedgerCheck['mismatchedAccounts']> {
  const rows = await queryRows<{
    id: unknown;
    user_id: unknown;
    kind: string;
    balance: unknown;
    posted: unknown;
  }>(
    db,
    sql`select a.id, a.user_id, a.kind, a.balance, coalesce(p.posted, 0) as posted
        from ledger_accounts a
        left join (select account_id, sum(amount) as posted from ledger_postings group by account_id) p
          on p.account_id = a.id
        where a.balance <> coalesce(p.posted, 0)
           or (a.user_id is not null and a.kind in ('cash', 'invested', 'withdrawal_hold') and a.balance < 0)
           or (a.user_id is not null and a.kind in ('loan', 'debt') and a.balance > 0)
        limit 100`,
  );
  return rows.map((row) => {
    const cachedBalance = num(row.balance);
    const postingsBalance = num(row.posted);
    return {
      accountId: num(row.id),
      userId: row.user_id === null ? null : num(row.user_id),
      kind: row.kind,
      cachedBalance,
      postingsBalance,
      problem:
        cachedBalance !== postingsBalance ? ('cached_balance_differs' as const) : ('wrong_sign' as const),
    };
  });
}

/**
 * Running totals (decision 038) against the postings they sum, both ways: a total with no postings,
 * and postings with no total row, are mismatches too.
 */
export async function mismatchedTotals(db: DbOrTx): Promise<LedgerCheck['mismatchedTotals']> {
  const rows = await queryRows<{
    account_id: unknown;
    entry_kind: string;
    total: unknown;
    entries: unknown;
    posted: unknown;
    posted_entries: unknown;
  }>(
    db,
    sql`select coalesce(t.account_id, x.account_id) as account_id, coalesce(t.entry_kind, x.kind) as entry_kind,
          coalesce(t.total, 0) as total, coalesce(t.entries, 0) as entries,
          coalesce(x.posted, 0) as posted, coalesce(x.posted_entries, 0) as posted_entries
        from ledger_account_totals t
        full join (
          select p.account_id, e.kind, sum(p.amount) as posted, count(distinct e.id) as posted_entries
          from ledger_postings p
          join ledger_entries e on e.id = p.entry_id
          join ledger_accounts a on a.id = p.account_id and a.user_id is not null
          group by p.account_id, e.kind
        ) x on x.account_id = t.account_id and x.kind = t.entry_kind
        where coalesce(t.total, 0) <> coalesce(x.posted, 0)
           or coalesce(t.entries, 0) <> coalesce(x.posted_entries, 0)
        limit 100`,
  );
  return rows.map((row) => ({
    accountId: num(row.account_id),
    entryKind: row.entry_kind,
    cachedTotal: num(row.total),
    postingsTotal: num(row.posted),
    cachedEntries: num(row.entries),
    postingsEntries: num(row.posted_entries),
  }));
}
