import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  kycDocuments,
  kycVerifications,
  userProfiles,
  users,
  type DbOrTx,
  type KycDocumentRow,
} from '@app/db';

export async function findVerification(db: DbOrTx, userId: number, lock = false) {
  const query = db.select().from(kycVerifications).where(eq(kycVerifications.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Serialises one member's uploads and submissions (their user row, locked). */
export async function lockMember(db: DbOrTx, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export function documentsOf(db: DbOrTx, userId: number, state: KycDocumentRow['state']) {
  return db
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.userId, userId), eq(kycDocuments.state, state)))
    .orderBy(asc(kycDocuments.id));
}

export async function findDocument(db: DbOrTx, id: number, userId?: number) {
  const where =
    userId === undefined
      ? eq(kycDocuments.id, id)
      : and(eq(kycDocuments.id, id), eq(kycDocuments.userId, userId));
  const [row] = await db.select().from(kycDocuments).where(where);
  return row ?? null;
}

export async function setState(
  db: DbOrTx,
  userId: number,
  from: KycDocumentRow['state'][],
  to: KycDocumentRow['state'],
) {
  await db
    .update(kycDocuments)
    .set({ state: to })
    .where(and(eq(kycDocuments.userId, userId), inArray(kycDocuments.state, from)));
}

/**
 * Up to `limit` verifications of a status, oldest first, after the keyset `after` (submitted_at,
 * user_id): read in the order of kyc_verifications_queue_idx (decision 189).
 */
export function listVerifications(
  db: DbOrTx,
  status: 'submitted' | 'approved' | 'rejected',
  limit: number,
  after?: { submittedAt: Date; userId: number },
) {
  const { submittedAt, userId } = kycVerifications;
  return db
    .select({ verification: kycVerifications, username: users.username, email: users.email })
    .from(kycVerifications)
    .innerJoin(users, eq(users.id, userId))
    .where(
      and(
        eq(kycVerifications.status, status),
        after
          ? sql`(${submittedAt}, ${userId}) > (${after.submittedAt.toISOString()}::timestamptz, ${after.userId})`
          : undefined,
      ),
    )
    .orderBy(asc(submittedAt), asc(userId))
    .limit(limit);
}

/** The member's sealed profile row (opened by the profile module's sealing), shown beside the documents. */
export async function findProfile(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
  return row ?? null;
}
