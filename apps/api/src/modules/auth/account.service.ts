import { randomInt } from 'node:crypto';
import {
  AUTH_MESSAGES,
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  centsToMajor,
  type UserResponse,
} from '@app/shared';
import { type AuthUser, type DbOrTx, type Tx, type UserProfileRow, type UserRow } from '@app/db';
import { AppError } from '../../errors';
import { accountFigures, type AccountFigures } from '../../ledger/ledger';
import { isoDate } from '../../lib/iso-date';
import { hashPassword } from '../../lib/password';
import { uniqueViolation } from '../../lib/db-errors';
import { findProfile, toProfile } from '../profile/profile.service';
import * as repository from './users.repository';

export interface AccountSummary {
  /** Major units (USD), as the API gives them. */
  balance: number;
  total_earnings: number;
  total_deposit: number;
}

/** The money figures of a user's account (cents, from the ledger) as the API gives them (major units). */
function toSummary(figures: AccountFigures): AccountSummary {
  return {
    balance: centsToMajor(figures.balance),
    total_earnings: centsToMajor(figures.totalEarnings),
    total_deposit: centsToMajor(figures.totalDeposit),
  };
}

export function toUserResponse(
  appKey: Buffer,
  user: AuthUser,
  profile: Pick<UserProfileRow, 'country' | 'personalEnc'> | null,
  summary: AccountSummary,
): UserResponse {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    email_verified_at: user.emailVerifiedAt ? isoDate(user.emailVerifiedAt) : null,
    account_type: user.accountType,
    business_name: user.businessName,
    business_email: user.businessEmail,
    role: user.role,
    referral_code: user.referralCode,
    language: user.language,
    currency: user.currency,
    loyalty_points: user.loyaltyPoints,
    balance: summary.balance,
    total_earnings: summary.total_earnings,
    total_deposit: summary.total_deposit,
    two_factor_enabled: user.totpEnabledAt !== null,
    profile: toProfile(appKey, user.id, profile),
    created_at: isoDate(user.createdAt),
  };
}

/**
 * The user as the API shows it (GET /api/me): the profile and the money figures, read from the
 * ledger's one function. The profile's personal fields are one sealed document: one decryption, and
 * none for a member without a profile.
 */
export async function getUserResponse(db: DbOrTx, appKey: Buffer, user: AuthUser): Promise<UserResponse> {
  const [profile, figures] = await Promise.all([findProfile(db, user.id), accountFigures(db, user.id)]);
  return toUserResponse(appKey, user, profile, toSummary(figures));
}

/** Saves the language the member reads the app in (mails, statements and exports follow it). */
export async function saveLanguage<Language extends string>(
  db: DbOrTx,
  userId: number,
  language: Language,
  now: Date,
): Promise<{ language: Language }> {
  await repository.updateUser(db, userId, { language, updatedAt: now });
  return { language };
}

/**
 * For a request that opens something on the account without touching its balances (a deposit, a loan
 * application): holds the member's row until the transaction ends, and answers 401, as a closed
 * account's requests are answered, once the account is no longer active. A closing that started
 * first is waited for; one that starts after waits for this request, then finds it open (decision 177).
 */
export async function holdActiveMember(tx: Tx, userId: number): Promise<void> {
  if ((await repository.lockUserStatus(tx, userId)) !== 'active')
    throw new AppError('UNAUTHENTICATED', 'Not authenticated');
}

/**
 * As holdActiveMember, for a request that writes the member's own details (identity documents, the
 * profile): the row held `FOR NO KEY UPDATE`, so one member's writes also take turns with each other
 * (two holding it `FOR SHARE` and then updating it would deadlock). 401 once the account is closed.
 */
export async function holdOpenAccount(tx: Tx, userId: number): Promise<void> {
  if ((await repository.lockUserStatus(tx, userId, 'no key update')) !== 'active')
    throw new AppError('UNAUTHENTICATED', 'Not authenticated');
}

/**
 * The member's status, with their row held until the transaction ends (`FOR SHARE` unless asked
 * stronger): a closing, which locks the row first, either waits for this transaction or has already
 * committed (decision 177). A member's row comes before their balances (decision 222).
 */
export function lockMemberStatus(
  tx: Tx,
  userId: number,
  strength: 'share' | 'no key update' = 'share',
): Promise<UserRow['status'] | null> {
  return repository.lockUserStatus(tx, userId, strength);
}

/** Withdrawals, loans and investing need a verified email (DESIGN §6). */
export function requireVerifiedEmail(user: AuthUser): void {
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED', AUTH_MESSAGES.emailNotVerified);
}

export function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  return repository.findUserByEmail(db, email);
}

export function findUserById(db: DbOrTx, id: number): Promise<UserRow | null> {
  return repository.findUserById(db, id);
}

/**
 * The user's row, locked for the rest of the transaction. Closing an account locks it first, so any
 * writer that must not act on a closed account (a correction, an email-change undo) takes turns with it.
 */
export function lockUserById(tx: Tx, id: number): Promise<UserRow | null> {
  return repository.lockUserById(tx, id);
}

export const findPasswordHash = repository.findPasswordHash;

/** Whether an address is held for a live undo link (decision 175): taken, for sign-up and email changes. */
export const heldForUndo = repository.heldForUndo;

export function countUsers(db: DbOrTx): Promise<number> {
  return repository.countUsers(db);
}

export function usernameExists(db: DbOrTx, username: string): Promise<boolean> {
  return repository.usernameExists(db, username);
}

