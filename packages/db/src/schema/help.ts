import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** PostgreSQL's full-text document type (the assistant's help search; never written by the app). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Help center articles (spec §3: title, summary); the body is the full answer an admin can edit. */
export const helpArticles = pgTable(
  'help_articles',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    category: text('category').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    position: integer('position').notNull().default(0),
    published: boolean('published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** Title, summary and body as one weighted document for the assistant's search (decision 116). */
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(summary, '')), 'B') || setweight(to_tsvector('english', coalesce(body, '')), 'C')`,
    ),
  },
  (t) => [
    index('help_articles_order_idx').on(t.published, t.position),
    index('help_articles_search_idx').using('gin', t.search),
  ],
);

/** Frequently asked questions of the help center (spec §3: question, answer). */
export const helpFaqs = pgTable(
  'help_faqs',
  {
    id: serial('id').primaryKey(),
    category: text('category').notNull(),
    question: text('question').notNull().unique(),
    answer: text('answer').notNull(),
    position: integer('position').notNull().default(0),
    published: boolean('published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** Question and answer as one weighted document for the assistant's search (decision 116). */
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(question, '')), 'A') || setweight(to_tsvector('english', coalesce(answer, '')), 'B')`,
    ),
  },
  (t) => [
    index('help_faqs_order_idx').on(t.published, t.position),
    index('help_faqs_search_idx').using('gin', t.search),
  ],
);

/** Messages sent with the help center's contact form; an admin reads them in the inbox. */
export const helpRequests = pgTable(
  'help_requests',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** The member who sent it, when signed in. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['open', 'answered', 'closed'] })
      .notNull()
      .default('open'),
    /** The support team's internal note (never shown to the sender). */
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The last change by an admin (status, note or reply); null until then. */
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    index('help_requests_created_idx').on(t.status, t.createdAt),
    // The inbox with no status filter, oldest or newest first.
    index('help_requests_all_idx').on(t.createdAt, t.id),
  ],
);

/** A reply an admin mailed to the sender of a help request (the mail itself is in mail_outbox). */
export const helpRequestReplies = pgTable(
  'help_request_replies',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => helpRequests.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('help_request_replies_request_idx').on(t.requestId, t.createdAt)],
);

export type HelpArticleRow = typeof helpArticles.$inferSelect;
export type HelpFaqRow = typeof helpFaqs.$inferSelect;
export type HelpRequestRow = typeof helpRequests.$inferSelect;
export type HelpRequestReplyRow = typeof helpRequestReplies.$inferSelect;
