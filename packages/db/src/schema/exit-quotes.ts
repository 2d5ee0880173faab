import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userPlans } from './user-plans';
import { users } from './users';

/**
 * A quote for leaving a fixed term early (decision 186): the figures the member was shown, valid until
 * `expires_at`. `POST /api/pp/:id/exit` executes exactly one unused, unexpired quote, the plan's
 * latest, and marks it used; its id is the exit's ledger reference. Cents.
 */
export const exitQuotes = pgTable(
  'exit_quotes',
  {
    id: uuid('id').primaryKey(),
    userPlanId: integer('user_plan_id')
      .notNull()
      .references(() => userPlans.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    principal: bigint('principal', { mode: 'number' }).notNull(),
    earned: bigint('earned', { mode: 'number' }).notNull(),
    forfeited: bigint('forfeited', { mode: 'number' }).notNull(),
    penalty: bigint('penalty', { mode: 'number' }).notNull(),
    /** Cash credited by the exit: principal − forfeited − penalty, never below 0. */
    returned: bigint('returned', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('exit_quotes_plan_idx').on(t.userPlanId, t.createdAt),
    // The plan's live quotes, expired when a new one is made: never the quotes already used.
    index('exit_quotes_live_idx')
      .on(t.userPlanId, t.expiresAt)
      .where(sql`${t.usedAt} is null`),
    check(
      'exit_quotes_figures',
      sql`${t.principal} > 0 and ${t.earned} >= 0 and ${t.forfeited} >= 0 and ${t.penalty} >= 0
        and ${t.returned} >= 0 and ${t.returned} <= ${t.principal}`,
    ),
  ],
);

export type ExitQuoteRow = typeof exitQuotes.$inferSelect;
