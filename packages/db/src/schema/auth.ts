import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Bearer tokens "<id>|<secret>"; only sha256(secret) is stored (DESIGN §6). */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['member', 'admin'] }).notNull(),
    secretHash: text('secret_hash').notNull(),
    idleDays: integer('idle_days').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The browser that signed in (first 200 characters of User-Agent), for the sessions list. */
    userAgent: text('user_agent'),
    /** The address the session signed in from, for the sessions list (never logged). */
    ip: text('ip'),
    /** Admin sessions: the idle timeout in minutes, overriding idle_days (30, decision 120). */
    idleMinutes: integer('idle_minutes'),
    /**
     * The end of the session however active it is (decision 216 for members; admins, decision 120);
     * `remember` moves it further. Null only on member tokens of a release before migration 0051.
     */
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }),
    /** Admin sessions: when a second factor was last given (sign-in or re-authentication). */
    reauthAt: timestamp('reauth_at', { withTimezone: true }),
  },
  (t) => [
    index('api_tokens_user_idx').on(t.userId),
    // The clean-up job deletes tokens long past their end (decision 217).
    index('api_tokens_expires_idx').on(t.expiresAt),
    index('api_tokens_revoked_idx')
      .on(t.revokedAt)
      .where(sql`${t.revokedAt} is not null`),
  ],
);

/** Email one-time codes: hashed, 10 minutes, 5 tries (DESIGN §6). */
export const emailOtps = pgTable(
  'email_otps',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('email_otps_user_idx').on(t.userId, t.createdAt),
    // The clean-up job's delete of expired codes (every minute).
    index('email_otps_expires_idx').on(t.expiresAt),
  ],
);

/** The short-lived challenge between a password and a 2FA code at sign-in. */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: text('id').primaryKey(), // sha256 of the cookie value
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: integer('remember').notNull().default(0),
    /** Which sign-in made it: a member's challenge never completes an admin sign-in, nor the reverse. */
    kind: text('kind', { enum: ['member', 'admin'] })
      .notNull()
      .default('member'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    // The clean-up job's delete of expired challenges (every minute).
    index('two_factor_challenges_expires_idx').on(t.expiresAt),
    // Ending a user's sign-ins with their sessions (a password change, a reset, a suspension).
    index('two_factor_challenges_user_idx').on(t.userId),
  ],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * Failed sign-in and code attempts, counted per account and per IP across every node. An attempt is
 * stored before its secret is compared and taken back when it was right (decision 154).
 */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: serial('id').primaryKey(),
    scope: text('scope').notNull(), // 'login', 'otp', '2fa'
    subject: text('subject').notNull(), // 'user:<id>' or 'ip:<address>'
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('auth_failures_lookup_idx').on(t.scope, t.subject, t.createdAt),
    // The clean-up job's delete of old failures (every minute): an attack from many addresses fills it.
    index('auth_failures_created_idx').on(t.createdAt),
    // The failures no ceiling counts go after a day, the others after its 30 days (decision 236).
    index('auth_failures_window_only_idx')
      .on(t.createdAt)
      .where(sql`(${t.subject} like 'ip:%' or ${t.scope} in ('login', 'reset_request'))`),
  ],
);

/**
 * Forgot-password links (decisions 172, 238): only each link's sha256 is stored; a link lives 60
 * minutes. Every link mailed within its hour works until one of them sets a password, which ends them
 * all: a link asked for in the member's name cannot end the one the member is reading.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('password_reset_tokens_user_idx').on(t.userId),
    // The clean-up job's delete of expired links.
    index('password_reset_tokens_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Changes of a member's email (decision 175). A request holds the new address and the sha256 of a
 * 6-digit code mailed to it (30 minutes, 5 tries); confirming changes the address and stores the sha256
 * of an undo link mailed to the old address (7 days, single use). Only the newest request of a member
 * is pending; the rows stay as the history of the member's addresses.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    undoTokenHash: text('undo_token_hash'),
    undoExpiresAt: timestamp('undo_expires_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    /**
     * When the old address had been verified, as it stood at the confirmation; an undo puts this back
     * (null: it never was, and it comes back unverified). Decision 175, amended.
     */
    oldEmailVerifiedAt: timestamp('old_email_verified_at', { withTimezone: true }),
  },
  (t) => [
    index('email_changes_user_idx').on(t.userId, t.createdAt),
    // An address whose undo link is live is held for its owner: sign-up and other changes look here.
    index('email_changes_undo_held_idx')
      .on(t.oldEmail)
      .where(sql`${t.undoTokenHash} is not null and ${t.undoneAt} is null`),
  ],
);
