import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Who an announcement goes to (issue 37 item 3, decision 183). */
export const ANNOUNCEMENT_SEGMENTS = [
  'all',
  'verified',
  'with_plan',
  'with_loan',
  'country',
  'plan',
] as const;
export const ANNOUNCEMENT_STATUSES = ['draft', 'scheduled', 'sending', 'sent'] as const;

/**
 * An admin's announcement to members: its title and body per language (en required, es/ar optional),
 * its segment, and its delivery. Delivery walks the segment in member-id order: `cursor` is the last
 * member id handled, so a job that stops half-way resumes and never sends twice (the notifications'
 * unique reference `announcement:<id>:<user>` guards it too).
 */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    title: jsonb('title').$type<Record<string, string>>().notNull(),
    body: jsonb('body').$type<Record<string, string>>().notNull(),
    /** A security or terms notice: always delivered, in the app and by mail, whatever the member chose. */
    notice: boolean('notice').notNull().default(false),
    segment: text('segment', { enum: ANNOUNCEMENT_SEGMENTS }).notNull(),
    segmentCountry: text('segment_country'),
    segmentPlanId: integer('segment_plan_id'),
    status: text('status', { enum: ANNOUNCEMENT_STATUSES }).notNull().default('draft'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    cursor: integer('cursor').notNull().default(0),
    recipients: integer('recipients').notNull().default(0),
    mailed: integer('mailed').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('announcements_due_idx')
      .on(t.scheduledAt)
      .where(sql`${t.status} in ('scheduled', 'sending')`),
    check('announcements_en_check', sql`${t.title} ? 'en' and ${t.body} ? 'en'`),
  ],
);

export type AnnouncementRow = typeof announcements.$inferSelect;
