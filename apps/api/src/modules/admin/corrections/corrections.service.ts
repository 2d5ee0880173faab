import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { balanceCorrections, users, type AuthUser, type DbOrTx, type Tx } from '@app/db';
import {
  CORRECTION_MESSAGES as M,
  centsToMajor,
  type AdminCorrection,
  type CorrectionListQuery,
  type CorrectionProposeRequest,
} from '@app/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../../deps';
import { AppError } from '../../../errors';
import { InsufficientFundsError, postEntry, transfer } from '../../../ledger/ledger';
import { isoDate } from '../../../lib/iso-date';
import { pageMeta } from '../../../lib/paging';
import { recordAudit } from '../../audit/audit.service';
import { findUserById, lockUserById } from '../../auth/account.service';
import { notify } from '../../notifications/notifications.service';

/**
 * Balance corrections (issue 37 item 2, decision 182): a finance admin proposes a credit or a debit of
 * a member's cash; a different finance admin or a superadmin approves it (four eyes, whatever the
 * amount), and it posts then, in the approval's transaction, as one ledger entry of kind `adjustment`
 * between the member's cash and the platform's `adjustments` account, its reference `correction:<id>`
 * (idempotent). A debit that would overdraw is refused (422) and nothing moves. A pending correction
 * can be rejected by another admin or withdrawn by its proposer. Every step is audited.
 */

type Row = typeof balanceCorrections.$inferSelect;
type Proposal = z.output<typeof CorrectionProposeRequest>;
type ListQuery = z.output<typeof CorrectionListQuery>;

const SUBJECT = 'balance_correction';
const PAGE_SIZE = 20;

function toView(row: Row, memberEmail: string, proposerEmail: string | null): AdminCorrection {
  return {
    id: row.id,
    user_id: row.userId,
    member_email: memberEmail,
    proposed_by_email: proposerEmail,
    direction: row.direction,
    amount: centsToMajor(row.amount),
    member_reason: row.memberReason,
    note: row.note,
    reference: row.reference,
    status: row.status,
    proposed_by: row.proposedBy,
    decided_by: row.decidedBy,
    decided_at: row.decidedAt ? isoDate(row.decidedAt) : null,
    decision_reason: row.decisionReason,
    entry_id: row.entryId,
    created_at: isoDate(row.createdAt),
  };
}

/** What the audit log keeps of a correction: the figures, and the words the member reads. */
function auditState(row: Row): Record<string, unknown> {
  return {
    status: row.status,
    direction: row.direction,
    amount: centsToMajor(row.amount),
    user_id: row.userId,
    reference: row.reference,
    member_reason: row.memberReason,
  };
}

/** A correction with its member's and proposer's addresses (two primary-key reads). */
async function view(db: DbOrTx, row: Row): Promise<AdminCorrection> {
  const member = await findUserById(db, row.userId);
  const proposer = row.proposedBy === null ? undefined : await findUserById(db, row.proposedBy);
  return toView(row, member?.email ?? '', proposer?.email ?? null);
}

/**
 * A closed account can take a debit (money credited to it late, paid back to the former member some
 * other way) but no credit: no one can sign in to withdraw it (decision 182).
 */
function refuseCreditToClosed(member: { status: string } | null, direction: string): void {
  if (member?.status === 'closed' && direction === 'credit') throw new AppError('CONFLICT', M.closedAccount);
}

/** POST /api/admin/corrections: records a pending proposal (nothing moves yet). */
export async function proposeCorrection(
  deps: AppDeps,
  admin: AuthUser,
  input: Proposal,
  ip: string,
): Promise<{ message: string; correction: AdminCorrection }> {
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const member = await findUserById(tx, input.user_id);
    if (!member || member.role !== 'member') throw new AppError('NOT_FOUND', M.memberNotFound);
    refuseCreditToClosed(member, input.direction);
    const [row] = await tx
      .insert(balanceCorrections)
      .values({
        userId: member.id,
        direction: input.direction,
        amount: input.amount,
        memberReason: input.member_reason,
        note: input.note,
        reference: input.reference,
        status: 'pending',
        proposedBy: admin.id,
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, {
      actorId: admin.id,
      actorRole: admin.adminRole,
      action: 'correction.proposed',
      subjectType: SUBJECT,
      subjectId: String(row!.id),
      before: null,
      after: auditState(row!),
      reason: input.note,
      ip,
      createdAt: now,
    });
    return { message: M.proposed, correction: toView(row!, member.email, admin.email) };
  });
}

