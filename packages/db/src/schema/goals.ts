import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { plans } from './plans';
import { users } from './users';

export const GOAL_STATUSES = ['active', 'paused', 'completed'] as const;
export const GOAL_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];

/**
 * A member's savings goal (spec §3, DESIGN §6): a target in cents, reached by investing one unit (the
 * plan's min_amount when the goal was saved) per period in the goal's plan. Every unit is a user plan
 * with goal_id (docs/decisions/110). `invested` and `earned` are running totals of those plans, moved
 * in the transaction of their ledger entries and accruals, proved by checkLedger (decision 038).
 */
export const goals = pgTable(
  'goals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    targetAmount: bigint('target_amount', { mode: 'number' }).notNull(),
    /** Null: the member chose None; planned and contributed as daily (docs/decisions/111). */
    targetFrequency: text('target_frequency', { enum: GOAL_FREQUENCIES }),
    targetDate: date('target_date', { mode: 'string' }),
    /** Cents invested per period: the plan's min_amount when the goal was saved. */
    unitAmount: bigint('unit_amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: GOAL_STATUSES }).notNull().default('active'),
    /** Sum of the amounts of the goal's user plans (cents). */
    invested: bigint('invested', { mode: 'number' }).notNull().default(0),
    /** Sum of the earnings credited to the goal's user plans (cents). */
    earned: bigint('earned', { mode: 'number' }).notNull().default(0),
    /** The next period number (0 is the unit invested when the goal was saved). */
    nextPeriod: integer('next_period').notNull().default(1),
    /** The UTC date on which period next_period is due; null when the goal is not active. */
    nextDueOn: date('next_due_on', { mode: 'string' }),
    /** The date periods are counted from (the day the goal was saved or last resumed). */
    anchorOn: date('anchor_on', { mode: 'string' }).notNull(),
    /** How many periods of next_period's numbering are counted from anchor_on (reset on resume). */
    anchorPeriod: integer('anchor_period').notNull().default(0),
    contributions: integer('contributions').notNull().default(0),
    skippedPeriods: integer('skipped_periods').notNull().default(0),
    /** The period (next_period) whose on-track check has run: one check, one notice at most, a period (decision 187). */
    trackCheckedPeriod: integer('track_checked_period').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('goals_user_idx').on(t.userId, t.createdAt, t.id),
    // The contribution job walks the active goals due by today.
    // The on-track job walks the active goals with a date not yet checked this period (decision 187).
    index('goals_track_idx')
      .on(t.id)
      .where(
        sql`${t.status} = 'active' and ${t.targetDate} is not null and ${t.trackCheckedPeriod} < ${t.nextPeriod}`,
      ),
    index('goals_due_idx')
      .on(t.nextDueOn, t.id)
      .where(sql`${t.status} = 'active'`),
    // The goals whose target is reached and that are not completed yet: the contribution job's look
    // each minute (normally none: a reached goal is completed at once).
    index('goals_reached_idx')
      .on(t.id)
      .where(sql`${t.status} in ('active', 'paused') and ${t.invested} + ${t.earned} >= ${t.targetAmount}`),
    check('goals_target', sql`${t.targetAmount} >= 100`),
    check('goals_unit', sql`${t.unitAmount} > 0`),
    check('goals_totals', sql`${t.invested} >= 0 and ${t.earned} >= 0`),
    check(
      'goals_periods',
      sql`${t.nextPeriod} >= 1 and ${t.contributions} >= 0 and ${t.skippedPeriods} >= 0`,
    ),
  ],
);

export type GoalRow = typeof goals.$inferSelect;
