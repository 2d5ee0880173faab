import type { Database, Tx, UserPlanRow } from '@app/db';
import type { Mailer } from '../../integrations/mail/mailer';
import { postPlatformTransfers } from '../../ledger/bulk';
import { lockUserBalances } from '../../ledger/bulk-entries';
import { postEntry, transfer } from '../../ledger/ledger';
import { findUserById } from '../auth/account.service';
import { notify } from '../notifications/notifications.service';
import { computeDay, reinvestDay } from './compounding.service';
import * as repository from './investing.repository';
import { renewMaturedPlan, renewalTerms, type RenewalTerm } from './renewal.service';
import { stillEarning } from './earning-days';

// ── Accrual (DESIGN §6; docs/decisions/071 and 073) ────────────────────────────────────────────
// The earnings job, and the catch-up a member's action on a plan runs first (creditDueDays); the
// positions themselves (invest, lock, withdraw, the API's view of them) are investing.service.ts.

/** The rate of the accrual at `at`: the locked rate once the plan was locked before that instant. */
function rateAt(plan: { apyBps: number; lockedApyBps: number; lockedAt: Date | null }, at: Date): number {
  return plan.lockedAt !== null && plan.lockedAt.getTime() < at.getTime() ? plan.lockedApyBps : plan.apyBps;
}

/**
 * Credits the days of a locked (FOR UPDATE) plan already due at `now`, in the caller's transaction, the
 * same code as the job; answers the plan row after them.
 */
export async function creditDueDays(tx: Tx, plan: UserPlanRow, now: Date): Promise<UserPlanRow> {
  let row = plan;
  while (stillEarning(row) && row.nextAccrualAt.getTime() <= now.getTime()) {
    await accrueBatch(tx, row.nextAccrualAt, now, 1, row.id);
    row = (await repository.findUserPlan(tx, row.userId, row.id))!;
  }
  return row;
}

/** Plans per transaction of the daily accrual. */
export const ACCRUAL_BATCH_SIZE = 5000;

/**
 * Credits the accrual at `at` (a 00:00 UTC) of up to `limit` due plans in the caller's transaction:
 * each plan's cumulative earnings to date, rounded half-even, minus what it has been credited, as one
 * entry yield_expense → cash with reference accrual:<user plan>:<date>. Answers how many plans moved
 * and the last plan id (the next batch starts after it: `afterId`). The goals of the batch's plans are
 * locked before any posting (lock order: plans, goals, accounts).
 */
async function accrueBatch(
  tx: Tx,
  at: Date,
  now: Date,
  limit: number,
  onlyPlanId?: number,
  afterId = 0,
  shard?: repository.AccrualShard,
): Promise<{ moved: number; lastId: number }> {
  const due = await repository.lockDueBatch(tx, at, limit, onlyPlanId, afterId, shard);
  if (due.length === 0) return { moved: 0, lastId: afterId };
  await repository.lockGoals(
    tx,
    [...new Set(due.flatMap((plan) => (plan.goalId === null ? [] : [plan.goalId])))].sort((a, b) => a - b),
  );
  const date = at.toISOString().slice(0, 10);
  // Decision 071's day, or the compounded one for a position reinvesting its earnings (decision 192).
  const computed = await computeDay(tx, due, (plan) => rateAt(plan, at));
  // A day that earns nothing posts nothing, so the transfers below would not lock its member's cash
  // account; yet it writes the member's day row. Every member's cash first, in one statement in id
  // order (decision 222, amended 2026-12-02): else a member's exit crediting a day of 0 held that row
  // while it waited for the cash account a batch held, and the batch waited for the row.
  if (computed.some((item) => item.amount === 0))
    await lockUserBalances(tx, [...new Set(due.map((plan) => plan.userId))], 'cash', at);
  const { entries, settlePlatform } = await postPlatformTransfers(tx, {
    kind: 'earning',
    from: 'yield_expense',
    to: 'cash',
    createdAt: at,
    // The positions are locked and due: their day's entry cannot exist yet (decision 073).
    fresh: true,
    items: computed
      .filter((item) => item.amount > 0)
      .map((item) => ({
        reference: `accrual:${item.plan.id}:${date}`,
        userId: item.plan.userId,
        amount: item.amount,
        metadata: { user_plan_id: item.plan.id, plan_name: item.plan.name, date, rate_bps: item.rateBps },
      })),
  });
  const accrued = computed.map((item) => {
    const entryId = item.amount > 0 ? entries.get(`accrual:${item.plan.id}:${date}`) : null;
    // The plan row was locked and due, so its entry cannot exist yet: if it does, the books and the
    // plan disagree, the insert fails (`fresh`), and nothing of this batch is written.
    if (entryId === undefined) throw new Error(`accrual:${item.plan.id}:${date} was already credited`);
    return {
      id: item.plan.id,
      rateBps: item.rateBps,
      amount: item.amount,
      earned: item.earned,
      rateDaysBps: item.rateDaysBps,
      entryId,
      reinvested: item.reinvest ? item.amount : 0,
    };
  });
  await repository.recordAccruals(tx, at, date, accrued, now);
  await reinvestDay(tx, computed, date, at, now);
  // Last: the platform account is every batch's, and its row stays locked until the commit.
  await settlePlatform();
  return { moved: due.length, lastId: due[due.length - 1]?.id ?? afterId };
}

