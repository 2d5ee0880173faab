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
