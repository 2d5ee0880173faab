import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** Site settings as key → JSON value; spec defaults apply where a key is absent. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Every message the product sends, written in the transaction of the change it tells of (decision
 * 209). Without SMTP the row is the delivery (`stored`); with SMTP it is `pending` until the
 * dispatcher, after the commit, has sent it (`sent`) or given up after its last attempt (`failed`).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** The HTML part (decision 179); null for mails stored before templates. */
    html: text('html'),
    status: text('status', { enum: ['stored', 'pending', 'sent', 'failed'] }).notNull(),
    /** The SMTP server's answer to the last failed attempt. */
    error: text('error'),
    /** Delivery attempts made (a claimed attempt counts even if the process stopped during it). */
    attempts: integer('attempts').notNull().default(0),
    /** An announcement's mail: sent after every other mail that is due (a code never waits behind one). */
    bulk: boolean('bulk').notNull().default(false),
    /** A pending mail's next attempt (or the end of a running attempt's lease); null otherwise. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('mail_outbox_to_idx').on(t.to, t.createdAt),
    // The dispatcher's claim order (decision 209): other mail before announcements, then when due.
    index('mail_outbox_due_idx')
      .on(t.bulk, t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    // The clean-up's order (decision 232): delivered mails, oldest first.
    index('mail_outbox_delivered_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('sent', 'failed')`),
  ],
);

/** Who did what, with before and after: every admin action and every security event. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's admin role at the time of the action (null for members and the system). */
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    /** Why the admin did it (a reason from a list and/or free text), when the action takes one. */
    reason: text('reason'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    // The audit screen's filters: one actor's actions, one kind of action, newest first.
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
    // The history of one subject (a user's security events, an object's admin actions), newest first.
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId, t.createdAt),
    // "Have they signed in from this address before?" at every sign-in: one key, never the history.
    index('audit_log_sign_in_ip_idx')
      .on(t.subjectId, t.ip)
      .where(sql`${t.subjectType} = 'user' and ${t.action} = 'auth.login'`),
  ],
);

/**
 * The pending work of each admin queue (deposits = bank transfers, withdrawals, loan_applications):
 * how many items wait and their amount in cents, kept by triggers on the queue tables in the
 * transaction that moves an item (decision 126), so a queue page never counts or sums the queue.
 */
export const adminQueueTotals = pgTable('admin_queue_totals', {
  queue: text('queue').primaryKey(),
  pendingCount: bigint('pending_count', { mode: 'number' }).notNull().default(0),
  pendingAmount: bigint('pending_amount', { mode: 'number' }).notNull().default(0),
});

/**
 * The deployment's sealing key, by fingerprint (an HMAC of a fixed label, never the key): one row.
 * A node whose APP_KEY has another fingerprint refuses to start (decision 152); `rotating_from` holds
 * the previous key's fingerprint while a rotation re-seals the sealed columns.
 */
export const deploymentKey = pgTable(
  'deployment_key',
  {
    id: integer('id').primaryKey().default(1),
    fingerprint: text('fingerprint').notNull(),
    rotatingFrom: text('rotating_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [check('deployment_key_one_row', sql`${t.id} = 1`)],
);
