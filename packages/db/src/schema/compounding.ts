import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { userPlans } from './user-plans';

/**
 * A position's "reinvest earnings" choice and its compounding state (decision 192), one row per
 * position that was ever switched (none = off, never switched: decision 071's formula unchanged).
 *
 * A switch starts a new segment at the position's principal then (`base`). While `reinvest` is on, the
 * day's earning is halfEven(base × growth / 10^18) − amount, `growth` being the product of the
 * segment's daily factors (1 + rate / 3 650 000) in fixed point 10^18, and it is reinvested (cash →
 * invested, entry `earning_reinvested`). While off, it is halfEven(amount × (rate_days_bps −
 * from_rate_days) / 3 650 000) − (earned − from_earned): decision 071 from the segment's start.
 */
export const userPlanCompounding = pgTable(
  'user_plan_compounding',
  {
    userPlanId: integer('user_plan_id')
      .primaryKey()
      .references(() => userPlans.id, { onDelete: 'restrict' }),
    reinvest: boolean('reinvest').notNull(),
    /** Cents: the principal when the segment started. */
    base: bigint('base', { mode: 'number' }).notNull(),
    /** Π (3 650 000 + rate) / 3 650 000 over the segment's reinvested days, × 10^18, rounded half-even each day. */
    growth: numeric('growth', { precision: 80, scale: 0 }).notNull(),
    /** user_plans.rate_days_bps and .earned when the segment started. */
    fromRateDays: bigint('from_rate_days', { mode: 'number' }).notNull(),
    fromEarned: bigint('from_earned', { mode: 'number' }).notNull(),
    /** Cents reinvested over the position's life: the sum of its earning_reinvested entries (ledger check). */
    reinvested: bigint('reinvested', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check(
      'user_plan_compounding_state',
      sql`${t.base} > 0 and ${t.growth} > 0 and ${t.fromRateDays} >= 0 and ${t.fromEarned} >= 0 and ${t.reinvested} >= 0`,
    ),
  ],
);

export type UserPlanCompoundingRow = typeof userPlanCompounding.$inferSelect;
