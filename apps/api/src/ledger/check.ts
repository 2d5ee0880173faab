import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@app/db';
import { cashChainMismatches, type CashChainMismatch } from './cash-chain-check';
import { num, queryRows } from './sql';

export interface LedgerCheck {
  ok: boolean;
  /** Cents. */
  postingsSum: number;
  unbalancedEntries: { entryId: number; reference: string; sum: number }[];
  mismatchedAccounts: {
    accountId: number;
    userId: number | null;
    kind: string;
    cachedBalance: number;
    postingsBalance: number;
    problem: 'cached_balance_differs' | 'wrong_sign';
  }[];
  /** Users whose cached loyalty points differ from their points rows, or are below zero. */
  mismatchedPoints: { userId: number; cached: number; fromRows: number }[];
  /** Running totals (decision 038) that differ from the postings of their account and entry kind. */
  mismatchedTotals: {
    accountId: number;
    entryKind: string;
    cachedTotal: number;
    postingsTotal: number;
    cachedEntries: number;
    postingsEntries: number;
  }[];
  /**
   * Entries whose cash amount (decision 140) differs from the sum of their postings to their member's
   * cash account (null: no such posting).
   */
  mismatchedCashAmounts: { entryId: number; cached: number | null; fromPostings: number | null }[];
  /** Breaks in members' cash chains: balance after each entry, and the latest against the balance. */
  mismatchedCashChain: CashChainMismatch[];
  /** User plans whose earned-to-date differs from the earning postings of their accruals. */
  mismatchedPlanEarnings: { userPlanId: number; cached: number; fromPostings: number }[];
  /** Members' per-day earnings (the portfolio chart's aggregate) that differ from their plans' accruals. */
  mismatchedDailyEarnings: { userId: number; day: string; cached: number; fromAccruals: number }[];
  /**
   * Members whose loan account is not minus the outstanding principal of their loans, or a loan whose
   * running paid totals differ from its instalments'.
   */
  mismatchedLoans: {
    userId: number;
    /** Null: the member's loan account (actual) against minus their outstanding principal (expected). */
    loanId: number | null;
    expected: number;
    actual: number;
  }[];
  /**
   * Goals whose running invested total differs from the investment postings of the goal's entries, or
   * whose earned total differs from the earning postings of its plans' accruals (decision 110).
   */
  mismatchedGoals: {
    goalId: number;
    field: 'invested' | 'earned';
    cached: number;
    fromPostings: number;
  }[];
  /**
   * Admin queues whose running pending count or amount (admin_queue_totals, decision 126) differs from
   * their pending rows.
   */
  mismatchedQueueTotals: {
    queue: string;
    cachedCount: number;
    count: number;
    cachedAmount: number;
    amount: number;
  }[];
  /** Members whose kept list length (member_list_totals, decision 134) differs from their rows. */
  mismatchedListTotals: { userId: number; list: string; cached: number; rows: number }[];
  /**
   * Refunded deposits (decision 155) whose figures differ from their postings: `deposit` (the refund
   * is not the deposit's credited amount, or the deposit is not marked refunded, or a refunded
   * deposit has no refund row), `taken_back`, `debt` (what was booked as owed is not the amount less
   * what was taken back), `recovered`; and members (refundId null, field `debt_account`) whose debt
   * account is not minus what their refunds still owe.
   */
  mismatchedRefunds: {
    refundId: number | null;
    userId: number;
    field: 'deposit' | 'taken_back' | 'debt' | 'recovered' | 'debt_account';
    expected: number;
    actual: number;
  }[];
  duplicateReferences: number;
  accountsChecked: number;
  entriesChecked: number;
}

