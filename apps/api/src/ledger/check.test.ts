import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { GoalResponse } from '@app/shared';
import { createTestApp } from '../../test/helpers';
import { createPlan, fundedMember, investIn } from '../../test/investing';
import { applyFor, approve, createLoanPlan } from '../../test/loans';
import { signedInAdmin } from '../../test/money';
import { checkLedger, failingLedgerChecks, ledgerProblemCount, type LedgerCheckName } from './check';
import { postEntry, transfer } from './ledger';
import { queryRows } from './sql';

/**
 * One test per named check of checkLedger: each breaks exactly that check's invariant behind the
 * ledger's back (a raw statement on a real database), sees that check and no other fail, and mends it.
 */
const { app } = await createTestApp();
const { db } = app.deps.database;

const plan = await createPlan(app, { durationDays: 365, minAmountCents: 100_00 });
const member = await fundedMember(app, 1000);
const userId = member.user.id;
const userPlan = await investIn(member, plan.id, 200);
const goalResponse = await member.client.post(
  '/api/goals',
  { plan_id: plan.id, name: 'Car', target_amount: 5000, target_frequency: 'monthly', target_date: null },
  { token: member.token },
);
expect(goalResponse.statusCode, goalResponse.body).toBe(201);
const goalId = goalResponse.json<GoalResponse>().goal.id;

/** Breaks one invariant, expects exactly `name` to fail, mends it, and expects the books whole again. */
async function onlyFails(name: LedgerCheckName, breakIt: SQL, mendIt: SQL) {
  expect(failingLedgerChecks(await checkLedger(db))).toEqual([]);
  await db.execute(breakIt);
  const broken = await checkLedger(db);
  expect(broken.ok).toBe(false);
  expect(failingLedgerChecks(broken)).toEqual([name]);
  expect(ledgerProblemCount(broken)).toBeGreaterThan(0);
  await db.execute(mendIt);
  const mended = await checkLedger(db);
  expect(failingLedgerChecks(mended)).toEqual([]);
  expect(mended.ok).toBe(true);
}

/**
 * An accrual day of the member's plan with no entry behind it, its per-day row (both `cents`) and the
 * plan's day counters moved with it.
 */
async function plantAccrualDay(day: string, cents: number) {
  await db.execute(sql`insert into user_plan_accruals (user_plan_id, accrual_date, rate_bps, amount, entry_id)
    values (${userPlan.id}, ${day}, 1000, ${cents}, null)`);
  await db.execute(
    sql`insert into member_daily_earnings (user_id, day, amount) values (${userId}, ${day}, ${cents})`,
  );
  await moveDayCounters(1);
}

async function moveDayCounters(days: 1 | -1) {
  await db.execute(sql`update user_plans set accrued_days = accrued_days + ${days},
    rate_days_bps = rate_days_bps + ${days * 1000} where id = ${userPlan.id}`);
}

/** Removes a planted accrual day (accrual rows are history: their guard is lifted for the delete). */
async function removeAccrualDay(day: string) {
  await db.execute(sql`alter table user_plan_accruals disable trigger user_plan_accruals_immutable`);
  try {
    await db.execute(
      sql`delete from user_plan_accruals where user_plan_id = ${userPlan.id} and accrual_date = ${day}`,
    );
  } finally {
    await db.execute(sql`alter table user_plan_accruals enable trigger user_plan_accruals_immutable`);
  }
  await db.execute(sql`delete from member_daily_earnings where user_id = ${userId} and day = ${day}`);
  await moveDayCounters(-1);
}

/** A loan approved to the member on a new loan plan: the SQL of its id. */
async function runningLoan(amount: number, term: number) {
  const loanPlan = await createLoanPlan(app);
  const application = await applyFor(member, loanPlan.id, amount, term);
  await approve(await signedInAdmin(app), application.id);
  return sql`(select id from loans where application_id = ${application.id})`;
}

const investedAccount = sql`(select id from ledger_accounts where user_id = ${userId} and kind = 'invested')`;
const cashAccount = sql`(select id from ledger_accounts where user_id = ${userId} and kind = 'cash')`;

