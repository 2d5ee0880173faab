import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { goals } from './goals';
import { plans } from './plans';
import { users } from './users';

export const USER_PLAN_STATUSES = ['active', 'locked', 'completed', 'cancelled'] as const;
export type UserPlanStatus = (typeof USER_PLAN_STATUSES)[number];

/**
 * What happens to a fixed term at its end (decision 194): the principal back to cash (the default,
 * decision 071's behaviour), or a new position for the same term at the plan's then-current rate, with
 * the earnings paid out (`renew`) or renewed too (`renew_with_earnings`).
 */
export const AT_MATURITY_CHOICES = ['cash', 'renew', 'renew_with_earnings'] as const;
export type AtMaturityChoice = (typeof AT_MATURITY_CHOICES)[number];

/**
 * A member's investment in a plan (/api/pp): a snapshot of the plan's name and rates, the amount, the
 * term, and the accrual state. `earned` is the cumulative earnings credited and `rate_days_bps` the
 * sum of the daily rates accrued so far: the next day's earning is
 * halfEven(amount × (rate_days_bps + rate) / 3 650 000) − earned (docs/decisions/071).
 */
export const userPlans = pgTable(
  'user_plans',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    category: text('category').notNull(),
    apyBps: integer('apy_bps').notNull(),
    lockedApyBps: integer('locked_apy_bps').notNull(),
    durationDays: integer('duration_days'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: USER_PLAN_STATUSES }).notNull().default('active'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** starts_at + duration_days; null for a flexible plan. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** When the principal went back to cash (maturity or withdrawal). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The next 00:00 UTC at which a day's earning is due. */
    nextAccrualAt: timestamp('next_accrual_at', { withTimezone: true }).notNull(),
    accruedDays: integer('accrued_days').notNull().default(0),
    rateDaysBps: bigint('rate_days_bps', { mode: 'number' }).notNull().default(0),
    earned: bigint('earned', { mode: 'number' }).notNull().default(0),
    /** The savings goal this unit was invested for (docs/decisions/110); null for a plain investment. */
    goalId: integer('goal_id').references(() => goals.id, { onDelete: 'set null' }),
    /** The member's choice for the end of the term (decision 194). */
    atMaturity: text('at_maturity', { enum: AT_MATURITY_CHOICES }).notNull().default('cash'),
    /** The position this one renews (decision 194); null for one the member opened. */
    renewedFromId: integer('renewed_from_id').references((): AnyPgColumn => userPlans.id, {
      onDelete: 'restrict',
    }),
    /** When the member was told the rate the position will renew at (once; decision 194). */
    renewalNoticeAt: timestamp('renewal_notice_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('user_plans_goal_idx')
      .on(t.goalId)
      .where(sql`${t.goalId} is not null`),
    index('user_plans_user_idx').on(t.userId, t.createdAt, t.id),
    // The assistant's "my plans" answer: a member's running plans, soonest to end first (decision 115).
    index('user_plans_running_idx')
      .on(t.userId, t.endsAt, t.id)
      .where(sql`${t.status} in ('active', 'locked')`),
    // (next_accrual_at, id): the accrual takes the due plans of one day in id order, a batch at a
    // time; with the date alone every batch sorted all of that day's plans again (decision 107).
    index('user_plans_due_idx')
      .on(t.nextAccrualAt, t.id)
      .where(sql`${t.status} in ('active', 'locked')`),
    // The plans whose term has ended, looked for on every scheduler tick: without it each tick read
    // every open plan in id order (a million plans: seconds a minute, on every node; decision 107). In
    // the order the tick takes them (end, then id), so a batch stops at its size (decision 139).
    index('user_plans_maturity_idx')
      .on(t.endsAt, t.id)
      .where(sql`${t.status} in ('active', 'locked')`),
    // A position is renewed at most once (decision 194).
    uniqueIndex('user_plans_renewed_from_unique')
      .on(t.renewedFromId)
      .where(sql`${t.renewedFromId} is not null`),
    // The renewal notice's look-up: running positions set to renew and not yet told, by end.
    index('user_plans_renewal_notice_idx')
      .on(t.endsAt, t.id)
      .where(
        sql`${t.status} in ('active', 'locked') and ${t.atMaturity} <> 'cash' and ${t.renewalNoticeAt} is null`,
      ),
    check('user_plans_at_maturity', sql`${t.atMaturity} in ('cash', 'renew', 'renew_with_earnings')`),
    check('user_plans_amount_positive', sql`${t.amount} > 0`),
    check('user_plans_earned', sql`${t.earned} >= 0 and ${t.rateDaysBps} >= 0 and ${t.accruedDays} >= 0`),
  ],
);

/**
 * One row per plan and accrual day: the day's rate and earning, and its ledger entry (none when 0).
 * The rows are history: never changed or deleted. That the plan and the entry exist is checked once
 * per INSERT statement over all its rows (statement trigger `user_plan_accruals_references`), not by
 * per-row foreign keys: a million rows a day (decision 143).
 */
export const userPlanAccruals = pgTable(
  'user_plan_accruals',
  {
    /** user_plans.id (checked by the statement trigger; plans are never deleted or renumbered). */
    userPlanId: integer('user_plan_id').notNull(),
    accrualDate: date('accrual_date', { mode: 'string' }).notNull(),
    rateBps: integer('rate_bps').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** ledger_entries.id, or null for a day that earned nothing (checked by the statement trigger). */
    entryId: integer('entry_id'),
  },
  (t) => [primaryKey({ columns: [t.userPlanId, t.accrualDate] })],
);

/**
 * A member's earnings per accrual day over all their plans: the per-day aggregate the portfolio chart
 * reads (one row a day, however many plans). Moved by the accrual in the transaction that writes the
 * plans' accrual rows; checkLedger proves it against them (decision 038).
 */
export const memberDailyEarnings = pgTable(
  'member_daily_earnings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** Cents credited for that day over all the member's plans. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export type UserPlanRow = typeof userPlans.$inferSelect;
export type UserPlanAccrualRow = typeof userPlanAccruals.$inferSelect;
