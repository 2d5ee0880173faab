import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  bigint,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** What a member who leaves a fixed term early gives up (decision 186). */
export const EXIT_FORFEITS = ['none', 'current_period', 'all'] as const;
export type ExitForfeit = (typeof EXIT_FORFEITS)[number];

export const PLAN_STATUSES = ['active', 'inactive'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/**
 * An investment plan of the catalogue (DESIGN §6): rates in basis points, amounts in cents, and a
 * term in days (null = flexible).
 */
export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull().default(''),
    apyBps: integer('apy_bps').notNull(),
    lockedApyBps: integer('locked_apy_bps').notNull(),
    durationDays: integer('duration_days'),
    minAmount: bigint('min_amount', { mode: 'number' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: PLAN_STATUSES }).notNull().default('active'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Whether a fixed term may be left early (decision 186); off = decision 072's rule. */
    exitAllowed: boolean('exit_allowed').notNull().default(false),
    /** The early-exit penalty in basis points of the principal. */
    exitPenaltyBps: integer('exit_penalty_bps').notNull().default(0),
    /** The earnings an early exit forfeits: none, those of the current 30-day period, or all. */
    exitForfeit: text('exit_forfeit', { enum: EXIT_FORFEITS }).notNull().default('none'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('plans_name_unique').on(t.name),
    index('plans_category_idx').on(t.category, t.sortOrder),
    check(
      'plans_rates',
      sql`${t.apyBps} >= 0 and ${t.lockedApyBps} >= ${t.apyBps} and ${t.lockedApyBps} <= 100000`,
    ),
    check('plans_amounts', sql`${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount}`),
    check(
      'plans_exit_rule',
      sql`${t.exitPenaltyBps} between 0 and 10000 and ${t.exitForfeit} in ('none', 'current_period', 'all')`,
    ),
    check('plans_duration', sql`${t.durationDays} is null or ${t.durationDays} between 1 and 3650`),
  ],
);

export type PlanRow = typeof plans.$inferSelect;

/**
 * A change of a plan's rates by the back office (issue 38 item 4, decision 193): written in the
 * transaction that changes the plan's row, only when a rate changes. New investments read the plan's
 * row (the new rates at once); a renewal starting at T takes the rates in force for renewals at T:
 * the `after` rates of the latest change whose `renewals_from` <= T, else the `before` rates of the
 * earliest change still ahead, else the plan's own (renewalRates in modules/plans/plan-rates.ts).
 */
export const planRateChanges = pgTable(
  'plan_rate_changes',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    apyBpsBefore: integer('apy_bps_before').notNull(),
    apyBpsAfter: integer('apy_bps_after').notNull(),
    lockedApyBpsBefore: integer('locked_apy_bps_before').notNull(),
    lockedApyBpsAfter: integer('locked_apy_bps_after').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    /** changed_at + the setting rate_notice_days at the time of the change. */
    renewalsFrom: timestamp('renewals_from', { withTimezone: true }).notNull(),
    /** The admin who changed it (kept as null if that account is ever deleted). */
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // renewalRates: a plan's changes around a date, by renewals_from (then id for equal instants).
    index('plan_rate_changes_renewals_idx').on(t.planId, t.renewalsFrom, t.id),
    // The public history: a plan's changes newest first, bounded.
    index('plan_rate_changes_history_idx').on(t.planId, t.changedAt, t.id),
    check(
      'plan_rate_changes_rates',
      sql`${t.apyBpsBefore} >= 0 and ${t.apyBpsAfter} >= 0 and ${t.lockedApyBpsBefore} >= ${t.apyBpsBefore} and ${t.lockedApyBpsAfter} >= ${t.apyBpsAfter}`,
    ),
    check('plan_rate_changes_notice', sql`${t.renewalsFrom} >= ${t.changedAt}`),
  ],
);

export type PlanRateChangeRow = typeof planRateChanges.$inferSelect;
