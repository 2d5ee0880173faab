import { getTableColumns, sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['member', 'admin'] })
      .notNull()
      .default('member'),
    /** The back-office role of an admin (null for members): superadmin, finance or support (decision 120). */
    adminRole: text('admin_role', { enum: ['superadmin', 'finance', 'support'] }),
    /** `closed`: the member closed the account (decision 177); it never signs in again. */
    status: text('status', { enum: ['active', 'suspended', 'closed'] })
      .notNull()
      .default('active'),
    accountType: text('account_type', { enum: ['personal', 'business'] })
      .notNull()
      .default('personal'),
    businessName: text('business_name'),
    businessEmail: text('business_email'),
    referralCode: text('referral_code').notNull(),
    referredById: integer('referred_by_id'),
    referralSource: text('referral_source'),
    language: text('language').notNull().default('en'),
    currency: text('currency').notNull().default('USD'),
    loyaltyPoints: bigint('loyalty_points', { mode: 'number' }).notNull().default(0),
    /** Referral points kept (rewards less reversals), a running total of those points rows (decision 225). */
    referralPoints: bigint('referral_points', { mode: 'number' }).notNull().default(0),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    totpSecretEnc: text('totp_secret_enc'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /**
     * When this admin stopped being a superadmin (demoted), for decision 250: for 7 days after, they
     * still count as the second superadmin, so demoting the other one does not let a superadmin act
     * alone at once. Null for an admin who never was one, or is one again.
     */
    superadminLeftAt: timestamp('superadmin_left_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code is accepted once (DESIGN §6). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** When the member closed the account (decision 177); null while it is open. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** A closed account's personal data is kept sealed until then (the operator's retention period). */
    retainUntil: timestamp('retain_until', { withTimezone: true }),
    /**
     * A closed account's identity and profile (email, username, business names, personal fields) as
     * one AES-256-GCM sealed JSON document bound to the user id, for the retention period only.
     */
    closedIdentityEnc: text('closed_identity_enc'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_referral_code_unique').on(t.referralCode),
    // The referrer's list, newest first, read backwards through it (decision 225).
    index('users_referred_by_joined_idx').on(t.referredById, t.createdAt, t.id),
    // The back office's member search by the start of an email or a username, and new members per day.
    index('users_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('users_username_prefix_idx').on(sql`lower(${t.username}) text_pattern_ops`),
    index('users_created_idx').on(t.createdAt),
    // The erasure job (once a minute) finds closed identities due for erasure without reading every member.
    index('users_erasure_due_idx')
      .on(t.retainUntil)
      .where(sql`${t.status} = 'closed' and ${t.closedIdentityEnc} is not null`),
    check('users_loyalty_points_nonnegative', sql`${t.loyaltyPoints} >= 0`),
  ],
);

/**
 * The member's compliance profile (spec §3 Profile). The country stays readable; every other field
 * (names, address, city, postal code, phone, the regulatory answers) is one AES-256-GCM sealed JSON
 * document under the application key, bound to the user id (decision 090).
 */
export const userProfiles = pgTable('user_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  country: text('country'),
  /** iv.tag.ciphertext (base64url) of the profile's personal fields as JSON; null until first saved. */
  personalEnc: text('personal_enc'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * How many rows a member has in a list whose rows are rewritten often (user_plans: the accrual writes
 * every plan every day), kept by a trigger at commit of the transaction that adds or removes a row
 * (decision 134): the list's page count is one row, never a count over a year of row versions.
 */
export const memberListTotals = pgTable(
  'member_list_totals',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The table the rows are in. */
    list: text('list').notNull(),
    rows: bigint('rows', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.list] }),
    check('member_list_totals_rows_check', sql`${t.rows} >= 0`),
  ],
);

/**
 * A money role asked for by one superadmin, waiting for a second one (decision 250): the admin becomes
 * active as `admin_role` when a different superadmin makes the same change within 24 hours. One row per
 * admin at most; a change that gives no more power, or the confirmation, removes it.
 */
export const adminGrants = pgTable(
  'admin_grants',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    adminRole: text('admin_role', { enum: ['superadmin', 'finance'] }).notNull(),
    proposedBy: integer('proposed_by')
      .notNull()
      .references(() => users.id),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('admin_grants_role_check', sql`${t.adminRole} in ('superadmin', 'finance')`)],
);
export type AdminGrantRow = typeof adminGrants.$inferSelect;

export type UserRow = typeof users.$inferSelect;

/**
 * What a signed-in request knows of its user: every column but the credentials (the password hash,
 * the sealed TOTP secret and its last step) and bookkeeping no request reads. Every authenticated
 * request reads these with its token; a service that checks a credential reads it itself, at that
 * moment (`findPasswordHash`, `findTotpState`). Leaving them out keeps secrets out of every request's
 * memory and cut the token read's cost (decision 148).
 */
const LEFT_OUT_OF_AUTH_USER = [
  'passwordHash',
  'totpSecretEnc',
  'totpLastStep',
  'passwordChangedAt',
  'closedIdentityEnc',
  'referralSource',
  'referralPoints',
  'updatedAt',
] as const;
type LeftOutOfAuthUser = (typeof LEFT_OUT_OF_AUTH_USER)[number];
export type AuthUser = Omit<UserRow, LeftOutOfAuthUser>;
export const authUserColumns = Object.fromEntries(
  Object.entries(getTableColumns(users)).filter(
    ([key]) => !(LEFT_OUT_OF_AUTH_USER as readonly string[]).includes(key),
  ),
) as Omit<ReturnType<typeof getTableColumns<typeof users>>, LeftOutOfAuthUser>;
export type NewUserRow = typeof users.$inferInsert;
export type UserProfileRow = typeof userProfiles.$inferSelect;
