import { asc, gt } from 'drizzle-orm';
import { kycDocuments, type DbOrTx } from '@app/db';
import { SealedDataUnreadableError } from '../../lib/crypto';
import { openBytes, sealBytes, type DocumentStore } from './document-store';

export interface ResealKeys {
  /** APP_KEY: the key every document ends under. */
  key: Buffer;
  /** APP_KEY_PREVIOUS: the key a document may still be under. */
  previous: Buffer;
}

export interface ResealOutcome {
  /** Documents re-sealed from the previous key to the new one by this pass. */
  resealed: number;
  /** Documents that already opened with the new key (re-sealed before, or stored since). */
  current: number;
  /** Documents whose blob the store does not hold (nothing to re-seal; the reviewer sees 404). */
  missing: number;
}

/** A document that opens with neither key: the pass stops there, and says which one. */
export class DocumentResealError extends Error {
  constructor(readonly documentId: number) {
    super(
      `kyc_documents row ${documentId}: its file opens with neither APP_KEY nor APP_KEY_PREVIOUS; the re-sealing stopped there.`,
    );
    this.name = 'DocumentResealError';
  }
}

function opensWith(key: Buffer, storageKey: string, sealed: Buffer): Buffer | null {
  try {
    return openBytes(key, storageKey, sealed);
  } catch (error) {
    if (error instanceof SealedDataUnreadableError) return null;
    throw error;
  }
}

/**
 * Re-seals every stored identity document under the new key (decision 190), whichever store holds
 * them: reads each blob, skips it if it already opens with the new key (so an interrupted pass simply
 * runs again), opens it with the previous key and overwrites it, sealed under the new one, in place.
 * Documents are walked by id in batches of `batch`; the deployment key's rotation runs it (all nodes
 * stopped, under the rotation's lock), and so does `npm run kyc:reseal`.
 */
export async function resealDocuments(
  db: DbOrTx,
  store: DocumentStore,
  keys: ResealKeys,
  options: { batch?: number; onBatch?: (outcome: ResealOutcome) => void } = {},
): Promise<ResealOutcome> {
  const outcome: ResealOutcome = { resealed: 0, current: 0, missing: 0 };
  const batch = options.batch ?? 100;
  for (let after = 0; ;) {
    const page = await db
      .select({ id: kycDocuments.id, storageKey: kycDocuments.storageKey })
      .from(kycDocuments)
      .where(gt(kycDocuments.id, after))
      .orderBy(asc(kycDocuments.id))
      .limit(batch);
    if (page.length === 0) return outcome;
    for (const { id, storageKey } of page) {
      const sealed = await store.get(db, storageKey);
      if (!sealed) {
        outcome.missing += 1;
        continue;
      }
      if (opensWith(keys.key, storageKey, sealed)) {
        outcome.current += 1;
        continue;
      }
      const plain = opensWith(keys.previous, storageKey, sealed);
      if (!plain) throw new DocumentResealError(id);
      await store.replace(db, storageKey, sealBytes(keys.key, storageKey, plain));
      outcome.resealed += 1;
    }
    after = page[page.length - 1]!.id;
    options.onBatch?.({ ...outcome });
  }
}
