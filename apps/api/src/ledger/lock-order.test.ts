import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CorrectionActionResponse, ExitQuote, UserPlanActionResponse } from '@app/shared';
import { createTestApp } from '../../test/helpers';
import { signIn } from '../../test/accounts';
import { signInAdminAs } from '../../test/admin';
import { balanceOf, type Member } from '../../test/money';
import { createPlan, fundedMember, investIn } from '../../test/investing';
import { gate, holdLocks, someoneWaitsForALock, within } from '../../test/locks';
import { lockUserBalances } from './bulk-entries';
import { checkLedger } from './check';

// PostgreSQL only (vitest.config.ts): a batch job's transaction holds a member's cash account while the
// member's own request waits for it, which needs two connections (PGlite has one). Decision 222: every
// writer locks members' cash accounts, then their other accounts, then the platform's.

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

/**
 * As the accrual and the loan collection do: the members' cash accounts locked first, the platform's
 * income and expense accounts moved last, in one transaction that is then rolled back (it changes
 * nothing). Answers how the transaction ended: 'rolled back', or the database's error code.
 */
function batchHolding(userId: number, steps: ReturnType<typeof gate>): Promise<string> {
  return holdLocks(
    db,
    steps,
    (tx) => lockUserBalances(tx, [userId], 'cash', clock.now()),
    (tx) =>
      tx.execute(
        sql`update ledger_accounts set balance = balance
            where user_id is null and kind in ('yield_expense', 'interest_income')`,
      ),
  );
}

/**
 * A member's $10,000 in a 90-day plan with a 2% penalty that forfeits all earnings, quoted on day 19:
 * the exit posts to both platform accounts, the interest income and the yield expense.
 */
async function exitQuoted() {
  clock.set(new Date('2026-05-01T10:00:00Z'));
  const plan = await createPlan(app, { durationDays: 90, exit: { penaltyBps: 200, forfeit: 'all' } });
  const member = await fundedMember(app, 10_000);
  const held = await investIn(member, plan.id, 10_000);
  clock.set(new Date('2026-05-20T12:00:00Z'));
  member.token = await signIn(member.client, member.email);
  const response = await member.client.get(`/api/pp/${held.id}/exit-quote`, { token: member.token });
  const quote = response.json<ExitQuote>();
  expect(quote.forfeited).toBeGreaterThan(0);
  expect(quote.penalty).toBe(200);
  return { member, held, quote };
}

/**
 * The member's exit sent while `holder` holds its first locks; once the exit waits for one of them, the
 * holder goes on. Answers how the holder ended ('rolled back' or the database's error code) and the exit.
 */
async function exitWhileHeld(
  member: Member,
  planId: number,
  quoteId: string,
  holder: (steps: ReturnType<typeof gate>) => Promise<string>,
) {
  const steps = gate();
  const held = holder(steps);
  await steps.opened;
  const exit = member.client.post(`/api/pp/${planId}/exit`, { quote_id: quoteId }, { token: member.token });
  await someoneWaitsForALock(db);
  steps.release();
  return { holder: await within(held, 10_000), response: await exit };
}

describe('a member’s request that posts to a platform account, beside a batch job', () => {
  it('an early exit waits for the cash account the batch holds, and both finish (no deadlock)', async () => {
    const { member, held, quote } = await exitQuoted();

    const { holder, response } = await exitWhileHeld(member, held.id, quote.id, (steps) =>
      batchHolding(member.user.id, steps),
    );
    // Before decision 222 the exit held both platform accounts while it waited for the cash account,
    // and the batch then waited for them: PostgreSQL broke the deadlock by failing one of the two.
    expect(holder).toBe('rolled back');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<UserPlanActionResponse>().plan.status).toBe('completed');
    // The earnings already in cash, less what is forfeited, and the principal less the penalty.
    expect((await balanceOf(member)).balance).toBe(quote.total);
    expect((await checkLedger(db)).ok).toBe(true);
  });
});

describe('two early exits at once, one holding the yield expense from the day it just credited', () => {
  it('the other takes the platform accounts in their order, so neither waits on the other crosswise', async () => {
    const { member, held, quote } = await exitQuoted();

    // As another member's exit does: the yield expense held (the days it credited first), then its own
    // penalty's interest income.
    const platformRow = (kind: string) =>
      sql`update ledger_accounts set balance = balance where user_id is null and kind = ${kind}`;
    const { holder, response } = await exitWhileHeld(member, held.id, quote.id, (steps) =>
      holdLocks(
        db,
        steps,
        (tx) => tx.execute(platformRow('yield_expense')),
        (tx) => tx.execute(platformRow('interest_income')),
      ),
    );
    // Posting its penalty before its forfeit, the exit held the interest income while it waited for the
    // yield expense, and the other then waited for the interest income: a deadlock (40P01).
    expect(holder).toBe('rolled back');
    expect(response.statusCode, response.body).toBe(200);
    expect((await balanceOf(member)).balance).toBe(quote.total);
    expect((await checkLedger(db)).ok).toBe(true);
  });
});

describe('a correction approved while a batch job holds the member’s cash account', () => {
  it('waits for it, and the batch’s own entries for that member go through (no deadlock)', async () => {
    const member = await fundedMember(app, 100);
    const proposer = await signInAdminAs(app, 'finance');
    const approver = await signInAdminAs(app, 'finance');
    const proposed = await proposer.client.post(
      '/api/admin/corrections',
      {
        user_id: member.user.id,
        direction: 'credit',
        amount: '5',
        member_reason: 'Fee refunded',
        note: 'Ticket 12',
        reference: 'TICKET-12',
      },
      { token: proposer.token },
    );
    expect(proposed.statusCode, proposed.body).toBe(201);
    const { id } = proposed.json<CorrectionActionResponse>().correction;

    const steps = gate();
    // As the accrual does: the member's cash account held, then an entry written for the member,
    // whose foreign key takes a key-share lock on the member's row.
    const batch = holdLocks(
      db,
      steps,
      (tx) => lockUserBalances(tx, [member.user.id], 'cash', clock.now()),
      (tx) => tx.execute(sql`select 1 from users where id = ${member.user.id} for key share`),
    );
    await steps.opened;
    const approving = approver.client.post(
      `/api/admin/corrections/${id}/approve`,
      {},
      { token: approver.token },
    );
    await someoneWaitsForALock(db);
    steps.release();
    // Before, the approval held the member's row FOR UPDATE while it waited for the cash account: the
    // batch's key-share lock waited on it in turn, and the batch failed on its lock timeout.
    expect(await within(batch, 10_000)).toBe('rolled back');
    const response = await approving;
    expect(response.statusCode, response.body).toBe(200);
    expect((await balanceOf(member)).balance).toBe(105);
  });
});
