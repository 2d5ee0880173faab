import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { userPlans, type DbOrTx, type Tx, type UserPlanRow } from '@app/db';
import { inLiterals, num, queryRows, wholeNumbers } from '../../ledger/sql';
import { selectMemberPage } from '../../lib/paging';

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export type NewUserPlan = Omit<typeof userPlans.$inferInsert, 'id'>;
export type UserPlanPatch = Partial<
  Omit<typeof userPlans.$inferInsert, 'id' | 'userId' | 'planId' | 'amount'>
>;

export async function insertUserPlan(db: DbOrTx, row: NewUserPlan): Promise<UserPlanRow> {
  const [created] = await db.insert(userPlans).values(row).returning();
  if (!created) throw new Error('user plan insert returned nothing');
  return created;
}

export async function findUserPlan(db: DbOrTx, userId: number, id: number): Promise<UserPlanRow | null> {
  const [row] = await db
    .select()
    .from(userPlans)
    .where(and(eq(userPlans.id, id), eq(userPlans.userId, userId)));
  return row ?? null;
}

/** The member's plan, locked for the rest of the transaction. */
export async function lockUserPlan(db: DbOrTx, userId: number, id: number): Promise<UserPlanRow | null> {
  const [row] = await db
    .select()
    .from(userPlans)
    .where(and(eq(userPlans.id, id), eq(userPlans.userId, userId)))
    .for('update');
  return row ?? null;
}

export async function updateUserPlan(db: DbOrTx, id: number, patch: UserPlanPatch): Promise<UserPlanRow> {
  const [row] = await db.update(userPlans).set(patch).where(eq(userPlans.id, id)).returning();
  if (!row) throw new Error(`user plan ${id} vanished`);
  return row;
}

export function listUserPlans(db: DbOrTx, userId: number, page: number, perPage: number) {
  return selectMemberPage(db, userPlans, userId, page, perPage);
}

export interface EarningDayRow {
  /** YYYY-MM-DD. */
  date: string;
  rateBps: number;
  /** Cents paid that day. */
  amount: number;
  /** Cents the plan earned up to and including that day. */
  cumulative: number;
}

/**
 * A plan's latest `days` accrual days, newest first, by its key, each with what the plan earned up to
 * it: the plan's `earned` less the pay of the days after it (decision 218). One statement, so the
 * days and `earned` are of one moment even while the accrual runs.
 */
export async function latestEarningDays(
  db: DbOrTx,
  userPlanId: number,
  days: number,
): Promise<EarningDayRow[]> {
  const rows = await queryRows<{ day: string; rate_bps: unknown; amount: unknown; cumulative: unknown }>(
    db,
    sql`select x.accrual_date::text as day, x.rate_bps, x.amount,
          u.earned - coalesce(sum(x.amount) over (
            order by x.accrual_date desc rows between unbounded preceding and 1 preceding), 0) as cumulative
        from (
          select accrual_date, rate_bps, amount from user_plan_accruals
          where user_plan_id = ${userPlanId}
          order by accrual_date desc
          limit ${days}
        ) x
        join user_plans u on u.id = ${userPlanId}
        order by x.accrual_date desc`,
  );
  return rows.map((row) => ({
    date: row.day,
    rateBps: num(row.rate_bps),
    amount: num(row.amount),
    cumulative: num(row.cumulative),
  }));
}

/** The statuses of a plan still running: the predicate of user_plans_due_idx and user_plans_maturity_idx. */
const RUNNING_STATUSES = ['active', 'locked'] as const;

// ── Accrual ──────────────────────────────────────────────────────────────────────────────────

/**
 * One of the accrual's concurrent workers: the plans of members whose id leaves `index` when divided
 * by `count` (a member's plans, goals and accounts all fall to one worker).
 */
export interface AccrualShard {
  count: number;
  index: number;
}

const inShard = (shard: AccrualShard | undefined) =>
  shard ? sql` and user_id % ${shard.count} = ${shard.index}` : sql``;

/** Plans still earning whose next accrual is due at or before `now`: the earliest such instant. */
export async function earliestDueAccrual(db: DbOrTx, now: Date, shard?: AccrualShard): Promise<Date | null> {
  const rows = await queryRows<{ due: unknown }>(
    db,
    sql`select min(next_accrual_at) as due from user_plans
        where status in ('active', 'locked') and next_accrual_at <= ${now.toISOString()}
          and (ends_at is null or next_accrual_at <= ends_at)${inShard(shard)}`,
  );
  const due = rows[0]?.due;
  if (due === null || due === undefined) return null;
  if (due instanceof Date) return due;
  if (typeof due === 'string') return new Date(due);
  throw new TypeError('unexpected timestamp type');
}

