import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  kycDocuments,
  kycVerifications,
  type AuthUser,
  type DbOrTx,
  type KycDocumentRow,
  type KycVerificationRow,
} from '@app/db';
import {
  KYC_MESSAGES,
  PROFILE_MESSAGES,
  kycTypeHasBack,
  type KycDocument,
  type KycMime,
  type KycSide,
  type KycState,
  type KycStatus,
  type KycSubmitRequest,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { describeError } from '../../lib/error-line';
import { isoDate } from '../../lib/iso-date';
import { holdOpenAccount } from '../auth/account.service';
import { recordAudit } from '../audit/audit.service';
import { getSettings } from '../settings/settings.service';
import { documentStoreFor, newStorageKey, openBytes, sealBytes, type DocumentStore } from './document-store';
import { checkUpload } from './file-check';
import { closeVerification } from './kyc-closing';
import * as repository from './kyc.repository';

/** The member's status: none is not started; an approved one past its document's expiry is expired. */
export function statusOf(row: KycVerificationRow | null, now: Date): KycStatus {
  if (!row) return 'not_started';
  if (row.status === 'approved' && row.documentExpiresOn !== null && row.documentExpiresOn < isoDay(now))
    return 'expired';
  return row.status;
}

const isoDay = (now: Date) => now.toISOString().slice(0, 10);

export function toDocument(row: KycDocumentRow): KycDocument {
  return {
    id: row.id,
    side: row.side,
    mime: row.mime as KycMime,
    size: row.size,
    created_at: isoDate(row.createdAt),
  };
}

export async function kycState(deps: AppDeps, db: DbOrTx, userId: number): Promise<KycState> {
  const row = await repository.findVerification(db, userId);
  const drafts = await repository.documentsOf(db, userId, 'draft');
  const settings = await getSettings(db);
  return {
    status: statusOf(row, deps.clock.now()),
    document_type: row?.documentType ?? null,
    document_expires_on: row?.documentExpiresOn ?? null,
    reason: row?.status === 'rejected' ? row.reason : null,
    submitted_at: row ? isoDate(row.submittedAt) : null,
    decided_at: row?.decidedAt ? isoDate(row.decidedAt) : null,
    drafts: drafts.map(toDocument),
    withdrawal_limit: { threshold: settings.kyc_withdrawal_threshold },
  };
}

/**
 * The member's name or address is changing (decision 180, amended 2026-12-03): refused while a
 * submission is under review (the reviewer checks the documents against these details); an approved
 * verification is withdrawn, its files archived, so the member verifies again with the new details.
 * Answers whether one was withdrawn.
 */
export async function identityChanging(
  deps: AppDeps,
  tx: DbOrTx,
  userId: number,
  fields: readonly string[],
): Promise<boolean> {
  const status = statusOf(await repository.findVerification(tx, userId, true), deps.clock.now());
  if (status === 'submitted') {
    const message = PROFILE_MESSAGES.identityUnderReview;
    throw new AppError(
      'BUSINESS_RULE',
      message,
      Object.fromEntries(fields.map((field) => [field, [message]])),
    );
  }
  if (status !== 'approved') return false;
  await closeVerification(tx, userId);
  // The back office sees why the approval went: the member's change, naming the fields (not values).
  await recordAudit(tx, {
    actorId: userId,
    action: 'kyc.withdrawn',
    subjectType: 'kyc_verification',
    subjectId: String(userId),
    before: { status },
    after: { fields: [...fields] },
    createdAt: deps.clock.now(),
  });
  return true;
}

/** Uploads and submissions are open while nothing is under review or valid. */
function requireOpen(row: KycVerificationRow | null, now: Date): void {
  const status = statusOf(row, now);
  if (status === 'submitted') throw new AppError('CONFLICT', KYC_MESSAGES.alreadySubmitted);
  if (status === 'approved') throw new AppError('CONFLICT', KYC_MESSAGES.alreadyApproved);
}

/**
 * Checks, seals and stores one file as the member's draft of that side (replacing an earlier one). The
 * database's store writes in the transaction; a directory or a bucket does not roll back, so there
 * the replaced draft's file goes only after the commit (a failed commit restores its row, which must
 * still open), and a new file whose row was not committed is removed.
 */
export async function uploadDocument(
  deps: AppDeps,
  user: AuthUser,
  side: KycSide,
  body: unknown,
  log?: FastifyBaseLogger,
) {
  const raw = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
  const file = checkUpload(raw);
  const now = deps.clock.now();
  const store = documentStoreFor(deps.config);
  const storageKey = newStorageKey();
  let replaced: KycDocumentRow[] = [];
  let stored = false;
  let document: KycDocumentRow;
  try {
    document = await deps.database.db.transaction(async (tx) => {
      await holdOpenAccount(tx, user.id);
      requireOpen(await repository.findVerification(tx, user.id), now);
      replaced = (await repository.documentsOf(tx, user.id, 'draft')).filter((old) => old.side === side);
      for (const old of replaced) await tx.delete(kycDocuments).where(eq(kycDocuments.id, old.id));
      await store.put(tx, storageKey, sealBytes(deps.appKey, storageKey, file.bytes), now);
      stored = true;
      const [row] = await tx
        .insert(kycDocuments)
        .values({
          userId: user.id,
          side,
          state: 'draft',
          mime: file.mime,
          size: file.bytes.length,
          storageKey,
          createdAt: now,
        })
        .returning();
      if (store.transactional) for (const old of replaced) await store.remove(tx, old.storageKey);
      return row as KycDocumentRow;
    });
  } catch (error) {
    if (stored && !store.transactional) await removeReplaced(deps, store, [{ storageKey }], log);
    throw error;
  }
  if (!store.transactional) await removeReplaced(deps, store, replaced, log);
  return { message: KYC_MESSAGES.uploaded, document: toDocument(document) };
}

/**
 * Files no row points at (a replaced draft's after its row's deletion was committed; a new one whose
 * row was not): each removed, and one that stays is logged with its key.
 */
async function removeReplaced(
  deps: AppDeps,
  store: DocumentStore,
  replaced: Array<Pick<KycDocumentRow, 'storageKey'>>,
  log: FastifyBaseLogger | undefined,
) {
  for (const old of replaced) {
    try {
      await store.remove(deps.database.db, old.storageKey);
    } catch (error) {
      log?.warn(
        { error: describeError(error), storage_key: old.storageKey },
        'kyc: a document file no row points at could not be removed; remove it by hand',
      );
    }
  }
}

/** Sends the drafts for review: the front, the back where the type has one, and a proof of address. */
export async function submitVerification(deps: AppDeps, user: AuthUser, input: KycSubmitRequest) {
  const now = deps.clock.now();
  const expires = input.document_expires_on ?? null;
  if (expires !== null && (Number.isNaN(Date.parse(expires)) || expires <= isoDay(now)))
    throw AppError.validation('document_expires_on', KYC_MESSAGES.expiryInvalid);
  await deps.database.db.transaction(async (tx) => {
    await holdOpenAccount(tx, user.id);
    requireOpen(await repository.findVerification(tx, user.id), now);
    const sides = new Set((await repository.documentsOf(tx, user.id, 'draft')).map((row) => row.side));
    const missing: Record<string, string[]> = {};
    if (!sides.has('identity_front')) missing.identity_front = [KYC_MESSAGES.frontMissing];
    if (kycTypeHasBack(input.document_type) && !sides.has('identity_back'))
      missing.identity_back = [KYC_MESSAGES.backMissing];
    if (!sides.has('proof_of_address')) missing.proof_of_address = [KYC_MESSAGES.addressMissing];
    const first = Object.values(missing)[0];
    if (first) throw new AppError('VALIDATION_FAILED', first[0] as string, missing);
    await repository.setState(tx, user.id, ['submitted'], 'archived');
    await repository.setState(tx, user.id, ['draft'], 'submitted');
    const values = {
      status: 'submitted' as const,
      documentType: input.document_type,
      documentExpiresOn: expires,
      reason: null,
      submittedAt: now,
      decidedAt: null,
      decidedBy: null,
    };
    await tx
      .insert(kycVerifications)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: kycVerifications.userId, set: values });
  });
  return { message: KYC_MESSAGES.submitted, kyc: await kycState(deps, deps.database.db, user.id) };
}

