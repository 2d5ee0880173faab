import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { twoFactorChallenges, type DbOrTx } from '@app/db';

export async function insertChallenge(
  db: DbOrTx,
  values: { id: string; userId: number; remember: boolean; kind: 'member' | 'admin'; expiresAt: Date },
): Promise<void> {
  await db.insert(twoFactorChallenges).values({ ...values, remember: values.remember ? 1 : 0 });
}

export async function findChallenge(db: DbOrTx, id: string) {
  const [row] = await db.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.id, id)).limit(1);
  return row ?? null;
}

/**
 * Takes one of the challenge's `max` tries before a code is compared, in one statement: the new count,
 * or null when the tries are spent or the challenge is closed or expired. PostgreSQL re-checks the
 * WHERE after waiting for the row lock, so of requests arriving together at most `max` get a count.
 */
export async function claimChallengeAttempt(
  db: DbOrTx,
  id: string,
  now: Date,
  max: number,
): Promise<number | null> {
  const [row] = await db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(
      and(
        eq(twoFactorChallenges.id, id),
        isNull(twoFactorChallenges.consumedAt),
        gt(twoFactorChallenges.expiresAt, now),
        lt(twoFactorChallenges.attempts, max),
      ),
    )
    .returning({ attempts: twoFactorChallenges.attempts });
  return row?.attempts ?? null;
}

/** Closes the challenge: true for the one request that closed a still-valid challenge. */
export async function consumeChallenge(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(twoFactorChallenges)
    .set({ consumedAt: now })
    .where(
      and(
        eq(twoFactorChallenges.id, id),
        isNull(twoFactorChallenges.consumedAt),
        gt(twoFactorChallenges.expiresAt, now),
      ),
    )
    .returning({ id: twoFactorChallenges.id });
  return rows.length > 0;
}

/** Ends every sign-in of the user still waiting for its second factor (through two_factor_challenges_user_idx). */
export async function endUserChallenges(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
}

/** The clean-up's delete of challenges that expired before `before`, through two_factor_challenges_expires_idx. */
export function challengesPrune(db: DbOrTx, before: Date) {
  return db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, before));
}

export async function deleteChallengesExpiredBefore(db: DbOrTx, before: Date): Promise<void> {
  await challengesPrune(db, before);
}