describe('checkLedger: each named check on its own', () => {
  it('mismatchedAccounts: a cached balance that differs from its postings', async () => {
    await onlyFails(
      'mismatchedAccounts',
      sql`update ledger_accounts set balance = balance + 1 where id = ${investedAccount}`,
      sql`update ledger_accounts set balance = balance - 1 where id = ${investedAccount}`,
    );
  });

  it('mismatchedPoints: cached loyalty points that differ from their rows', async () => {
    await onlyFails(
      'mismatchedPoints',
      sql`update users set loyalty_points = loyalty_points + 7 where id = ${userId}`,
      sql`update users set loyalty_points = loyalty_points - 7 where id = ${userId}`,
    );
  });

  it('mismatchedPoints: a running total of referral points that differs from the referral rows', async () => {
    await onlyFails(
      'mismatchedPoints',
      sql`update users set referral_points = referral_points + 3 where id = ${userId}`,
      sql`update users set referral_points = referral_points - 3 where id = ${userId}`,
    );
  });

  it('mismatchedTotals: a running total that differs from the postings of its account and kind', async () => {
    await onlyFails(
      'mismatchedTotals',
      sql`update ledger_account_totals set total = total + 1 where account_id = ${cashAccount} and entry_kind = 'deposit'`,
      sql`update ledger_account_totals set total = total - 1 where account_id = ${cashAccount} and entry_kind = 'deposit'`,
    );
  });

  it("mismatchedCashAmounts: an entry's cash amount where it moved none of its member's cash", async () => {
    // A hold and its payout: the payout moves none of the member's cash, so its cash amount is null.
    const now = app.deps.clock.now();
    const hold = { userId, kind: 'withdrawal_hold' } as const;
    for (const [kind, postings] of [
      ['withdrawal_hold', transfer({ userId, kind: 'cash' }, hold, 100)],
      ['withdrawal_paid', transfer(hold, { platform: 'external' }, 100)],
    ] as const)
      await db.transaction((tx) =>
        postEntry(tx, { kind, reference: `check-test:${kind}`, userId, postings }, now),
      );
    // Planted as 0 with the balance it follows, so the member's cash chain still holds.
    const plant = (amount: SQL) => sql`update ledger_entries set cash_amount = ${amount},
          cash_balance_after = case when ${amount} is null then null
            else (select balance from ledger_accounts where id = ${cashAccount}) end
        where reference = 'check-test:withdrawal_paid'`;
    await db.execute(sql`alter table ledger_entries disable trigger ledger_entries_immutable`);
    try {
      await onlyFails('mismatchedCashAmounts', plant(sql`0::bigint`), plant(sql`null::bigint`));
    } finally {
      await db.execute(sql`alter table ledger_entries enable trigger ledger_entries_immutable`);
    }
  });

  it("mismatchedCashChain: a cash entry's balance after that is not the previous one plus its amount", async () => {
    const latest = sql`(select id from ledger_entries where user_id = ${userId} and cash_amount is not null
      order by id desc limit 1)`;
    await db.execute(sql`alter table ledger_entries disable trigger ledger_entries_immutable`);
    try {
      await onlyFails(
        'mismatchedCashChain',
        sql`update ledger_entries set cash_balance_after = cash_balance_after + 1 where id = ${latest}`,
        sql`update ledger_entries set cash_balance_after = cash_balance_after - 1 where id = ${latest}`,
      );
    } finally {
      await db.execute(sql`alter table ledger_entries enable trigger ledger_entries_immutable`);
    }
  });

  it("mismatchedPlanEarnings: a plan's earned-to-date that differs from its accruals' postings", async () => {
    await onlyFails(
      'mismatchedPlanEarnings',
      sql`update user_plans set earned = earned + 3 where id = ${userPlan.id}`,
      sql`update user_plans set earned = earned - 3 where id = ${userPlan.id}`,
    );
  });

  it('mismatchedEarningTotals: an earning entry with no accrual day behind it, for a member with days', async () => {
    // A day that earned nothing (no entry) gives the member a chart; a stray earning entry then makes
    // their earning total differ from their days, and nothing else.
    await plantAccrualDay('2026-01-03', 0);
    expect(failingLedgerChecks(await checkLedger(db))).toEqual([]);
    const now = app.deps.clock.now();
    const earning = (reference: string, postings: ReturnType<typeof transfer>) =>
      db.transaction((tx) => postEntry(tx, { kind: 'earning', reference, userId, postings }, now));
    const yieldExpense = { platform: 'yield_expense' } as const;
    const cash = { userId, kind: 'cash' } as const;
    await earning('check-test:stray-earning', transfer(yieldExpense, cash, 40));
    const broken = await checkLedger(db);
    expect(failingLedgerChecks(broken)).toEqual(['mismatchedEarningTotals']);
    expect(broken.mismatchedEarningTotals).toEqual([{ userId, total: 40, fromDays: 0 }]);
    // Entries are never deleted: an earning moved back mends the total.
    await earning('check-test:stray-earning:back', transfer(cash, yieldExpense, 40));
    expect((await checkLedger(db)).ok).toBe(true);
    await removeAccrualDay('2026-01-03');
  });

  it('mismatchedPlanEarnings: an accrual day that pays with no entry behind it', async () => {
    expect(failingLedgerChecks(await checkLedger(db))).toEqual([]);
    // The day's row and its per-day aggregate agree, so the daily check holds.
    await plantAccrualDay('2026-01-02', 6);
    const broken = await checkLedger(db);
    // The member's days now hold 6 their earning total does not: the portfolio's rule breaks too.
    expect(failingLedgerChecks(broken)).toEqual(['mismatchedPlanEarnings', 'mismatchedEarningTotals']);
    expect(broken.mismatchedPlanEarnings).toEqual([
      { userPlanId: userPlan.id, cached: 0, fromPostings: 0, fromAccruals: 6 },
    ]);
    await removeAccrualDay('2026-01-02');
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it("mismatchedPlanDays: a plan's day count or rate-days that drifted from its accrual rows", async () => {
    // rate_days_bps sets every later day's earning: 36,500 more would pay a year's interest in a day.
    await onlyFails(
      'mismatchedPlanDays',
      sql`update user_plans set rate_days_bps = rate_days_bps + 36500 where id = ${userPlan.id}`,
      sql`update user_plans set rate_days_bps = rate_days_bps - 36500 where id = ${userPlan.id}`,
    );
    await onlyFails(
      'mismatchedPlanDays',
      sql`update user_plans set accrued_days = accrued_days + 7 where id = ${userPlan.id}`,
      sql`update user_plans set accrued_days = accrued_days - 7 where id = ${userPlan.id}`,
    );
  });

  it("mismatchedGoalPeriods: a goal's contribution or skipped count that differs from its periods", async () => {
    await onlyFails(
      'mismatchedGoalPeriods',
      sql`update goals set contributions = contributions + 1 where id = ${goalId}`,
      sql`update goals set contributions = contributions - 1 where id = ${goalId}`,
    );
    await onlyFails(
      'mismatchedGoalPeriods',
      sql`update goals set skipped_periods = skipped_periods + 2 where id = ${goalId}`,
      sql`update goals set skipped_periods = skipped_periods - 2 where id = ${goalId}`,
    );
  });

  it("mismatchedPrincipals: a running plan's principal that differs from the invested postings", async () => {
    await onlyFails(
      'mismatchedPrincipals',
      sql`update user_plans set amount = amount + 5 where id = ${userPlan.id}`,
      sql`update user_plans set amount = amount - 5 where id = ${userPlan.id}`,
    );
  });

  it("mismatchedDailyEarnings: a member's days of earnings with no accruals behind them", async () => {
    // Two days that cancel out: the member's days still sum to their earning total (0), so only the
    // days against the accruals differ.
    await onlyFails(
      'mismatchedDailyEarnings',
      sql`insert into member_daily_earnings (user_id, day, amount)
          values (${userId}, '2026-01-01', 5), (${userId}, '2026-01-02', -5)`,
      sql`delete from member_daily_earnings where user_id = ${userId} and day in ('2026-01-01', '2026-01-02')`,
    );
  });

  it("mismatchedGoals: a goal's invested total that differs from its entries", async () => {
    await onlyFails(
      'mismatchedGoals',
      sql`update goals set invested = invested + 1 where id = ${goalId}`,
      sql`update goals set invested = invested - 1 where id = ${goalId}`,
    );
  });

  it('mismatchedRenewals: a position that names one it renews with no renewal entry behind it', async () => {
    await onlyFails(
      'mismatchedRenewals',
      sql`insert into user_plans (user_id, plan_id, name, category, apy_bps, locked_apy_bps, duration_days,
            amount, status, starts_at, ends_at, next_accrual_at, renewed_from_id, created_at, updated_at)
          select user_id, plan_id, name, category, apy_bps, locked_apy_bps, duration_days, amount, 'cancelled',
            starts_at, ends_at, next_accrual_at, id, created_at, updated_at
          from user_plans where id = ${userPlan.id}`,
      sql`delete from user_plans where renewed_from_id = ${userPlan.id}`,
    );
  });

  it("mismatchedQueueTotals: a back-office queue's pending count that differs from its rows", async () => {
    await db.execute(
      sql`insert into admin_queue_totals (queue) values ('withdrawals') on conflict do nothing`,
    );
    await onlyFails(
      'mismatchedQueueTotals',
      sql`update admin_queue_totals set pending_count = pending_count + 1 where queue = 'withdrawals'`,
      sql`update admin_queue_totals set pending_count = pending_count - 1 where queue = 'withdrawals'`,
    );
  });

  it('mismatchedWithdrawalHolds: a pending withdrawal with no hold behind it', async () => {
    await onlyFails(
      'mismatchedWithdrawalHolds',
      sql`insert into withdrawals (user_id, amount, method, destination, status, created_at, updated_at)
          values (${userId}, 1234, 'crypto', 'bc1qcheck', 'pending', now(), now())`,
      sql`delete from withdrawals where user_id = ${userId} and destination = 'bc1qcheck'`,
    );
  });

  it("mismatchedListTotals: a member's kept plan count that differs from their plans", async () => {
    await onlyFails(
      'mismatchedListTotals',
      sql`update member_list_totals set rows = rows + 1 where user_id = ${userId} and list = 'user_plans'`,
      sql`update member_list_totals set rows = rows - 1 where user_id = ${userId} and list = 'user_plans'`,
    );
  });

  it("mismatchedLoanInterest: a running loan's interest marked waived with no early repayment behind it", async () => {
    const loan = await runningLoan(150, 6);
    await onlyFails(
      'mismatchedLoanInterest',
      sql`update loans set waived_interest = 1 where id = ${loan}`,
      sql`update loans set waived_interest = 0 where id = ${loan}`,
    );
  });

  it('mismatchedLoanStatuses: an active loan with no open instalment (it would drop out of the member’s list)', async () => {
    const loan = await runningLoan(120, 3);
    await onlyFails(
      'mismatchedLoanStatuses',
      sql`update loan_instalments set status = 'waived' where loan_id = ${loan} and status = 'open'`,
      sql`update loan_instalments set status = 'open' where loan_id = ${loan} and status = 'waived'`,
    );
  });

  it('mismatchedLoanStatuses: a completed loan with an open instalment (its collection would go on)', async () => {
    const loan = await runningLoan(130, 3);
    const [row] = await queryRows<{ id: number }>(db, sql`select ${loan} as id`);
    const repaid = await member.client.post(`/api/loans/${row!.id}/repay`, {}, { token: member.token });
    expect(repaid.statusCode, repaid.body).toBe(200);
    const last = sql`loan_id = ${loan} and number = 3`;
    const [before] = await queryRows<{ status: string }>(
      db,
      sql`select status from loan_instalments where ${last}`,
    );
    await onlyFails(
      'mismatchedLoanStatuses',
      sql`update loan_instalments set status = 'open' where ${last}`,
      sql`update loan_instalments set status = ${before!.status} where ${last}`,
    );
  });

  it("mismatchedDepositCredits: a deposit's credited amount that differs from its credit entries", async () => {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`select id from deposits where user_id = ${userId} and status = 'confirmed' limit 1`,
    );
    await onlyFails(
      'mismatchedDepositCredits',
      sql`update deposits set credited = credited - 1 where id = ${row!.id}`,
      sql`update deposits set credited = credited + 1 where id = ${row!.id}`,
    );
  });

  it('mismatchedRefunds: a deposit marked refunded with no refund behind it', async () => {
    const deposit = sql`(select id from deposits where user_id = ${userId} and status = 'confirmed' limit 1)`;
    const [row] = await queryRows<{ id: number }>(db, sql`select ${deposit} as id`);
    await onlyFails(
      'mismatchedRefunds',
      sql`update deposits set status = 'refunded' where id = ${row!.id}`,
      sql`update deposits set status = 'confirmed' where id = ${row!.id}`,
    );
  });
});
