import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { emailOtps, type DbOrTx } from '@app/db';

export async function latestOtp(db: DbOrTx, userId: number) {
  const [row] = await db
    .select()
    .from(emailOtps)
    .where(eq(emailOtps.userId, userId))
    .orderBy(desc(emailOtps.createdAt), desc(emailOtps.id))
    .limit(1);
  return row ?? null;
}

export async function findOtp(db: DbOrTx, id: number) {
  const [row] = await db.select().from(emailOtps).where(eq(emailOtps.id, id)).limit(1);
  return row ?? null;
}

/** Closes every open code of the user, then stores the new one: one live code at a time. */
export async function replaceOtp(
  db: DbOrTx,
  values: { userId: number; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .update(emailOtps)
    .set({ consumedAt: values.createdAt })
    .where(and(eq(emailOtps.userId, values.userId), isNull(emailOtps.consumedAt)));
  await db.insert(emailOtps).values(values);
}

/**
 * Takes one of the code's `max` tries before it is compared, in one statement: the new count, or null
 * when the tries are spent or the code is used. PostgreSQL re-checks the WHERE after waiting for the
 * row lock, so of requests arriving together at most `max` get a count.
 */
export async function claimAttempt(db: DbOrTx, id: number, max: number): Promise<number | null> {
  const [row] = await db
    .update(emailOtps)
    .set({ attempts: sql`${emailOtps.attempts} + 1` })
    .where(and(eq(emailOtps.id, id), isNull(emailOtps.consumedAt), lt(emailOtps.attempts, max)))
    .returning({ attempts: emailOtps.attempts });
  return row?.attempts ?? null;
}

/** Uses the code once: true for the one request that consumed it. */
export async function consumeOtp(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailOtps)
    .set({ consumedAt: now })
    .where(and(eq(emailOtps.id, id), isNull(emailOtps.consumedAt)))
    .returning({ id: emailOtps.id });
  return rows.length > 0;
}

/** The clean-up's delete of codes that expired before `before`, through email_otps_expires_idx. */
export function otpsPrune(db: DbOrTx, before: Date) {
  return db.delete(emailOtps).where(lt(emailOtps.expiresAt, before));
}

export async function deleteOtpsExpiredBefore(db: DbOrTx, before: Date): Promise<void> {
  await otpsPrune(db, before);
}