/** Returns the principal of a plan whose term has ended (invested → cash) and completes it. */
async function completeMaturedPlan(
  database: Database,
  mailer: Mailer,
  planId: number,
  userId: number,
  now: Date,
  renewal: Map<number, RenewalTerm> = new Map(),
): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    const plan = await repository.lockUserPlan(tx, userId, planId);
    if (!plan || (plan.status !== 'active' && plan.status !== 'locked') || !plan.endsAt) return false;
    if (plan.endsAt.getTime() > now.getTime() || stillEarning(plan)) return false;
    // Set to renew (decision 194): a new position instead of cash, unless its plan has closed.
    if (await renewMaturedPlan(tx, mailer, plan, renewal, now)) return true;
    await postEntry(
      tx,
      {
        kind: 'plan_maturity',
        reference: `maturity:${plan.id}`,
        userId,
        metadata: { user_plan_id: plan.id },
        postings: transfer({ userId, kind: 'invested' }, { userId, kind: 'cash' }, plan.amount),
      },
      plan.endsAt,
    );
    await repository.updateUserPlan(tx, plan.id, {
      status: 'completed',
      closedAt: plan.endsAt,
      updatedAt: now,
    });
    const user = await findUserById(tx, userId);
    if (user) {
      await notify(
        tx,
        { mailer },
        {
          user,
          kind: 'plan_matured',
          message: {
            key: 'plan_matured',
            params: { plan: plan.name, amount: plan.amount, earned: plan.earned },
          },
          reference: `plan:${plan.id}:matured`,
        },
        now,
      );
    }
    return true;
  });
}

export interface AccrualRun {
  /** Plan-days credited (a plan caught up over a week counts 7). */
  accruals: number;
  matured: number;
}

/** Concurrent accrual workers on PostgreSQL (decision 133). */
export const ACCRUAL_WORKERS = 2;

/** Every accrual due at or before `now` of one worker's members, day by day; answers how many. */
async function accrueShard(
  db: Database['db'],
  now: Date,
  batchSize: number,
  shard: repository.AccrualShard | undefined,
): Promise<number> {
  let accruals = 0;
  let idle = 0;
  // Within one accrual day the batches go on in id order from where the last one ended (keyset): the
  // plans before it have moved to the next day, and their old entries in the due index would otherwise
  // be stepped over again by every batch (a million plans: 200 batches; decision 108). A batch that
  // finds nothing after the cursor starts the day again from the first id.
  let cursor = { at: 0, afterId: 0 };
  let at: Date | null = null;
  for (;;) {
    // A full batch leaves the day's plans after it to the next one; the earliest due day is asked for
    // again only when a batch comes back short (the question walks the due index from its start).
    at ??= await repository.earliestDueAccrual(db, now, shard);
    if (!at) break;
    const day = at;
    const afterId = cursor.at === day.getTime() ? cursor.afterId : 0;
    const { moved, lastId } = await db.transaction((tx) =>
      accrueBatch(tx, day, now, batchSize, undefined, afterId, shard),
    );
    cursor = { at: day.getTime(), afterId: moved === 0 ? 0 : lastId };
    if (moved < batchSize) at = null;
    accruals += moved;
    // Another node took these plans between the two queries: look again, but never spin.
    idle = moved === 0 ? idle + 1 : 0;
    if (idle > 3) break;
  }
  return accruals;
}

/**
 * The earnings job: every accrual due at or before `now`, oldest day first (so a node that was down
 * catches up day by day), in batches of set-based SQL; then the plans whose term has ended get their
 * principal back. Safe to run anywhere at once: due plans are locked and advanced in the transaction
 * that credits them, and each day's entry has a unique reference.
 */
export async function runAccruals(
  deps: { database: Database; mailer: Mailer },
  now: Date,
  batchSize = ACCRUAL_BATCH_SIZE,
): Promise<AccrualRun> {
  const { db } = deps.database;
  // On PostgreSQL the members are shared out between concurrent workers, each its own connection and
  // transactions (decision 133); PGlite has one connection, so one worker.
  const workers = deps.database.driver === 'postgres' ? ACCRUAL_WORKERS : 1;
  const credited = await Promise.all(
    Array.from({ length: workers }, (_, index) =>
      accrueShard(db, now, batchSize, workers > 1 ? { count: workers, index } : undefined),
    ),
  );
  const accruals = credited.reduce((sum, count) => sum + count, 0);
  let matured = 0;
  for (;;) {
    const due = await repository.maturedPlanIds(db, now, 500);
    if (due.length === 0) break;
    let progressed = false;
    const renewal = await renewalTerms(
      db,
      due.map((plan) => plan.id),
    );
    for (const plan of due) {
      if (await completeMaturedPlan(deps.database, deps.mailer, plan.id, plan.userId, now, renewal)) {
        matured += 1;
        progressed = true;
      }
    }
    if (!progressed) break;
  }
  return { accruals, matured };
}
