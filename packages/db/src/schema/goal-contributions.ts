import { bigint, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { goals } from './goals';
import { userPlans } from './user-plans';

export const GOAL_CONTRIBUTION_STATUSES = ['invested', 'skipped'] as const;

/** One row per period of a goal: a unit invested (with its user plan) or a period skipped. */
export const goalContributions = pgTable(
  'goal_contributions',
  {
    goalId: integer('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    period: integer('period').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: GOAL_CONTRIBUTION_STATUSES }).notNull(),
    /** Why a period was skipped: insufficient_balance or plan_inactive. */
    reason: text('reason'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    userPlanId: integer('user_plan_id').references(() => userPlans.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.goalId, t.period] })],
);

export type GoalContributionRow = typeof goalContributions.$inferSelect;
