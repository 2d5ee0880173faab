import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { emailChanges, users, type DbOrTx } from '@app/db';

export type EmailChangeRow = typeof emailChanges.$inferSelect;

/** The member's newest request (pending while it has no confirmedAt). */
export async function latestRequest(db: DbOrTx, userId: number): Promise<EmailChangeRow | null> {
  const [row] = await db
    .select()
    .from(emailChanges)
    .where(eq(emailChanges.userId, userId))
    .orderBy(desc(emailChanges.id))
    .limit(1);
  return row ?? null;
}

export async function findById(db: DbOrTx, id: number): Promise<EmailChangeRow | null> {
  const [row] = await db.select().from(emailChanges).where(eq(emailChanges.id, id));
  return row ?? null;
}

/** Pending (unconfirmed) requests stop working: deleted, as they changed nothing. */
export async function dropPending(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(emailChanges).where(and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt)));
}

export async function insertRequest(db: DbOrTx, row: typeof emailChanges.$inferInsert): Promise<void> {
  await db.insert(emailChanges).values(row);
}

/**
 * Claims one of the request's tries, in one statement: false once it is confirmed, expired or out of
 * tries. Tries sent at once each claim their own, so no more than `maxAttempts` are ever compared
 * (decision 154's pattern).
 */
export async function claimTry(db: DbOrTx, id: number, maxAttempts: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailChanges)
    .set({ attempts: sql`${emailChanges.attempts} + 1` })
    .where(
      and(
        eq(emailChanges.id, id),
        isNull(emailChanges.confirmedAt),
        lt(emailChanges.attempts, maxAttempts),
        gt(emailChanges.expiresAt, now),
      ),
    )
    .returning({ id: emailChanges.id });
  return rows.length === 1;
}

/** Marks a pending request confirmed; false when another request confirmed or replaced it first. */
export async function confirm(
  db: DbOrTx,
  id: number,
  patch: {
    confirmedAt: Date;
    undoTokenHash: string | null;
    undoExpiresAt: Date | null;
    oldEmailVerifiedAt: Date | null;
  },
): Promise<boolean> {
  const rows = await db
    .update(emailChanges)
    .set(patch)
    .where(and(eq(emailChanges.id, id), isNull(emailChanges.confirmedAt)))
    .returning({ id: emailChanges.id });
  return rows.length === 1;
}

/**
 * Marks an undo link used; false when it was used already, or ended meanwhile by an earlier change's
 * undo (single use, even under a race: the link is checked again here, under the member's lock).
 */
export async function markUndone(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailChanges)
    .set({ undoneAt: now })
    .where(
      and(
        eq(emailChanges.id, id),
        isNull(emailChanges.undoneAt),
        isNotNull(emailChanges.undoTokenHash),
        gt(emailChanges.undoExpiresAt, now),
      ),
    )
    .returning({ id: emailChanges.id });
  return rows.length === 1;
}

/**
 * Ends the undo links of the member's changes made after `id`: the oldest link, the one mailed to the
 * address the member had before, has the last word (a taker who changed the address twice holds the
 * second link).
 */
export async function endLaterUndoLinks(db: DbOrTx, userId: number, id: number): Promise<void> {
  await db
    .update(emailChanges)
    .set({ undoTokenHash: null, undoExpiresAt: null })
    .where(
      and(eq(emailChanges.userId, userId), gt(emailChanges.id, id), isNotNull(emailChanges.undoTokenHash)),
    );
}

/** Sets the new address when the account still has the old one; the new address counts as verified. */
export async function setEmail(db: DbOrTx, userId: number, from: string, to: string, now: Date) {
  const [row] = await db
    .update(users)
    .set({ email: to, emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.email, from)))
    .returning();
  return row ?? null;
}

/**
 * Puts the old address back, verified as it was before the change (`verifiedAt`, null: it never was);
 * never on a closed account.
 */
export async function restoreEmail(
  db: DbOrTx,
  userId: number,
  email: string,
  verifiedAt: Date | null,
  now: Date,
) {
  const [row] = await db
    .update(users)
    .set({ email, emailVerifiedAt: verifiedAt, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.closedAt)))
    .returning();
  return row ?? null;
}