export interface DuePlan {
  id: number;
  userId: number;
  name: string;
  amount: number;
  apyBps: number;
  lockedApyBps: number;
  lockedAt: Date | null;
  rateDaysBps: number;
  earned: number;
  goalId: number | null;
}

/**
 * Locks the goals of these plans (id order) so that the accrual takes its locks in the order every
 * goal write keeps: user plans, then goals, then ledger accounts (no deadlock with the goal job).
 */
export async function lockGoals(db: DbOrTx, goalIds: number[]): Promise<void> {
  if (goalIds.length === 0) return;
  await db.execute(
    sql`select id from goals where id in (select (jsonb_array_elements_text(${json(goalIds)}))::int)
        order by id for update`,
  );
}

/**
 * Up to `limit` plans whose accrual at `at` is due (optionally one plan), locked for the rest of the
 * transaction. A plan another transaction has just advanced no longer matches when the lock is granted.
 */
export async function lockDueBatch(
  db: DbOrTx,
  at: Date,
  limit: number,
  onlyPlanId?: number,
  /** Only plans after this id (the batches of one day go on in id order). */
  afterId = 0,
  shard?: AccrualShard,
): Promise<DuePlan[]> {
  const rows = await dueBatchQuery(db, at, limit, onlyPlanId, afterId, shard);
  return rows.map((row) => ({
    ...row,
    amount: num(row.amount),
    rateDaysBps: num(row.rateDaysBps),
    earned: num(row.earned),
  }));
}

/**
 * The select of lockDueBatch (exported for the test that reads its plan): the day's due plans in id
 * order come straight from user_plans_due_idx (next_accrual_at, id), so each batch reads its `limit`
 * rows instead of sorting all of the day's plans again (decision 107).
 */
export function dueBatchQuery(
  db: DbOrTx,
  at: Date,
  limit: number,
  onlyPlanId?: number,
  afterId = 0,
  shard?: AccrualShard,
) {
  return db
    .select({
      id: userPlans.id,
      userId: userPlans.userId,
      name: userPlans.name,
      amount: userPlans.amount,
      apyBps: userPlans.apyBps,
      lockedApyBps: userPlans.lockedApyBps,
      lockedAt: userPlans.lockedAt,
      rateDaysBps: userPlans.rateDaysBps,
      earned: userPlans.earned,
      goalId: userPlans.goalId,
    })
    .from(userPlans)
    .where(
      and(
        inLiterals(userPlans.status, RUNNING_STATUSES),
        eq(userPlans.nextAccrualAt, at),
        sql`(${userPlans.endsAt} is null or ${userPlans.endsAt} >= ${at.toISOString()})`,
        onlyPlanId === undefined ? undefined : eq(userPlans.id, onlyPlanId),
        afterId > 0 ? gt(userPlans.id, afterId) : undefined,
        shard ? sql`${userPlans.userId} % ${shard.count} = ${shard.index}` : undefined,
      ),
    )
    .orderBy(asc(userPlans.id))
    .limit(limit)
    .for('update');
}

export interface AccruedPlan {
  id: number;
  rateBps: number;
  amount: number;
  earned: number;
  rateDaysBps: number;
  entryId: number | null;
  /** Cents added to the principal today: the day's earning when reinvested (decision 192), else 0. */
  reinvested: number;
}

/**
 * Records one accrual day for each plan and moves each plan's accrual state one day on, its principal
 * included (one update of each position row a day: a reinvested earning's cash → invested entry is the
 * caller's, in the same transaction).
 */