/**
 * A stored document's bytes, opened: the member's own, or (`userId` undefined) one the back office may
 * review (`findReviewableDocument`).
 */
export async function readDocument(deps: AppDeps, id: number, userId?: number) {
  const { db } = deps.database;
  const row =
    userId === undefined
      ? await repository.findReviewableDocument(db, id)
      : await repository.findOwnDocument(db, id, userId);
  if (!row) throw AppError.notFound(KYC_MESSAGES.notFound);
  const store = documentStoreFor(deps.config);
  const sealed = await store.get(db, row.storageKey);
  if (!sealed) throw AppError.notFound(KYC_MESSAGES.notFound);
  return {
    mime: row.mime,
    bytes: openBytes(deps.appKey, row.storageKey, sealed),
    userId: row.userId,
    side: row.side,
  };
}

/**
 * The operator's limit (decisions 181, 242): with `kyc_withdrawal_threshold` set (0: every
 * withdrawal), a withdrawal whose amount, with the member's `earlier` withdrawals that count (under
 * review, or paid in the last day), is above it needs an approved, unexpired verification. `earlier`
 * is read only when the amount alone is not above it. The answer: null when the withdrawal may go,
 * else whether the amount alone is above the limit or only with the earlier ones.
 */
export async function verificationMissingFor(
  db: DbOrTx,
  userId: number,
  withdrawal: { amount: number; earlier: () => Promise<number>; now: Date },
): Promise<'alone' | 'counted' | null> {
  const threshold = (await getSettings(db)).kyc_withdrawal_threshold;
  if (threshold === null) return null;
  const limit = threshold * 100;
  const alone = withdrawal.amount > limit;
  if (!alone && withdrawal.amount + (await withdrawal.earlier()) <= limit) return null;
  const status = statusOf(await repository.findVerification(db, userId), withdrawal.now);
  if (status === 'approved') return null;
  return alone ? 'alone' : 'counted';
}

/** A member's withdrawal request: refused with 422 on the amount, before anything is held. */
export async function requireKycForWithdrawal(
  deps: AppDeps,
  db: DbOrTx,
  userId: number,
  withdrawal: { amount: number; earlier: () => Promise<number> },
): Promise<void> {
  const missing = await verificationMissingFor(db, userId, { ...withdrawal, now: deps.clock.now() });
  if (missing === null) return;
  const message =
    missing === 'alone' ? KYC_MESSAGES.verificationRequired : KYC_MESSAGES.verificationRequiredCounted;
  throw new AppError('BUSINESS_RULE', message, { amount: [message] });
}
