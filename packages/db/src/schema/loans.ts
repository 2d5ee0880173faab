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
} from 'drizzle-orm/pg-core';
import { ledgerEntries } from './ledger';
import { users } from './users';

export const LOAN_PLAN_STATUSES = ['active', 'inactive'] as const;
export const LOAN_APPLICATION_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'withdrawn',
  'completed',
] as const;
export const LOAN_STATUSES = ['active', 'completed'] as const;
export const LOAN_INSTALMENT_STATUSES = ['open', 'paid', 'waived'] as const;
export const LOAN_INTERVALS = ['daily', 'weekly', 'monthly'] as const;

/**
 * A loan plan of the catalogue (spec §3): `change` is the rate text ("12% monthly"), parsed by
 * packages/shared's parseLoanChange; `duration` the longest term in periods (null: no limit shown,
 * "Varies"). Amounts in cents.
 */
export const loanPlans = pgTable(
  'loan_plans',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    change: text('change').notNull(),
    duration: integer('duration'),
    minAmount: bigint('min_amount', { mode: 'number' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: LOAN_PLAN_STATUSES }).notNull().default('active'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('loan_plans_name_unique').on(t.name),
    check('loan_plans_amounts', sql`${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount}`),
    check('loan_plans_duration', sql`${t.duration} is null or ${t.duration} between 1 and 1000`),
  ],
);

/** A member's application for a loan; at most one pending per member and plan (unique index). */
export const loanApplications = pgTable(
  'loan_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => loanPlans.id, { onDelete: 'restrict' }),
    amountRequested: bigint('amount_requested', { mode: 'number' }).notNull(),
    term: integer('term').notNull(),
    status: text('status', { enum: LOAN_APPLICATION_STATUSES }).notNull().default('pending'),
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('loan_applications_user_idx').on(t.userId, t.createdAt),
    index('loan_applications_status_idx').on(t.status, t.createdAt),
    uniqueIndex('loan_applications_one_pending')
      .on(t.userId, t.planId)
      .where(sql`${t.status} = 'pending'`),
    check('loan_applications_amount', sql`${t.amountRequested} > 0`),
    check('loan_applications_term', sql`${t.term} between 1 and 1000`),
  ],
);

/**
 * A disbursed loan: a snapshot of the plan's name and rate, the principal and profit of its schedule,
 * and running totals of what was paid (so reads stay flat; the ledger check ties the loan account to
 * principal − paid_principal).
 */
export const loans = pgTable(
  'loans',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => loanApplications.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => loanPlans.id, { onDelete: 'restrict' }),
    planName: text('plan_name').notNull(),
    change: text('change').notNull(),
    rateBps: integer('rate_bps').notNull(),
    interval: text('interval', { enum: LOAN_INTERVALS }).notNull(),
    term: integer('term').notNull(),
    principal: bigint('principal', { mode: 'number' }).notNull(),
    profit: bigint('profit', { mode: 'number' }).notNull(),
    paidPrincipal: bigint('paid_principal', { mode: 'number' }).notNull().default(0),
    paidInterest: bigint('paid_interest', { mode: 'number' }).notNull().default(0),
    /** Interest of instalments not yet due when the loan was repaid early. */
    waivedInterest: bigint('waived_interest', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: LOAN_STATUSES }).notNull().default('active'),
    disbursedAt: timestamp('disbursed_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('loans_application_unique').on(t.applicationId),
    index('loans_user_idx').on(t.userId, t.createdAt),
    check('loans_principal', sql`${t.principal} > 0 and ${t.profit} >= 0`),
    check(
      'loans_paid',
      sql`${t.paidPrincipal} between 0 and ${t.principal}
        and ${t.paidInterest} >= 0 and ${t.waivedInterest} >= 0
        and ${t.paidInterest} + ${t.waivedInterest} <= ${t.profit}`,
    ),
  ],
);

/** One instalment of a loan's schedule, with what was paid of each part. */
export const loanInstalments = pgTable(
  'loan_instalments',
  {
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    number: integer('number').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    principal: bigint('principal', { mode: 'number' }).notNull(),
    interest: bigint('interest', { mode: 'number' }).notNull(),
    paidPrincipal: bigint('paid_principal', { mode: 'number' }).notNull().default(0),
    paidInterest: bigint('paid_interest', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: LOAN_INSTALMENT_STATUSES }).notNull().default('open'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the member was told it could not be collected in full (once per instalment). */
    shortfallNotifiedAt: timestamp('shortfall_notified_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.loanId, t.number] }),
    // The collection walks members in id order and takes their open instalments due by today.
    index('loan_instalments_open_idx')
      .on(t.userId, t.dueDate)
      .where(sql`${t.status} = 'open'`),
    check(
      'loan_instalments_parts',
      sql`${t.principal} >= 0 and ${t.interest} >= 0 and ${t.principal} + ${t.interest} > 0
        and ${t.paidPrincipal} between 0 and ${t.principal}
        and ${t.paidInterest} between 0 and ${t.interest}`,
    ),
  ],
);

/** Every payment made on a loan (a collection of an instalment, or the early repayment), with its entry. */
export const loanPayments = pgTable(
  'loan_payments',
  {
    id: serial('id').primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['instalment', 'early_repayment'] }).notNull(),
    instalmentNumber: integer('instalment_number'),
    principal: bigint('principal', { mode: 'number' }).notNull(),
    interest: bigint('interest', { mode: 'number' }).notNull(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('loan_payments_loan_idx').on(t.loanId, t.createdAt),
    uniqueIndex('loan_payments_entry_unique').on(t.entryId),
    check(
      'loan_payments_parts',
      sql`${t.principal} >= 0 and ${t.interest} >= 0 and ${t.principal} + ${t.interest} > 0`,
    ),
  ],
);

export type LoanPlanRow = typeof loanPlans.$inferSelect;
export type LoanApplicationRow = typeof loanApplications.$inferSelect;
export type LoanRow = typeof loans.$inferSelect;
export type LoanInstalmentRow = typeof loanInstalments.$inferSelect;
export type LoanPaymentRow = typeof loanPayments.$inferSelect;
