import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** PostgreSQL's full-text document type (the assistant's help search; never written by the app). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The languages help content is written in (decision 164); English is the fallback of the others. */
export const HELP_LANGUAGES = ['en', 'es', 'ar'] as const;
export type HelpLanguage = (typeof HELP_LANGUAGES)[number];

/**
 * The full-text configuration of a row's language (decision 164): `spanish` and `arabic` are the
 * Snowball stemmers PostgreSQL (15+) and PGlite both ship; anything else reads as English.
 */
const configOf = sql.raw(
  `(case language when 'es' then 'spanish'::regconfig when 'ar' then 'arabic'::regconfig else 'english'::regconfig end)`,
);

/** Help center articles (spec §3: title, summary); the body is the full answer an admin can edit. */
export const helpArticles = pgTable(
  'help_articles',
  {
    id: serial('id').primaryKey(),
    /** The article's address; its versions in other languages share it (unique per language). */
    slug: text('slug').notNull(),
    language: text('language', { enum: HELP_LANGUAGES }).notNull().default('en'),
    category: text('category').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    position: integer('position').notNull().default(0),
    published: boolean('published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /**
     * Title, summary and body as one weighted document for the assistant's search (decision 116), in
     * the row's language's configuration (decision 164).
     */
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector(${configOf}, coalesce(title, '')), 'A') || setweight(to_tsvector(${configOf}, coalesce(summary, '')), 'B') || setweight(to_tsvector(${configOf}, coalesce(body, '')), 'C')`,
    ),
  },
  (t) => [
    unique('help_articles_slug_language_unique').on(t.slug, t.language),
    check('help_articles_language_check', sql`${t.language} in ('en', 'es', 'ar')`),
    index('help_articles_order_idx').on(t.language, t.published, t.position),
    index('help_articles_search_idx').using('gin', t.search),
  ],
);

/** Frequently asked questions of the help center (spec §3: question, answer). */
export const helpFaqs = pgTable(
  'help_faqs',
  {
    id: serial('id').primaryKey(),
    language: text('language', { enum: HELP_LANGUAGES }).notNull().default('en'),
    /** The English question this one translates (null for an English one or one of its own). */
    translationOf: integer('translation_of').references((): AnyPgColumn => helpFaqs.id, {
      onDelete: 'set null',
    }),
    category: text('category').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull().default(0),
    published: boolean('published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** Question and answer as one weighted document for the assistant's search (decisions 116, 164). */
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector(${configOf}, coalesce(question, '')), 'A') || setweight(to_tsvector(${configOf}, coalesce(answer, '')), 'B')`,
    ),
  },
  (t) => [
    unique('help_faqs_question_language_unique').on(t.question, t.language),
    check('help_faqs_language_check', sql`${t.language} in ('en', 'es', 'ar')`),
    unique('help_faqs_translation_language_unique').on(t.translationOf, t.language),
    index('help_faqs_order_idx').on(t.language, t.published, t.position),
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
