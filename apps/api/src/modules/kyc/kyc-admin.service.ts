import { eq } from 'drizzle-orm';
import { kycVerifications, type AuthUser, type KycVerificationRow } from '@app/db';
import {
  KYC_MESSAGES,
  kycCursor,
  parseKycCursor,
  type AdminKycActionResponse,
  type AdminKycListQuery,
  type AdminKycDetailResponse,
  type AdminKycItem,
  type AdminKycListResponse,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { isoDate } from '../../lib/iso-date';
import { recordAudit } from '../audit/audit.service';
import { findUserById } from '../auth/account.service';
import { notify } from '../notifications/notifications.service';
import { toProfile } from '../profile/profile-sealing';
import * as repository from './kyc.repository';
import { statusOf, toDocument } from './kyc.service';

function toItem(
  row: KycVerificationRow,
  member: { username: string; email: string },
  now: Date,
): AdminKycItem {
  return {
    user_id: row.userId,
    username: member.username,
    email: member.email,
    status: statusOf(row, now),
    document_type: row.documentType,
    document_expires_on: row.documentExpiresOn,
    reason: row.reason,
    submitted_at: isoDate(row.submittedAt),
    decided_at: row.decidedAt ? isoDate(row.decidedAt) : null,
  };
}

/**
 * GET /api/admin/kyc: a page of the verifications of a status, oldest submission first, from the
 * keyset cursor of the page before (decision 189). One row more than the page is read to know
 * whether another page follows.
 */
export async function adminListKyc(deps: AppDeps, query: AdminKycListQuery): Promise<AdminKycListResponse> {
  const now = deps.clock.now();
  const after = query.cursor ? (parseKycCursor(query.cursor) ?? undefined) : undefined;
  const rows = await repository.listVerifications(deps.database.db, query.status, query.per_page + 1, after);
  const data = rows.slice(0, query.per_page).map((row) => toItem(row.verification, row, now));
  const last = data.at(-1);
  return { data, next_cursor: rows.length > query.per_page && last ? kycCursor(last) : null };
}

/** One verification: its submitted documents and the member's profile beside them. */
export async function adminKycDetail(deps: AppDeps, userId: number): Promise<AdminKycDetailResponse> {
  const { db } = deps.database;
  const row = await repository.findVerification(db, userId);
  const member = row ? await findUserById(db, userId) : null;
  if (!row || !member) throw AppError.notFound(KYC_MESSAGES.verificationNotFound);
  const documents = await repository.documentsOf(db, userId, 'submitted');
  const profile = toProfile(deps.appKey, userId, await repository.findProfile(db, userId));
  return {
    item: toItem(row, member, deps.clock.now()),
    documents: documents.map(toDocument),
    profile: { ...profile },
  };
}

/** Approves or rejects a submitted verification, audited, in one transaction (409 once decided). */
export async function adminDecideKyc(
  deps: AppDeps,
  admin: AuthUser,
  userId: number,
  ip: string,
  outcome: { status: 'approved' } | { status: 'rejected'; reason: string },
): Promise<AdminKycActionResponse> {
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const row = await repository.findVerification(tx, userId, true);
    const member = row ? await findUserById(tx, userId) : null;
    if (!row || !member) throw AppError.notFound(KYC_MESSAGES.verificationNotFound);
    if (row.status !== 'submitted') throw new AppError('CONFLICT', KYC_MESSAGES.notSubmitted);
    const reason = outcome.status === 'rejected' ? outcome.reason : null;
    const [updated] = await tx
      .update(kycVerifications)
      .set({ status: outcome.status, reason, decidedAt: now, decidedBy: admin.id })
      .where(eq(kycVerifications.userId, userId))
      .returning();
    await recordAudit(tx, {
      actorId: admin.id,
      actorRole: admin.adminRole ?? null,
      action: outcome.status === 'approved' ? 'kyc.approved' : 'kyc.rejected',
      subjectType: 'kyc_verification',
      subjectId: String(userId),
      before: { status: row.status },
      after: { status: outcome.status, document_type: row.documentType },
      reason,
      ip,
      createdAt: now,
    });
    // The member hears of it in the bell and by mail, always: an account notice (decision 189).
    // One notice per decision of one submission (a member may be rejected, submit again, ...).
    const reference = `kyc:${userId}:${row.submittedAt.getTime()}:${outcome.status}`;
    await notify(
      tx,
      deps,
      outcome.status === 'approved'
        ? {
            user: member,
            kind: 'security_kyc_approved',
            message: { key: 'kyc_approved', params: {} },
            reference,
            mail: true,
          }
        : {
            user: member,
            kind: 'security_kyc_rejected',
            message: { key: 'kyc_rejected', params: { reason: outcome.reason } },
            reference,
            mail: true,
          },
      now,
    );
    const message = outcome.status === 'approved' ? KYC_MESSAGES.approved : KYC_MESSAGES.rejected;
    return { message, item: toItem(updated as KycVerificationRow, member, now) };
  });
}
