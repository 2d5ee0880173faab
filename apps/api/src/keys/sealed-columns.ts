import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { userProfiles, users, type DbOrTx } from '@app/db';
import { profileSealContext } from '../modules/profile/profile-sealing';
import { closedIdentityContext } from '../modules/account/closed-identity';

/**
 * Every column that holds values sealed with the APP_KEY (lib/crypto's encryptSecret), with how a
 * row's value is bound to its row. A new sealed column is added here, so a key rotation re-seals it
 * and the start-up key check can sample it (decision 152).
 */
export interface SealedColumn {
  name: string;
  /** Up to `limit` sealed values with a row id above `after`, in id order. */
  page(db: DbOrTx, after: number, limit: number): Promise<Array<{ id: number; sealed: string }>>;
  /** The additional authenticated data the value was sealed with, if any. */
  context(id: number): string | undefined;
  /** Replaces the value only if it is still `from` (a concurrent change is never overwritten). */
  replace(db: DbOrTx, id: number, from: string, to: string): Promise<boolean>;
}

export const SEALED_COLUMNS: readonly SealedColumn[] = [
  {
    name: 'users.totp_secret_enc',
    page: (db, after, limit) =>
      db
        .select({ id: users.id, sealed: users.totpSecretEnc })
        .from(users)
        .where(and(gt(users.id, after), isNotNull(users.totpSecretEnc)))
        .orderBy(asc(users.id))
        .limit(limit) as Promise<Array<{ id: number; sealed: string }>>,
    context: () => undefined,
    replace: async (db, id, from, to) =>
      (
        await db
          .update(users)
          .set({ totpSecretEnc: to })
          .where(and(eq(users.id, id), eq(users.totpSecretEnc, from)))
          .returning({ id: users.id })
      ).length > 0,
  },
  {
    name: 'user_profiles.personal_enc',
    page: (db, after, limit) =>
      db
        .select({ id: userProfiles.userId, sealed: userProfiles.personalEnc })
        .from(userProfiles)
        .where(and(gt(userProfiles.userId, after), isNotNull(userProfiles.personalEnc)))
        .orderBy(asc(userProfiles.userId))
        .limit(limit) as Promise<Array<{ id: number; sealed: string }>>,
    context: profileSealContext,
    replace: async (db, id, from, to) =>
      (
        await db
          .update(userProfiles)
          .set({ personalEnc: to })
          .where(and(eq(userProfiles.userId, id), eq(userProfiles.personalEnc, from)))
          .returning({ id: userProfiles.userId })
      ).length > 0,
  },
  {
    name: 'users.closed_identity_enc',
    page: (db, after, limit) =>
      db
        .select({ id: users.id, sealed: users.closedIdentityEnc })
        .from(users)
        .where(and(gt(users.id, after), isNotNull(users.closedIdentityEnc)))
        .orderBy(asc(users.id))
        .limit(limit) as Promise<Array<{ id: number; sealed: string }>>,
    context: closedIdentityContext,
    replace: async (db, id, from, to) =>
      (
        await db
          .update(users)
          .set({ closedIdentityEnc: to })
          .where(and(eq(users.id, id), eq(users.closedIdentityEnc, from)))
          .returning({ id: users.id })
      ).length > 0,
  },
];
