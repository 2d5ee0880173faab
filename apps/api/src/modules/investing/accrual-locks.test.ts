import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '@app/db';
import type { ExitQuote, UserPlanActionResponse } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { signIn } from '../../../test/accounts';
import { createPlan, fundedMember, investIn } from '../../../test/investing';
import { gate, holdLocks, someoneWaitsForALock, within } from '../../../test/locks';
import { checkLedger } from '../../ledger/check';
import { queryRows } from '../../ledger/sql';
import { runAccruals } from './accrual.service';

// PostgreSQL only (vitest.config.ts): the accrual's batch and a member's own request on two connections at once (PGlite
// has one). Decision 222: every writer locks members' cash accounts, then their other accounts, then
// the platform's; the per-day earnings row (member_daily_earnings) comes after the cash account.

/**
 * A third connection holds the member's `earning` running total until `steps.release()`: an accrual
 * batch that reaches the member stops there, holding the member's position and cash account.
 */
async function holdEarningTotal(db: Database['db'], userId: number) {
  const steps = gate();
  const blocker = holdLocks(db, steps, (tx) =>
    tx.execute(
      sql`select 1 from ledger_account_totals where entry_kind = 'earning' and account_id =
            (select id from ledger_accounts where user_id = ${userId} and kind = 'cash')
          for update`,
    ),
  );
  await steps.opened;
  return { steps, blocker };
}

describe('the accrual on a day a position earns nothing', () => {
  it('takes the member’s cash account before their day’s row: an exit beside the batch, both finish', async () => {
    const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
    const { db } = app.deps.database;
    clock.set(new Date('2026-05-01T10:00:00Z'));
    const plan = await createPlan(app, {
      durationDays: 90,
      minAmountCents: 1_00,
      exit: { penaltyBps: 200, forfeit: 'all' },
    });
    const member = await fundedMember(app, 10_001);
    // The lower id earns every day; $1 at 12% earns under half a cent a day, so 0 for its first days.
    const earning = await investIn(member, plan.id, 10_000);
    const idle = await investIn(member, plan.id, 1);
    expect(idle.id).toBeGreaterThan(earning.id);
    // A first day for both: the member's `earning` running total exists from here on.
    clock.set(new Date('2026-05-02T00:01:00Z'));
    expect((await runAccruals(app.deps, clock.now())).accruals).toBe(2);
    const [firstDay] = await queryRows<{ amount: unknown }>(
      db,
      sql`select amount from user_plan_accruals where user_plan_id = ${idle.id}`,
    );
    expect(Number(firstDay?.amount)).toBe(0);

    clock.set(new Date('2026-05-02T23:59:30Z'));
    member.token = await signIn(member.client, member.email);
    const quote = (
      await member.client.get(`/api/pp/${idle.id}/exit-quote`, { token: member.token })
    ).json<ExitQuote>();
    expect(quote.penalty).toBe(0.02);
    // Past 00:00 the exit credits the idle position's day (0 cents, so the quote stands) first.
    clock.set(new Date('2026-05-03T00:00:10Z'));

    // A third connection holds the member's earning total: the batch (one position: the earning one)
    // stops there, holding the member's cash account and before it writes the member's day.
    const { steps, blocker } = await holdEarningTotal(db, member.user.id);
    const batch = runAccruals(app.deps, clock.now(), 1).then(
      (run) => run.accruals,
      (error: { code?: string; cause?: { code?: string } }) => error.cause?.code ?? error.code ?? 'error',
    );
    await someoneWaitsForALock(db);
    const exit = member.client.post(
      `/api/pp/${idle.id}/exit`,
      { quote_id: quote.id },
      { token: member.token },
    );
    // The exit waits for the member's cash account, which the batch holds.
    await someoneWaitsForALock(db, 2);
    steps.release();
    expect(await within(blocker, 10_000)).toBe('rolled back');
    // Before, the exit's day of 0 cents wrote the member's day row without their cash account, then
    // waited for the cash account the batch held while the batch waited for that row: PostgreSQL broke
    // the deadlock by failing one of the two.
    const response = await exit;
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<UserPlanActionResponse>().plan.status).toBe('completed');
    expect(await within(batch, 10_000)).toBe(1);
    expect((await checkLedger(db)).ok).toBe(true);
  });
});

describe('a lock sent just before an accrual that holds the plan', () => {
  it('is dated when it gets the plan: the night the batch paid at the rate before stays before it', async () => {
    const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
    const { db } = app.deps.database;
    clock.set(new Date('2026-05-01T10:00:00Z'));
    const plan = await createPlan(app, { durationDays: 90 });
    const member = await fundedMember(app, 10_000);
    const position = await investIn(member, plan.id, 10_000);
    // A first night: the member's earning total exists from here on.
    clock.set(new Date('2026-05-02T00:01:00Z'));
    expect((await runAccruals(app.deps, clock.now())).accruals).toBe(1);

    // The batch of 00:00 holds the position and waits for the member's earning total, which a third
    // connection holds.
    clock.set(new Date('2026-05-02T23:59:59Z'));
    member.token = await signIn(member.client, member.email);
    const { steps, blocker } = await holdEarningTotal(db, member.user.id);
    const batch = runAccruals(app.deps, new Date('2026-05-03T00:00:05Z'), 1);
    await someoneWaitsForALock(db);
    // The member locks at 23:59:59; the request waits for the position the batch holds.
    const lock = member.client.post(`/api/pp/${position.id}/lock`, {}, { token: member.token });
    await someoneWaitsForALock(db, 2);
    clock.set(new Date('2026-05-03T00:00:06Z'));
    steps.release();
    expect(await within(blocker, 10_000)).toBe('rolled back');
    expect((await within(batch, 10_000)) as { accruals: number }).toMatchObject({ accruals: 1 });
    const locked = await lock;
    expect(locked.statusCode, locked.body).toBe(200);

    const [row] = await queryRows<{ locked_at: Date; rate_bps: number }>(
      db,
      sql`select p.locked_at, a.rate_bps from user_plans p
            join user_plan_accruals a on a.user_plan_id = p.id
          where p.id = ${position.id} order by a.accrual_date desc limit 1`,
    );
    // The night of 00:00 was paid at the plan's rate, and the lock is dated after it, not at 23:59:59.
    expect(row?.rate_bps).toBe(1200);
    expect(new Date(row?.locked_at ?? 0).toISOString()).toBe('2026-05-03T00:00:06.000Z');
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