export async function recordAccruals(
  db: DbOrTx,
  at: Date,
  date: string,
  accrued: AccruedPlan[],
  now: Date,
): Promise<void> {
  if (accrued.length === 0) return;
  // The batch's columns as arrays (decision 142), each statement reading them with unnest.
  const ids = wholeNumbers(accrued.map((plan) => plan.id));
  const amounts = wholeNumbers(accrued.map((plan) => plan.amount));
  await db.execute(
    sql`insert into user_plan_accruals (user_plan_id, accrual_date, rate_bps, amount, entry_id)
        select x.id, ${date}::date, x.rate_bps, x.amount, x.entry_id
        from unnest(${ids}::int[], ${wholeNumbers(accrued.map((plan) => plan.rateBps))}::int[], ${amounts}::bigint[],
          ${wholeNumbers(accrued.map((plan) => plan.entryId))}::int[]) as x(id, rate_bps, amount, entry_id)`,
  );
  // The member's per-day aggregate for the portfolio chart, in the same transaction (decision 038).
  await db.execute(
    sql`insert into member_daily_earnings as m (user_id, day, amount)
        select u.user_id, ${date}::date, sum(x.amount)
        from unnest(${ids}::int[], ${amounts}::bigint[]) as x(id, amount)
        join user_plans u on u.id = x.id
        group by u.user_id
        order by u.user_id
        on conflict (user_id, day) do update set amount = m.amount + excluded.amount`,
  );
  // The goals' running earned totals (docs/decisions/110), in the same transaction; the plans are
  // locked already, the goals after them (the order every goal write keeps).
  await db.execute(
    sql`update goals g set earned = g.earned + s.amount, updated_at = ${now.toISOString()}
        from (
          select u.goal_id, sum(x.amount) as amount
          from unnest(${ids}::int[], ${amounts}::bigint[]) as x(id, amount)
          join user_plans u on u.id = x.id
          where u.goal_id is not null and x.amount > 0
          group by u.goal_id
        ) s
        where g.id = s.goal_id`,
  );
  // The next instant is 24 hours on, not a calendar day: '1 day' follows the session's time zone, and
  // in one with summer time it moved off 00:00 UTC at the change of clocks (decision 145).
  await db.execute(
    sql`update user_plans u
        set earned = x.earned, rate_days_bps = x.rate_days, amount = u.amount + x.reinvested,
            accrued_days = u.accrued_days + 1,
            next_accrual_at = u.next_accrual_at + interval '24 hours', updated_at = ${now.toISOString()}
        from unnest(${ids}::int[], ${wholeNumbers(accrued.map((plan) => plan.earned))}::bigint[],
          ${wholeNumbers(accrued.map((plan) => plan.rateDaysBps))}::bigint[],
          ${wholeNumbers(accrued.map((plan) => plan.reinvested))}::bigint[]) as x(id, earned, rate_days, reinvested)
        where u.id = x.id and u.next_accrual_at = ${at.toISOString()}`,
  );
}

/**
 * Plans whose term has ended and whose last day has been credited: the principal is due back. Oldest
 * end first: the order of user_plans_maturity_idx (ends_at, id), so a tick with nothing to pay reads one
 * index page, not a million running plans (decision 139).
 */
export function maturedPlanIds(
  db: DbOrTx,
  now: Date,
  limit: number,
): Promise<{ id: number; userId: number }[]> {
  return maturedPlansQuery(db, now, limit);
}

/** The select of maturedPlanIds (exported for the test that reads its generic plan: user_plans_maturity_idx). */
export function maturedPlansQuery(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({ id: userPlans.id, userId: userPlans.userId })
    .from(userPlans)
    .where(
      and(
        inLiterals(userPlans.status, RUNNING_STATUSES),
        sql`${userPlans.endsAt} <= ${now.toISOString()} and ${userPlans.nextAccrualAt} > ${userPlans.endsAt}`,
      ),
    )
    .orderBy(asc(userPlans.endsAt), asc(userPlans.id))
    .limit(limit);
}

// ── Goals' units (docs/decisions/110) ──────────────────────────────────────────────────────────

export interface NewGoalUserPlan {
  goal_id: number;
  user_id: number;
  plan_id: number;
  name: string;
  category: string;
  apy_bps: number;
  locked_apy_bps: number;
  duration_days: number | null;
  amount: number;
  ends_at: string | null;
}

/** The goals' new user plans in one statement; answers the id of each goal's plan. */
export async function insertGoalUserPlans(
  tx: Tx,
  rows: NewGoalUserPlan[],
  startsAt: Date,
  nextAccrualAt: Date,
): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  if (rows.length === 0) return ids;
  const created = await queryRows<{ id: unknown; goal_id: unknown }>(
    tx,
    sql`insert into user_plans (user_id, plan_id, name, category, apy_bps, locked_apy_bps, duration_days,
          amount, status, starts_at, ends_at, next_accrual_at, goal_id, created_at, updated_at)
        select x.user_id, x.plan_id, x.name, x.category, x.apy_bps, x.locked_apy_bps, x.duration_days,
          x.amount, 'active', ${startsAt.toISOString()}, x.ends_at, ${nextAccrualAt.toISOString()},
          x.goal_id, ${startsAt.toISOString()}, ${startsAt.toISOString()}
        from jsonb_to_recordset(${json(rows)}) as x(goal_id int, user_id int, plan_id int, name text,
          category text, apy_bps int, locked_apy_bps int, duration_days int, amount bigint, ends_at timestamptz)
        order by x.goal_id
        returning id, goal_id`,
  );
  for (const row of created) ids.set(num(row.goal_id), num(row.id));
  return ids;
}
