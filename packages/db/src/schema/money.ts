import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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

export const deposits = pgTable(
  'deposits',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    method: text('method', { enum: ['bank_transfer', 'coinpayment', 'nowpayment'] }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', {
      enum: [
        'pending',
        'confirmed',
        'partially_paid',
        'failed',
        'expired',
        'rejected',
        'refunded',
        'cancelled',
      ],
    }).notNull(),
    /** What the member quotes on a bank transfer; unique. */
    reference: text('reference').notNull(),
    gatewayInvoiceId: text('gateway_invoice_id'),
    gatewayPaymentId: text('gateway_payment_id'),
    /** The last gateway status accepted, to refuse one that moves backwards. */
    gatewayStatus: text('gateway_status'),
    paymentUrl: text('payment_url'),
    credited: bigint('credited', { mode: 'number' }).notNull().default(0),
    rejectionReason: text('rejection_reason'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Four eyes (decision 235): the first of two confirmations of a bank transfer above the threshold. */
    firstApprovedBy: integer('first_approved_by').references(() => users.id, { onDelete: 'set null' }),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    /**
     * The bank's reference of the credit on its statement, given by the admin who confirms a bank
     * transfer (decision 237); one statement line confirms one transfer.
     */
    bankReference: text('bank_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('deposits_reference_unique').on(t.reference),
    uniqueIndex('deposits_bank_reference_unique')
      .on(t.bankReference)
      .where(sql`${t.status} = 'confirmed'`),
    index('deposits_user_idx').on(t.userId, t.createdAt, t.id),
    index('deposits_status_idx').on(t.status, t.createdAt),
    // Activity's deposits that credited nothing (pending, failed, ...), newest first (decision 158).
    index('deposits_user_uncredited_idx')
      .on(t.userId, t.createdAt, t.id)
      .where(sql`${t.credited} = 0`),
    // The overview's deposits per day (last 30 days) without reading older history.
    index('deposits_confirmed_idx')
      .on(t.confirmedAt)
      .where(sql`${t.confirmedAt} is not null`),
    // Four eyes: the bank transfers confirmed to one member in the last day (decision 235).
    index('deposits_user_bank_confirmed_idx')
      .on(t.userId, t.confirmedAt)
      .where(sql`${t.method} = 'bank_transfer' and ${t.status} = 'confirmed'`),
    check('deposits_amount_positive', sql`${t.amount} > 0`),
    check('deposits_credited_range', sql`${t.credited} >= 0 and ${t.credited} <= ${t.amount}`),
  ],
);

/**
 * A credited gateway deposit that the gateway took back (a refund or a chargeback; decision 155): one
 * row per deposit. `amount` is what had been credited; `taken_back` left the cash balance at once
 * (entry `deposit:<id>:refund:taken`), the rest was booked as the member's debt (entry
 * `deposit:<id>:refund:debt`), and `recovered` is what later credits paid of it (entries
 * `deposit:<id>:refund:recovered:<total>`). `outstanding` is what is still owed; the CHECK keeps the
 * four figures consistent and checkLedger proves them against the postings.
 */