async function lockPending(tx: Tx, id: number): Promise<Row> {
  const [row] = await tx.select().from(balanceCorrections).where(eq(balanceCorrections.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  if (row.status !== 'pending') throw new AppError('CONFLICT', M.notPending);
  return row;
}

async function posted(tx: Tx, row: Row, admin: AuthUser, now: Date): Promise<number> {
  const signed = row.direction === 'credit' ? row.amount : -row.amount;
  const cash = { userId: row.userId, kind: 'cash' as const };
  const platform = { platform: 'adjustments' as const };
  try {
    const result = await postEntry(
      tx,
      {
        kind: 'adjustment',
        reference: `correction:${row.id}`,
        userId: row.userId,
        metadata: { correction_id: row.id, member_reason: row.memberReason, approved_by: admin.id },
        postings: signed > 0 ? transfer(platform, cash, row.amount) : transfer(cash, platform, row.amount),
      },
      now,
    );
    return result.entryId;
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw new AppError('INSUFFICIENT_FUNDS', M.wouldOverdraw);
    throw error;
  }
}

/** POST /api/admin/corrections/:id/approve: a different admin posts it (see the module comment). */
export async function approveCorrection(
  deps: AppDeps,
  admin: AuthUser,
  id: number,
  ip: string,
): Promise<{ message: string; correction: AdminCorrection }> {
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const row = await lockPending(tx, id);
    if (row.proposedBy === admin.id) throw new AppError('FORBIDDEN', M.ownCorrection);
    // The member may have closed since the proposal (closing waits on the member's row lock).
    refuseCreditToClosed(await lockUserById(tx, row.userId), row.direction);
    const entryId = await posted(tx, row, admin, now);
    const [updated] = await tx
      .update(balanceCorrections)
      .set({ status: 'approved', decidedBy: admin.id, decidedAt: now, entryId })
      .where(eq(balanceCorrections.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: admin.id,
      actorRole: admin.adminRole,
      action: 'correction.approved',
      subjectType: SUBJECT,
      subjectId: String(id),
      before: auditState(row),
      after: { ...auditState(updated!), entry_id: entryId },
      reason: null,
      ip,
      createdAt: now,
    });
    const member = await findUserById(tx, row.userId);
    if (member) {
      const signed = row.direction === 'credit' ? row.amount : -row.amount;
      await notify(
        tx,
        deps,
        {
          user: member,
          kind: 'balance_corrected',
          message: { key: 'balance_corrected', params: { amount: signed, reason: row.memberReason } },
          reference: `correction:${row.id}`,
          mail: true,
        },
        now,
      );
    }
    return { message: M.approved, correction: await view(tx, updated!) };
  });
}

/**
 * POST /api/admin/corrections/:id/reject (another admin) and /withdraw (its proposer): closed with
 * the reason, nothing moves.
 */
export async function closeCorrection(
  deps: AppDeps,
  admin: AuthUser,
  id: number,
  outcome: 'rejected' | 'withdrawn',
  reason: string,
  ip: string,
): Promise<{ message: string; correction: AdminCorrection }> {
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const row = await lockPending(tx, id);
    const own = row.proposedBy === admin.id;
    if (outcome === 'rejected' && own) throw new AppError('FORBIDDEN', M.ownCorrection);
    if (outcome === 'withdrawn' && !own) throw new AppError('FORBIDDEN', M.notProposer);
    const [updated] = await tx
      .update(balanceCorrections)
      .set({ status: outcome, decidedBy: admin.id, decidedAt: now, decisionReason: reason })
      .where(eq(balanceCorrections.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: admin.id,
      actorRole: admin.adminRole,
      action: `correction.${outcome}`,
      subjectType: SUBJECT,
      subjectId: String(id),
      before: auditState(row),
      after: auditState(updated!),
      reason,
      ip,
      createdAt: now,
    });
    return {
      message: outcome === 'rejected' ? M.rejected : M.withdrawn,
      correction: await view(tx, updated!),
    };
  });
}

/** GET /api/admin/corrections: newest first, by status and member. */
export async function listCorrections(deps: AppDeps, query: ListQuery) {
  const db = deps.database.db;
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(balanceCorrections.status, query.status));
  if (query.user_id) conditions.push(eq(balanceCorrections.userId, query.user_id));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const perPage = query.per_page ?? PAGE_SIZE;
  const proposer = alias(users, 'proposer');
  const rows = await db
    .select({ row: balanceCorrections, email: users.email, proposerEmail: proposer.email })
    .from(balanceCorrections)
    .innerJoin(users, eq(users.id, balanceCorrections.userId))
    .leftJoin(proposer, eq(proposer.id, balanceCorrections.proposedBy))
    .where(where)
    .orderBy(desc(balanceCorrections.createdAt), desc(balanceCorrections.id))
    .limit(perPage)
    .offset((query.page - 1) * perPage);
  const [total] = await db.select({ n: count() }).from(balanceCorrections).where(where);
  return {
    data: rows.map(({ row, email, proposerEmail }) => toView(row, email, proposerEmail)),
    meta: pageMeta(query.page, perPage, total?.n ?? 0),
  };
}
