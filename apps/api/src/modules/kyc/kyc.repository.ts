import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
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

export function documentsOf(db: DbOrTx, userId: number, state: KycDocumentRow['state']) {
  return db
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.userId, userId), eq(kycDocuments.state, state)))
    .orderBy(asc(kycDocuments.id));
}

/** One of the member's own documents, whatever its state. */
export async function findOwnDocument(db: DbOrTx, id: number, userId: number) {
  const [row] = await db
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.id, id), eq(kycDocuments.userId, userId)));
  return row ?? null;
}

/**
 * A document the back office may open: one the member sent for review (submitted, or archived by a
 * later submission), never a draft the member has not sent, never a closed account's (decision 227).
 */
export async function findReviewableDocument(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ document: kycDocuments })
    .from(kycDocuments)
    .innerJoin(users, eq(users.id, kycDocuments.userId))
    .where(
      and(
        eq(kycDocuments.id, id),
        inArray(kycDocuments.state, ['submitted', 'archived']),
        ne(users.status, 'closed'),
      ),
    );
  return row?.document ?? null;
}

/** Every stored file of a member, for the erasure at the end of a closed account's retention. */
export function storageKeysOf(db: DbOrTx, userId: number) {
  return db
    .select({ id: kycDocuments.id, storageKey: kycDocuments.storageKey })
    .from(kycDocuments)
    .where(eq(kycDocuments.userId, userId))
    .orderBy(asc(kycDocuments.id));
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