export const depositRefunds = pgTable(
  'deposit_refunds',
  {
    id: serial('id').primaryKey(),
    depositId: integer('deposit_id')
      .notNull()
      .references(() => deposits.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The gateway's status that reversed the payment (NOWPayments `refunded`, CoinPayments `-2`...). */
    gatewayStatus: text('gateway_status').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    takenBack: bigint('taken_back', { mode: 'number' }).notNull(),
    recovered: bigint('recovered', { mode: 'number' }).notNull().default(0),
    outstanding: bigint('outstanding', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When nothing was owed any more (at once when the balance covered it all). */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('deposit_refunds_deposit_unique').on(t.depositId),
    index('deposit_refunds_user_idx').on(t.userId, t.createdAt, t.id),
    index('deposit_refunds_created_idx').on(t.createdAt, t.id),
    // Members who still owe: the collection job and the back office's open refunds.
    index('deposit_refunds_open_idx')
      .on(t.userId, t.id)
      .where(sql`${t.outstanding} > 0`),
    check('deposit_refunds_amount_positive', sql`${t.amount} > 0`),
    check(
      'deposit_refunds_figures',
      sql`${t.takenBack} >= 0 and ${t.recovered} >= 0 and ${t.outstanding} >= 0
        and ${t.takenBack} + ${t.recovered} + ${t.outstanding} = ${t.amount}`,
    ),
  ],
);

export const withdrawalDestinations = pgTable(
  'withdrawal_destinations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['bank', 'crypto'] }).notNull(),
    label: text('label'),
    bankName: text('bank_name'),
    accountName: text('account_name'),
    accountNumber: text('account_number'),
    routingNumber: text('routing_number'),
    asset: text('asset'),
    network: text('network'),
    address: text('address'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('withdrawal_destinations_user_idx').on(t.userId),
    uniqueIndex('withdrawal_destinations_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    method: text('method', { enum: ['bank_transfer', 'crypto'] }).notNull(),
    /** The full destination as given (shown masked to the member, in full to the operator). */
    destination: text('destination').notNull(),
    destinationId: integer('destination_id').references(() => withdrawalDestinations.id, {
      onDelete: 'set null',
    }),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'cancelled'] }).notNull(),
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Four eyes (decision 125): the first of two approvals of a withdrawal above the threshold. */
    firstApprovedBy: integer('first_approved_by').references(() => users.id, { onDelete: 'set null' }),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.createdAt, t.id),
    index('withdrawals_status_idx').on(t.status, t.createdAt),
    // The overview's paid-out amounts per day (last 30 days) without reading older history.
    index('withdrawals_decided_idx')
      .on(t.decidedAt)
      .where(sql`${t.status} = 'approved'`),
    // Four eyes: what one member was paid in the last day (decision 228).
    index('withdrawals_user_paid_idx')
      .on(t.userId, t.decidedAt)
      .where(sql`${t.status} = 'approved'`),
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * Loyalty points: one row per change with a unique reference; users.loyalty_points is the cached sum
 * (CHECK ≥ 0), changed only in the transaction that writes the row (docs/decisions/033). A referral
 * reward names the deposit that earned it, and a reversal of that deposit takes the reward back
 * (`referral_reversal`, at most once per deposit: decision 214).
 */
export const pointsTransactions = pgTable(
  'points_transactions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['referral_reward', 'referral_reversal', 'conversion'] }).notNull(),
    points: bigint('points', { mode: 'number' }).notNull(),
    reference: text('reference').notNull(),
    relatedUserId: integer('related_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Referral rows: the friend's deposit whose confirmation earned the reward (decision 214). */
    depositId: integer('deposit_id').references(() => deposits.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('points_transactions_reference_unique').on(t.reference),
    index('points_transactions_user_idx').on(t.userId, t.createdAt),
    // One reward and at most one reversal per deposit; the refund finds the reward by its deposit.
    uniqueIndex('points_transactions_deposit_kind_unique')
      .on(t.depositId, t.kind)
      .where(sql`${t.depositId} is not null`),
    check('points_transactions_nonzero', sql`${t.points} <> 0`),
    // A reward adds points, a reversal or a conversion takes them.
    check('points_transactions_sign', sql`(${t.kind} = 'referral_reward') = (${t.points} > 0)`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The English text as it was stored; what a row without a message key (before 0031) shows. */
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The text's key (e.g. deposit_confirmed): rendered in the reader's language when read. */
    messageKey: text('message_key'),
    /** The text's parameters (money in cents, dates as ISO days), formatted for the reader's locale. */
    params: jsonb('params').$type<Record<string, string | number>>(),
    /** One notification per business event (e.g. deposit:12:confirmed). */
    reference: text('reference').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('notifications_reference_unique').on(t.reference),
    // The bell's order (newest first, id breaking ties) and its keyset paging.
    // Ascending: read backwards it gives `created_at desc, id desc` (nulls first), the bell's ORDER BY.
    // An index declared `desc()` is `desc nulls last`, which that ORDER BY cannot use (decision 221).
    index('notifications_user_order_idx').on(t.userId, t.createdAt, t.id),
    // The bell of a member who turned a category off (decision 221): each shown category's rows in
    // the bell's order. notification_category() is migration 0055's SQL function.
    index('notifications_category_idx').on(
      t.userId,
      sql`notification_category(${t.kind})`,
      t.createdAt,
      t.id,
    ),
    // The unread count: only the unread rows are indexed, by category (a member's whole count reads
    // the index by its first column; one who turned a category off, each shown category's part).
    index('notifications_unread_category_idx')
      .on(t.userId, sql`notification_category(${t.kind})`)
      .where(sql`${t.readAt} is null`),
  ],
);

/**
 * A member's notification choices (decision 178): a row only where the member changed a category's
 * default (every channel on). Security can never be turned off, which the database enforces too.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.category] }),
    check(
      'notification_preferences_category',
      sql`${t.category} in ('money', 'security', 'product_news', 'goals', 'loans')`,
    ),
    check(
      'notification_preferences_security_on',
      sql`${t.category} <> 'security' or (${t.inApp} and ${t.email})`,
    ),
  ],
);

/** Idempotency-Key of POST money routes: the stored answer per (user, key). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: ['in_flight', 'done'] }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

export type DepositRow = typeof deposits.$inferSelect;
export type DepositRefundRow = typeof depositRefunds.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalDestinationRow = typeof withdrawalDestinations.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
