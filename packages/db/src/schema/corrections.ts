import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A balance correction (decision 182): a finance admin proposes a credit or a debit of a member's cash
 * with an internal note, a reference and the reason the member sees; a different admin approves it
 * (always four eyes), and it posts as a ledger entry of kind `adjustment` against the platform's
 * `adjustments` account, with reference `correction:<id>`. Rejected or withdrawn, nothing moves.
 */
export const balanceCorrections = pgTable(
  'balance_corrections',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    direction: text('direction', { enum: ['credit', 'debit'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The reason the member reads in Activity and statements. */
    memberReason: text('member_reason').notNull(),
    /** The operators' note (never shown to the member). */
    note: text('note').notNull(),
    /** The operators' reference (a ticket, a gateway id). */
    reference: text('reference').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'withdrawn'] }).notNull(),
    proposedBy: integer('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    entryId: integer('entry_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('balance_corrections_status_idx').on(t.status, t.createdAt),
    index('balance_corrections_user_idx').on(t.userId, t.createdAt),
    check('balance_corrections_amount_positive', sql`${t.amount} > 0`),
  ],
);
