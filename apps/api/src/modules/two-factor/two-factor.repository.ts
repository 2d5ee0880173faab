import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { recoveryCodes, users, type DbOrTx, type UserRow } from '@app/db';

/**
 * The account's 2FA as stored now: the sealed secret (pending or enabled) and when it was enabled. The
 * signed-in request's user carries neither the secret nor a fresh state (`AuthUser`, decision 148).
 */
export async function findTotpState(
  db: DbOrTx,
  userId: number,
): Promise<{ sealed: string | null; enabledAt: Date | null } | null> {
  const [row] = await db
    .select({ sealed: users.totpSecretEnc, enabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/**
 * Accepts a TOTP step once (DESIGN §6): a single conditional UPDATE, so of two requests racing with
 * the same code exactly one gets the row back (PostgreSQL re-checks the WHERE after the row lock).
 * Only while `sealed`, the secret the code was checked against, is still the stored one: a code
 * checked just before support removed the factor (decision 231) does not sign anyone in after it.
 */
export async function claimTotpStep(
  db: DbOrTx,
  userId: number,
  step: number,
  sealed: string,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        eq(users.totpSecretEnc, sealed),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Stores a new, not yet enabled secret (sealed with the APP_KEY); the step history starts over.
 * False when 2FA is already on (the secret in use is never replaced here).
 */
export async function setPendingSecret(
  db: DbOrTx,
  userId: number,
  sealed: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpSecretEnc: sealed, totpEnabledAt: null, totpLastStep: null, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Turns 2FA on, only if it is still off and the secret is the one the code was checked against. */
export async function enableTotp(
  db: DbOrTx,
  userId: number,
  sealed: string,
  now: Date,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ totpEnabledAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt), eq(users.totpSecretEnc, sealed)))
    .returning();
  return row ?? null;
}

export async function disableTotp(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ totpSecretEnc: null, totpEnabledAt: null, totpLastStep: null, updatedAt: now })
    .where(eq(users.id, userId));
}

export async function replaceRecoveryCodes(
  db: DbOrTx,
  userId: number,
  hashes: string[],
  now: Date,
): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (hashes.length > 0) {
    await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
  }
}

export async function deleteRecoveryCodes(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** The member's unused recovery codes as stored (at most ten). */
export function unusedRecoveryCodes(db: DbOrTx, userId: number) {
  return db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
}

/** Marks one code used; false when another request used it first (single use, even under a race). */
export async function useRecoveryCode(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.id, id), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}
