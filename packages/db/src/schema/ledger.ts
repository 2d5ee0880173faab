import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Account kinds of DESIGN §5: per user, and the platform's own. `loan` and `debt` are never above
 * zero: minus what the member owes in loan principal, and minus what they owe for deposits a gateway
 * took back after they were credited (refunds, chargebacks) beyond what their balance covered
 * (decision 155).
 */
export const USER_ACCOUNT_KINDS = ['cash', 'invested', 'withdrawal_hold', 'loan', 'debt'] as const;
export const PLATFORM_ACCOUNT_KINDS = [
  'external',
  'yield_expense',
  'rewards_expense',
  'interest_income',
  'adjustments',
] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];
export type PlatformAccountKind = (typeof PLATFORM_ACCOUNT_KINDS)[number];
export type AccountKind = UserAccountKind | PlatformAccountKind;

/**
 * One account per (user, kind) or per platform kind, with its balance in cents cached. The cached
 * balance changes only in the transaction that writes the postings (apps/api/src/ledger), and the
 * CHECK keeps each user kind on its side of zero: a concurrent overdraft fails here, in the database.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<AccountKind>().notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_kind_unique')
      .on(t.userId, t.kind)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('ledger_accounts_platform_kind_unique')
      .on(t.kind)
      .where(sql`${t.userId} is null`),
    check(
      'ledger_accounts_kind_owner',
      sql`(${t.userId} is not null and ${t.kind} in ('cash', 'invested', 'withdrawal_hold', 'loan', 'debt'))
        or (${t.userId} is null and ${t.kind} in ('external', 'yield_expense', 'rewards_expense', 'interest_income', 'adjustments'))`,
    ),
    check(
      'ledger_accounts_balance_sign',
      sql`(${t.kind} in ('cash', 'invested', 'withdrawal_hold') and ${t.balance} >= 0)
        or (${t.kind} in ('loan', 'debt') and ${t.balance} <= 0)
        or ${t.userId} is null`,
    ),
  ],
);

/** One money movement. Never updated or deleted (a trigger refuses it); corrections are new entries. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** The business reference (e.g. deposit:12:paid:5000): one entry per reference. */
    reference: text('reference').notNull(),
    /** The member the movement belongs to (null for platform-only entries). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    /**
     * The entry's postings to its member's cash account, summed (cents; null: the entry has none).
     * Written with the entry by every writer (ledger_post, the bulk paths) and proven by the ledger
     * check, so a list shows an entry's amount without reading its postings (decision 140).
     */
    cashAmount: bigint('cash_amount', { mode: 'number' }),
    /**
     * The member's cash balance right after this entry (cents; null exactly when cashAmount is null).
     * Writers lock the member's cash account before inserting the entry, so for one member the chain
     * follows (created_at, id): each value is the previous one plus cashAmount, and the latest is the
     * cash account's balance (proven by the ledger check; decision 158). Activity and statements read
     * a row's balance from here instead of summing history.
     */
    cashBalanceAfter: bigint('cash_balance_after', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ledger_entries_reference_unique').on(t.reference),
    index('ledger_entries_user_kind_idx').on(t.userId, t.kind, t.createdAt, t.id),
    /** A member's cash movements, newest first by keyset (Activity, statements; decision 158). */
    index('ledger_entries_user_cash_idx')
      .on(t.userId, t.createdAt, t.id)
      .where(sql`${t.cashAmount} is not null`),
    check(
      'ledger_entries_cash_balance_after',
      sql`(${t.cashAmount} is null) = (${t.cashBalanceAfter} is null)`,
    ),
    /**
     * Whole milliseconds, as the API's clock writes them: a reader that takes an instant into
     * JavaScript (a batch's chain start, a paging cursor) gets it back exactly (decision 245).
     */
    check(
      'ledger_entries_created_at_ms',
      sql`date_trunc('milliseconds', ${t.createdAt} at time zone 'UTC') = (${t.createdAt} at time zone 'UTC')`,
    ),
  ],
);

/**
 * The signed amounts of an entry; they sum to zero. Both are checked once per INSERT statement over
 * all its rows by the statement trigger `ledger_postings_balanced`: the entries balance, and every
 * posting's entry and account exist (in place of per-row foreign keys, which cost a quarter of the
 * daily accrual's database time; entries and accounts can be neither deleted nor renumbered;
 * decision 143).
 */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: serial('id').primaryKey(),
    /** ledger_entries.id: the statement trigger refuses a posting whose entry does not exist. */
    entryId: integer('entry_id').notNull(),
    /** ledger_accounts.id: the statement trigger refuses a posting whose account does not exist. */
    accountId: integer('account_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('ledger_postings_entry_idx').on(t.entryId, t.accountId),
    index('ledger_postings_account_idx').on(t.accountId),
    check('ledger_postings_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);

/**
 * Running totals of a member's account per entry kind (total deposit = the cash account's `deposit`
 * total, total earnings = its `earning` total, ...): moved by ledger_post and the set-based posting in
 * the posting's own transaction, so a page reads one indexed row instead of summing a member's whole
 * history; checkLedger proves every row against the postings (decision 038).
 */
export const ledgerAccountTotals = pgTable(
  'ledger_account_totals',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    entryKind: text('entry_kind').notNull(),
    /** Signed cents: the sum of this account's postings in entries of this kind. */
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    /** How many entries of this kind posted to this account. */
    entries: bigint('entries', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.entryKind] })],
);

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