/**
 * Proves the books balance (DESIGN §5): the sum of all postings is zero, every entry balances, every
 * cached balance equals the sum of its postings, no user account is on the wrong side of zero, one
 * entry per reference; the loyalty points cache equals its rows; every running total equals the
 * postings of its account and entry kind (decision 038); every entry's cash amount equals its postings
 * to its member's cash account (decision 140); every member's cash chain: the balance after each cash
 * entry is the previous one plus its cash amount, the latest is the cash balance (decision 158); every plan's earned-to-date equals the earning
 * postings of its accruals; every refunded deposit's take-back plus its debt is its credited amount,
 * and a member's debt account is minus what they still owe (decision 155).
 */
export async function checkLedger(db: DbOrTx): Promise<LedgerCheck> {
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
  // Every entry in one pass: its postings balance, and its cash amount (decision 140) is the sum of
  // its postings to its member's cash account (null when there are none).
  const entryRows = await queryRows<{
    entry_id: unknown;
    reference: string;
    sum: unknown;
    postings: unknown;
    cash_amount: unknown;
    cash_posted: unknown;
  }>(
    db,
    sql`select x.* from (
          select e.id as entry_id, e.reference, coalesce(sum(p.amount), 0) as sum, count(p.id) as postings,
            e.cash_amount, sum(p.amount) filter (where a.kind = 'cash' and a.user_id = e.user_id) as cash_posted
          from ledger_entries e
          left join ledger_postings p on p.entry_id = e.id
          left join ledger_accounts a on a.id = p.account_id
          group by e.id
        ) x
        where x.sum <> 0 or x.postings < 2 or x.cash_amount is distinct from x.cash_posted
        order by x.entry_id
        limit 100`,
  );
  const orNull = (value: unknown) => (value === null ? null : num(value));
  const unbalanced = entryRows.filter((row) => num(row.sum) !== 0 || num(row.postings) < 2);
  const mismatchedCashAmounts = entryRows
    .filter((row) => orNull(row.cash_amount) !== orNull(row.cash_posted))
    .map((row) => ({
      entryId: num(row.entry_id),
      cached: orNull(row.cash_amount),
      fromPostings: orNull(row.cash_posted),
    }));
  const accounts = await queryRows<{
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
  const points = await queryRows<{ id: unknown; cached: unknown; rows: unknown }>(
    db,
    sql`select u.id, u.loyalty_points as cached, coalesce(t.total, 0) as rows
        from users u
        left join (select user_id, sum(points) as total from points_transactions group by user_id) t
          on t.user_id = u.id
        where u.loyalty_points <> coalesce(t.total, 0) or u.loyalty_points < 0
        limit 100`,
  );
  // Every running total against the postings it sums, both ways: a total with no postings, and
  // postings with no total row, are mismatches too.
  const totalsRows = await queryRows<{
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
  const planRows = await queryRows<{ id: unknown; earned: unknown; posted: unknown }>(
    db,
    sql`select u.id, u.earned, coalesce(x.posted, 0) as posted
        from user_plans u
        left join (
          select q.user_plan_id, sum(p.amount) as posted
          from user_plan_accruals q
          join ledger_entries e on e.id = q.entry_id
          join ledger_postings p on p.entry_id = e.id
          join ledger_accounts a on a.id = p.account_id and a.user_id is not null and a.kind = 'cash'
          group by q.user_plan_id
        ) x on x.user_plan_id = u.id
        where u.earned <> coalesce(x.posted, 0)
        limit 100`,
  );
  // Loans (DESIGN §5): a member's loan account is minus what they still owe in principal, and every
  // loan's running totals are its instalments' (decision 083).
  const loanAccounts = await queryRows<{ user_id: unknown; balance: unknown; outstanding: unknown }>(
    db,
    sql`select coalesce(a.user_id, l.user_id) as user_id, coalesce(a.balance, 0) as balance,
               coalesce(l.outstanding, 0) as outstanding
        from (select user_id, balance from ledger_accounts where kind = 'loan' and user_id is not null) a
        full join (select user_id, sum(principal - paid_principal) as outstanding from loans group by user_id) l
          on l.user_id = a.user_id
        where coalesce(a.balance, 0) <> -coalesce(l.outstanding, 0)
        limit 100`,
  );
  const loanTotals = await queryRows<{ id: unknown; user_id: unknown; paid: unknown; from_rows: unknown }>(
    db,
    sql`select l.id, l.user_id, l.paid_principal as paid, coalesce(i.paid, 0) as from_rows
        from loans l
        left join (select loan_id, sum(paid_principal) as paid, sum(paid_interest) as interest
                   from loan_instalments group by loan_id) i on i.loan_id = l.id
        where l.paid_principal <> coalesce(i.paid, 0) or l.paid_interest <> coalesce(i.interest, 0)
        limit 100`,
  );
  const mismatchedLoans = [
    ...loanAccounts.map((row) => ({
      userId: num(row.user_id),
      loanId: null,
      expected: -num(row.outstanding),
      actual: num(row.balance),
    })),
    ...loanTotals.map((row) => ({
      userId: num(row.user_id),
      loanId: num(row.id),
      expected: num(row.from_rows),
      actual: num(row.paid),
    })),
  ];
  const dailyRows = await queryRows<{ user_id: unknown; day: unknown; cached: unknown; accrued: unknown }>(
    db,
    sql`select coalesce(m.user_id, x.user_id) as user_id, coalesce(m.day, x.day)::text as day,
          coalesce(m.amount, 0) as cached, coalesce(x.amount, 0) as accrued
        from member_daily_earnings m
        full join (
          select p.user_id, a.accrual_date as day, sum(a.amount) as amount
          from user_plan_accruals a join user_plans p on p.id = a.user_plan_id
          group by p.user_id, a.accrual_date
        ) x on x.user_id = m.user_id and x.day = m.day
        where coalesce(m.amount, 0) <> coalesce(x.amount, 0)
        limit 100`,
  );
  // Goals (decision 110): invested = what the goal's entries moved into the invested account;
  // earned = the earning postings of the accruals of the goal's plans.
  const goalRows = await queryRows<{
    id: unknown;
    invested: unknown;
    earned: unknown;
    invested_posted: unknown;
    earned_posted: unknown;
  }>(
    db,
    sql`select g.id, g.invested, g.earned, coalesce(i.posted, 0) as invested_posted,
               coalesce(r.posted, 0) as earned_posted
        from goals g
        left join (
          select (e.metadata->>'goal_id')::int as goal_id, sum(p.amount) as posted
          from ledger_entries e
          join ledger_postings p on p.entry_id = e.id
          join ledger_accounts a on a.id = p.account_id and a.user_id is not null and a.kind = 'invested'
          where e.kind = 'investment' and e.metadata->>'goal_id' is not null
          group by 1
        ) i on i.goal_id = g.id
        left join (
          select u.goal_id, sum(p.amount) as posted
          from user_plans u
          join user_plan_accruals q on q.user_plan_id = u.id
          join ledger_postings p on p.entry_id = q.entry_id
          join ledger_accounts a on a.id = p.account_id and a.user_id is not null and a.kind = 'cash'
          where u.goal_id is not null
          group by u.goal_id
        ) r on r.goal_id = g.id
        where g.invested <> coalesce(i.posted, 0) or g.earned <> coalesce(r.posted, 0)
        limit 100`,
  );
  const mismatchedGoals: LedgerCheck['mismatchedGoals'] = [];
  for (const row of goalRows) {
    if (num(row.invested) !== num(row.invested_posted))
      mismatchedGoals.push({
        goalId: num(row.id),
        field: 'invested',
        cached: num(row.invested),
        fromPostings: num(row.invested_posted),
      });
    if (num(row.earned) !== num(row.earned_posted))
      mismatchedGoals.push({
        goalId: num(row.id),
        field: 'earned',
        cached: num(row.earned),
        fromPostings: num(row.earned_posted),
      });
  }
  const queueRows = await queryRows<{
    queue: string;
    cached_count: unknown;
    count: unknown;
    cached_amount: unknown;
    amount: unknown;
  }>(
    db,
    sql`select q.queue, coalesce(t.pending_count, 0) as cached_count, q.count,
          coalesce(t.pending_amount, 0) as cached_amount, q.amount
        from (
          select 'deposits' as queue, count(*) as count, coalesce(sum(amount), 0) as amount
            from deposits where status = 'pending' and method = 'bank_transfer'
          union all
          select 'withdrawals', count(*), coalesce(sum(amount), 0) from withdrawals where status = 'pending'
          union all
          select 'loan_applications', count(*), coalesce(sum(amount_requested), 0)
            from loan_applications where status = 'pending'
        ) q
        left join admin_queue_totals t on t.queue = q.queue
        where coalesce(t.pending_count, 0) <> q.count or coalesce(t.pending_amount, 0) <> q.amount`,
  );
  const mismatchedQueueTotals = queueRows.map((row) => ({
    queue: row.queue,
    cachedCount: num(row.cached_count),
    count: num(row.count),
    cachedAmount: num(row.cached_amount),
    amount: num(row.amount),
  }));
  const listRows = await queryRows<{ user_id: unknown; cached: unknown; rows: unknown }>(
    db,
    sql`select coalesce(t.user_id, c.user_id) as user_id, coalesce(t.rows, 0) as cached,
          coalesce(c.rows, 0) as rows
        from (select user_id, count(*) as rows from user_plans group by user_id) c
        full join (select user_id, rows from member_list_totals where list = 'user_plans') t
          on t.user_id = c.user_id
        where coalesce(t.rows, 0) <> coalesce(c.rows, 0)
        limit 100`,
  );
  const mismatchedListTotals = listRows.map((row) => ({
    userId: num(row.user_id),
    list: 'user_plans',
    cached: num(row.cached),
    rows: num(row.rows),
  }));
  const mismatchedAccounts = accounts.map((row) => {
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
  const postingsSum = num(totals?.postings_sum);
  const duplicateReferences = num(totals?.duplicates);
  const result: LedgerCheck = {
    ok: false,
    postingsSum,
    unbalancedEntries: unbalanced.map((row) => ({
      entryId: num(row.entry_id),
      reference: row.reference,
      sum: num(row.sum),
    })),
    mismatchedAccounts,
    mismatchedPoints: points.map((row) => ({
      userId: num(row.id),
      cached: num(row.cached),
      fromRows: num(row.rows),
    })),
    mismatchedCashAmounts,
    mismatchedCashChain: await cashChainMismatches(db),
    mismatchedTotals: totalsRows.map((row) => ({
      accountId: num(row.account_id),
      entryKind: row.entry_kind,
      cachedTotal: num(row.total),
      postingsTotal: num(row.posted),
      cachedEntries: num(row.entries),
      postingsEntries: num(row.posted_entries),
    })),
    mismatchedPlanEarnings: planRows.map((row) => ({
      userPlanId: num(row.id),
      cached: num(row.earned),
      fromPostings: num(row.posted),
    })),
    mismatchedDailyEarnings: dailyRows.map((row) => ({
      userId: num(row.user_id),
      day: String(row.day),
      cached: num(row.cached),
      fromAccruals: num(row.accrued),
    })),
    mismatchedLoans,
    mismatchedGoals,
    mismatchedQueueTotals,
    mismatchedListTotals,
    mismatchedRefunds: await refundMismatches(db),
    duplicateReferences,
    accountsChecked: num(totals?.accounts),
    entriesChecked: num(totals?.entries),
  };
  // One definition of a problem, for the verdict, the audit record and the metric alike.
  result.ok = ledgerProblemCount(result) === 0;
  return result;
}

/**
 * How many problems a check found: every mismatched row of every invariant, the duplicate references,
 * and one for a postings sum that is not zero (the audit record of a run and the
 * `ledger_check_problems` metric).
 */
export function ledgerProblemCount(check: LedgerCheck): number {
  return (
    (check.postingsSum === 0 ? 0 : 1) +
    check.unbalancedEntries.length +
    check.mismatchedAccounts.length +
    check.mismatchedPoints.length +
    check.mismatchedTotals.length +
    check.mismatchedCashAmounts.length +
    check.mismatchedCashChain.length +
    check.mismatchedPlanEarnings.length +
    check.mismatchedDailyEarnings.length +
    check.mismatchedLoans.length +
    check.mismatchedGoals.length +
    check.mismatchedQueueTotals.length +
    check.mismatchedListTotals.length +
    check.mismatchedRefunds.length +
    check.duplicateReferences
  );
}

/**
 * Refunds and chargebacks (decision 155), proved against the postings. Per refund row: its amount is
 * its deposit's credited amount and the deposit is marked refunded; `taken_back` is what its take-back
 * entry moved out of cash; its debt entry booked the rest (amount - taken_back) as owed; `recovered`
 * is what its recovery entries moved out of cash (taken_back + recovered + outstanding = amount is a
 * CHECK on the row). Every refunded deposit has its row. Per member: the debt account is minus the sum
 * of what their refunds still owe.
 */
async function refundMismatches(db: DbOrTx): Promise<LedgerCheck['mismatchedRefunds']> {
  const rows = await queryRows<{
    refund_id: unknown;
    user_id: unknown;
    field: LedgerCheck['mismatchedRefunds'][number]['field'];
    expected: unknown;
    actual: unknown;
  }>(
    db,
    sql`with posted as (
          select (e.metadata->>'deposit_id')::int as deposit_id,
            coalesce(-sum(p.amount) filter (where a.kind = 'cash' and e.reference like '%:refund:taken'), 0) as taken,
            coalesce(-sum(p.amount) filter (where a.kind = 'debt' and e.kind = 'refund_debt'), 0) as debt,
            coalesce(-sum(p.amount) filter (where a.kind = 'cash' and e.reference like '%:refund:recovered:%'), 0) as recovered
          from ledger_entries e
          join ledger_postings p on p.entry_id = e.id
          join ledger_accounts a on a.id = p.account_id and a.user_id = e.user_id
          where e.kind in ('deposit_refund', 'refund_debt')
          group by 1
        ), refunds as (
          select r.id, r.user_id, r.amount, r.taken_back, r.recovered, d.credited, d.status,
            coalesce(x.taken, 0) as taken, coalesce(x.debt, 0) as debt, coalesce(x.recovered, 0) as posted_recovered
          from deposit_refunds r
          join deposits d on d.id = r.deposit_id
          left join posted x on x.deposit_id = r.deposit_id
        )
        select id as refund_id, user_id, 'deposit' as field, credited as expected, amount as actual
          from refunds where amount <> credited or status <> 'refunded'
        union all
        select id, user_id, 'taken_back', taken, taken_back from refunds where taken <> taken_back
        union all
        select id, user_id, 'debt', amount - taken_back, debt from refunds where debt <> amount - taken_back
        union all
        select id, user_id, 'recovered', posted_recovered, recovered from refunds where posted_recovered <> recovered
        union all
        select null, d.user_id, 'deposit', d.credited, 0 from deposits d
          where d.status = 'refunded' and not exists (select 1 from deposit_refunds r where r.deposit_id = d.id)
        union all
        select null, coalesce(a.user_id, o.user_id), 'debt_account', -coalesce(o.outstanding, 0), coalesce(a.balance, 0)
          from (select user_id, balance from ledger_accounts where kind = 'debt' and user_id is not null) a
          full join (select user_id, sum(outstanding) as outstanding from deposit_refunds group by user_id) o
            on o.user_id = a.user_id
          where coalesce(a.balance, 0) <> -coalesce(o.outstanding, 0)
        limit 100`,
  );
  return rows.map((row) => ({
    refundId: row.refund_id === null ? null : num(row.refund_id),
    userId: num(row.user_id),
    field: row.field,
    expected: num(row.expected),
    actual: num(row.actual),
  }));
}
