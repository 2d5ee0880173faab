import { eq, inArray } from 'drizzle-orm';
import { kycDocuments, kycVerifications, type DbOrTx } from '@app/db';
import type { DocumentStore } from './document-store';
import * as repository from './kyc.repository';

/**
 * A closing account's identity verification, in the closing's transaction (decision 227): the row
 * leaves every back-office list (an undecided submission is no longer asked for; each decision stays
 * in the audit log) and every file, draft or sent, is archived: kept sealed, opened by nobody through
 * the product, until the account's retention period ends.
 */
export async function closeVerification(tx: DbOrTx, userId: number): Promise<void> {
  await tx.delete(kycVerifications).where(eq(kycVerifications.userId, userId));
  await repository.setState(tx, userId, ['draft', 'submitted'], 'archived');
}

/**
 * A closed account's files at the end of its retention period: each removed from the document store,
 * then its row. Idempotent: a store's remove of a missing file succeeds, so a run cut off between the
 * two finishes the work on the next one.
 */
export async function eraseDocuments(tx: DbOrTx, store: DocumentStore, userId: number): Promise<number> {
  const documents = await repository.storageKeysOf(tx, userId);
  for (const document of documents) await store.remove(tx, document.storageKey);
  if (documents.length > 0)
    await tx.delete(kycDocuments).where(
      inArray(
        kycDocuments.id,
        documents.map((document) => document.id),
      ),
    );
  return documents.length;
}