export interface NewAccountInput {
  username: string;
  email: string;
  password: string;
  account_type: 'personal' | 'business';
  business_name: string | null;
  business_email: string | null;
  referral_source: string | null;
  referral_code: string | null;
  language?: string | null | undefined;
  currency?: string | null | undefined;
}

export interface NewAccountOptions {
  role?: 'member' | 'admin';
  /** An admin's back-office role (decision 120); an admin created without one is a superadmin. */
  adminRole?: 'superadmin' | 'finance' | 'support';
  /** Marks the email verified at creation (seeded and bootstrap accounts). */
  verified?: boolean;
}

/** A checked account, password hashed, ready to insert (the slow part done outside any transaction). */
export interface PreparedAccount {
  input: NewAccountInput;
  options: NewAccountOptions;
  passwordHash: string;
  referredById: number | null;
}

/** 422 with field errors: the answer to a form whose values clash with stored data. */
export function fieldError(fields: Record<string, string>): AppError {
  const errors = Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, [message]]));
  const first = Object.values(fields)[0] ?? 'The request is not valid.';
  return new AppError('BUSINESS_RULE', first, errors);
}

/**
 * Checks uniqueness (an address held for an undo link counts as taken: decision 175) and the referral
 * code (a closed account's names nobody), hashes the password. Nothing is written.
 */
export async function prepareAccount(
  db: DbOrTx,
  input: NewAccountInput,
  now: Date,
  options: NewAccountOptions = {},
): Promise<PreparedAccount> {
  const taken = await repository.findTaken(db, input.email, input.username);
  const problems: Record<string, string> = {};
  if (taken.email || (await repository.heldForUndo(db, input.email, now)))
    problems.email = AUTH_MESSAGES.emailTaken;
  if (taken.username) problems.username = AUTH_MESSAGES.usernameTaken;
  // One referrer per user, set once here; the new account has no code yet, so it can never be its own.
  let referredById: number | null = null;
  if (input.referral_code) {
    referredById = await repository.findReferrerByCode(db, input.referral_code);
    if (referredById === null) problems.referral_code = AUTH_MESSAGES.referralNotFound;
  }
  if (Object.keys(problems).length > 0) throw fieldError(problems);
  return { input, options, passwordHash: await hashPassword(input.password), referredById };
}

function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1)
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return code;
}

/** A referral code no user has yet (31^8 codes: a clash is rare, and checked). */
async function unusedReferralCode(db: DbOrTx): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const code = newReferralCode();
    if ((await repository.findUserIdByReferralCode(db, code)) === null) return code;
  }
  throw new Error('could not find an unused referral code');
}

/** Inserts a prepared account; a concurrent sign-up with the same email or username gets the field error. */
export async function insertAccount(db: DbOrTx, prepared: PreparedAccount, now: Date): Promise<UserRow> {
  const { input, options } = prepared;
  try {
    return await repository.insertUser(db, {
      username: input.username,
      email: input.email.toLowerCase(),
      passwordHash: prepared.passwordHash,
      role: options.role ?? 'member',
      adminRole: options.role === 'admin' ? (options.adminRole ?? 'superadmin') : null,
      status: 'active',
      accountType: input.account_type,
      businessName: input.account_type === 'business' ? input.business_name : null,
      businessEmail: input.account_type === 'business' ? input.business_email : null,
      referralCode: await unusedReferralCode(db),
      referredById: prepared.referredById,
      referralSource: input.referral_source,
      language: input.language ?? 'en',
      currency: input.currency ?? 'USD',
      emailVerifiedAt: options.verified ? now : null,
      passwordChangedAt: now,
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'users_email_unique') throw fieldError({ email: AUTH_MESSAGES.emailTaken });
    if (constraint === 'users_username_unique') throw fieldError({ username: AUTH_MESSAGES.usernameTaken });
    if (constraint !== undefined) throw new AppError('CONFLICT', 'Please try again.');
    throw error;
  }
}

/** Creates an account in one step (seeds, bootstrap): the same checks and rules as sign-up. */
export async function createAccount(
  db: DbOrTx,
  input: NewAccountInput,
  now: Date,
  options: NewAccountOptions = {},
): Promise<UserRow> {
  return insertAccount(db, await prepareAccount(db, input, now, options), now);
}

/** Sets a new password (already checked by the caller). */
export async function setPassword(db: DbOrTx, userId: number, password: string, now: Date): Promise<UserRow> {
  return storePasswordHash(db, userId, await hashPassword(password), now);
}

/** Stores a hash made beforehand (so the slow hashing stays outside the caller's transaction). */
export async function storePasswordHash(
  db: DbOrTx,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<UserRow> {
  const user = await repository.updateUser(db, userId, {
    passwordHash,
    passwordChangedAt: now,
    updatedAt: now,
  });
  if (!user) throw AppError.notFound('User not found.');
  return user;
}

export async function updateAccount(
  db: DbOrTx,
  userId: number,
  patch: {
    role?: 'member' | 'admin';
    adminRole?: 'superadmin' | 'finance' | 'support' | null;
    status?: 'active' | 'suspended';
    emailVerifiedAt?: Date | null;
  },
  now: Date,
): Promise<UserRow> {
  const user = await repository.updateUser(db, userId, { ...patch, updatedAt: now });
  if (!user) throw AppError.notFound('User not found.');
  return user;
}

export function markEmailVerified(db: DbOrTx, userId: number, now: Date): Promise<UserRow | null> {
  return repository.updateUser(db, userId, { emailVerifiedAt: now, updatedAt: now });
}
