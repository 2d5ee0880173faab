import type { AuthUser, DbOrTx, Tx } from '@app/db';
import { QUEUE_MESSAGES, centsToMajor, rejectionText, type AdminQueue } from '@app/shared';
import type { AppDeps } from '../../../deps';
import { AppError } from '../../../errors';
import { lastDecision, recordAudit } from '../../audit/audit.service';
import { findUserById } from '../../auth/account.service';
import { notify, type NotifyInput } from '../../notifications/notifications.service';
import { fourEyesThresholdDollars } from '../../settings/four-eyes';

/**
 * The back office's one decision flow (decision 166), the same for every queue: claim the item (its
 * row locked, only a pending one moves, else 409 naming who decided), four eyes where the queue has
 * them, decide through the money module's own operation, audit (before/after), notify the member, and
 * answer the item as the queue shows it; all in one transaction. The second factor of the last ten
 * minutes ("reauth") is asked by the approve route (`preHandler: app.requireReauth`).
 *
 * A queue is a QueueDefinition: how to lock an item, what approving and rejecting do (the money
 * module's service), what the audit entry and the member's notification say, and how the item reads.
 */

/** What a queue item has in common: an id, its member and a status (`pending` until decided). */
export interface QueueItem {
  id: number;
  userId: number;
  status: string;
}

/**
 * What an approval rests on, where the queue asks for it: the outside record the admin matched (a bank
 * transfer's statement line: its reference and the cents it shows; decision 237).
 */
export interface ApprovalEvidence {
  reference: string;
  amount: number;
}

/** A decision as an admin asks it: approve, or reject with a reason (a code of the list and text). */
export type QueueOutcome =
  | { status: 'approved'; evidence?: ApprovalEvidence }
  | { status: 'rejected'; reason: string; reasonCode: string | null };

type Approval = Extract<QueueOutcome, { status: 'approved' }>;

/** The member as a queue item shows them. */
export interface QueueMember {
  id: number;
  username: string;
  email: string;
}

/** What a decision changed: the item after it, and whatever else the queue's texts need. */
export interface Decided<Row> {
  row: Row;
}

export interface QueueDefinition<Row extends QueueItem, D extends Decided<Row>, View> {
  /** The queue's name (its reject reasons' list, its running totals). */
  queue: AdminQueue;
  /** The audit entries' subject_type (deposit, withdrawal, loan_application). */
  subjectType: string;
  /**
   * Audit actions: approving, rejecting, (four eyes) a first approval, and the member's own cancel
   * (decision 174), so the 409 of an admin who comes second names the member.
   */
  actions: { approved: string; rejected: string; firstApproval?: string; cancelled?: string };
  messages: { notFound: string; notPending: string; approved: string; rejected: string };
  /** The item, locked (FOR UPDATE) in the decision's transaction. */
  lock(tx: Tx, id: number): Promise<Row | null>;
  /** A queue's own refusal before the pending check (e.g. a gateway deposit). */
  refuse?(row: Row): AppError | null;
  /** The item's amount in cents (four-eyes threshold, audit). */
  amount(row: Row): number;
  /**
   * A queue's own checks before an approval (first or paying), the item locked: its evidence, or
   * whether the member may still be paid (4xx, field errors where a field is wrong).
   */
  checkApproval?(tx: Tx, deps: AppDeps, row: Row, approval: Approval, now: Date): Promise<void>;
  approve(tx: Tx, deps: AppDeps, row: Row, admin: AuthUser, now: Date, approval: Approval): Promise<D>;
  reject(tx: Tx, deps: AppDeps, row: Row, reason: string, admin: AuthUser, now: Date): Promise<D>;
  /** The item's state in the audit entry's before and after. */
  auditState(row: Row): Record<string, unknown>;
  /** More facts for the decision's audit `after` (e.g. the loan it created). */
  auditExtra?(decided: D): Record<string, unknown>;
  /**
   * The member's notification of the decision; none when the money module tells the member itself
   * (a deposit's crediting path notifies whoever credited it: the gateway or an admin).
   */
  notification?(decided: D, outcome: QueueOutcome): Omit<NotifyInput, 'user'> | null;
  /**
   * Four eyes: above the threshold a first approval is recorded and a different admin's pays. What
   * counts is the item's amount with what the member was paid recently (`paidBefore`, decision 228).
   */
  fourEyes?: {
    firstApprovedBy(row: Row): number | null;
    /** Cents the member was paid in the window before `now`, read so that two decisions take turns. */
    paidBefore(tx: Tx, row: Row, now: Date): Promise<number>;
    recordFirstApproval(tx: Tx, row: Row, admin: AuthUser, now: Date, approval: Approval): Promise<Row>;
    firstApprovalRecorded: string;
    /**
     * Whether an approval agrees with the recorded first one (the same evidence). One that does not is
     * recorded as the first in its place, and a different admin must agree with it (decision 237).
     */
    agrees?(row: Row, approval: Approval): boolean;
    firstApprovalReplaced?: string;
    /** The first approval's audit name for `paidBefore` (withdrawals: paid_last_day). */
    windowAuditKey: string;
  };
  /** The item as the queue's answer shows it (`decided`: null after a first approval). */
  view(db: DbOrTx, row: Row, member: QueueMember, now: Date, decided: D | null): Promise<View>;
}

/** The message of the decision and the item as the queue shows it afterwards. */
export interface DecisionResult<View> {
  message: string;
  item: View;
}

/** A reject request's reason as stored and shown: the list's label, a dash and the admin's text. */
export function rejection(
  queue: AdminQueue,
  input: { reason: string; reason_code?: string | undefined },
): QueueOutcome {
  return {
    status: 'rejected',
    reason: rejectionText(queue, input.reason_code, input.reason),
    reasonCode: input.reason_code ?? null,
  };
}

/** Decides one item of a queue (see the module comment). */
export async function decideQueueItem<Row extends QueueItem, D extends Decided<Row>, View>(
  deps: AppDeps,
  definition: QueueDefinition<Row, D, View>,
  admin: AuthUser,
  id: number,
  ip: string,
  outcome: QueueOutcome,
): Promise<DecisionResult<View>> {
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const row = await claim(tx, definition, id);
    if (outcome.status === 'approved') {
      await definition.checkApproval?.(tx, deps, row, outcome, now);
      const first = await firstApproval(tx, definition, row, admin, outcome, { ip, now });
      if (first) return first;
    }
    const decided =
      outcome.status === 'approved'
        ? await definition.approve(tx, deps, row, admin, now, outcome)
        : await definition.reject(tx, deps, row, outcome.reason, admin, now);
    const rejected = outcome.status === 'rejected' ? outcome : null;
    await recordAudit(tx, {
      actorId: admin.id,
      actorRole: admin.adminRole,
      action: definition.actions[outcome.status],
      subjectType: definition.subjectType,
      subjectId: String(row.id),
      before: definition.auditState(row),
      after: {
        ...definition.auditState(decided.row),
        ...definition.auditExtra?.(decided),
        amount: centsToMajor(definition.amount(row)),
        ...(rejected ? { reason_code: rejected.reasonCode } : {}),
      },
      reason: rejected ? rejected.reason : null,
      ip,
      createdAt: now,
    });
    const member = await findUserById(tx, row.userId);
    const notice = definition.notification?.(decided, outcome);
    if (member && notice) await notify(tx, deps, { user: member, ...notice }, now);
    return {
      message: outcome.status === 'approved' ? definition.messages.approved : definition.messages.rejected,
      item: await definition.view(tx, decided.row, memberOf(row, member), now, decided),
    };
  });
}

/** The item locked; a missing one is a 404, a decided one a 409 that names who decided. */
async function claim<Row extends QueueItem, D extends Decided<Row>, View>(
  tx: Tx,
  definition: QueueDefinition<Row, D, View>,
  id: number,
): Promise<Row> {
  const row = await definition.lock(tx, id);
  if (!row) throw AppError.notFound(definition.messages.notFound);
  const refused = definition.refuse?.(row);
  if (refused) throw refused;
  if (row.status !== 'pending') {
    throw await alreadyDecided(
      tx,
      definition.subjectType,
      row.id,
      decisionActions(definition.actions),
      definition.messages.notPending,
      row.status,
    );
  }
  return row;
}

/**
 * Four eyes: above the threshold (the item with what the member was paid in the window before it)
 * the same admin may not approve twice, and the first approval is only recorded (and audited); null
 * when this approval pays. An approval that disagrees with the recorded first one (other evidence)
 * takes its place as the first, whoever gives it.
 */
async function firstApproval<Row extends QueueItem, D extends Decided<Row>, View>(
  tx: Tx,
  definition: QueueDefinition<Row, D, View>,
  row: Row,
  admin: AuthUser,
  approval: Approval,
  at: { ip: string; now: Date },
): Promise<DecisionResult<View> | null> {
  const { ip, now } = at;
  const fourEyes = definition.fourEyes;
  if (!fourEyes) return null;
  // A recorded first approval stands, whatever the day's sum is now: a different admin pays.
  const first = fourEyes.firstApprovedBy(row);
  const replaces = first !== null && !(fourEyes.agrees?.(row, approval) ?? true);
  if (first === admin.id && !replaces) throw new AppError('BUSINESS_RULE', QUEUE_MESSAGES.sameAdmin);
  if (first !== null && !replaces) return null;
  const threshold = (await fourEyesThresholdDollars(tx)) * 100;
  const paidBefore = await fourEyes.paidBefore(tx, row, now);
  if (!replaces && definition.amount(row) + paidBefore <= threshold) return null;
  const updated = await fourEyes.recordFirstApproval(tx, row, admin, now, approval);
  await recordAudit(tx, {
    actorId: admin.id,
    actorRole: admin.adminRole,
    action: definition.actions.firstApproval ?? `${definition.subjectType}.first_approval`,
    subjectType: definition.subjectType,
    subjectId: String(row.id),
    before: definition.auditState(row),
    after: {
      ...definition.auditState(updated),
      threshold: centsToMajor(threshold),
      [fourEyes.windowAuditKey]: centsToMajor(paidBefore),
    },
    ip,
    createdAt: now,
  });
  const member = await findUserById(tx, row.userId);
  return {
    message: replaces
      ? (fourEyes.firstApprovalReplaced ?? fourEyes.firstApprovalRecorded)
      : fourEyes.firstApprovalRecorded,
    item: await definition.view(tx, updated, memberOf(row, member), now, null),
  };
}

/** The audit actions that end an item: an admin's decision or the member's cancel. */
export function decisionActions(actions: { approved: string; rejected: string; cancelled?: string }) {
  return [actions.approved, actions.rejected, ...(actions.cancelled ? [actions.cancelled] : [])];
}

function memberOf(
  row: QueueItem,
  member: { id: number; username: string; email: string } | null | undefined,
): QueueMember {
  return { id: row.userId, username: member?.username ?? '', email: member?.email ?? '' };
}

/**
 * The 409 of a decision on an item that is no longer pending: the message names who decided, so the
 * operator who lost the race knows (decision 125).
 */
export async function alreadyDecided(
  db: DbOrTx,
  subjectType: string,
  id: number,
  actions: string[],
  notPending: string,
  status: string,
): Promise<AppError> {
  const decision = await lastDecision(db, subjectType, id, actions);
  const who = decision?.by ? decision.by.username : 'the system';
  return new AppError('CONFLICT', `${notPending} It was ${status.replace(/_/g, ' ')} by ${who}.`);
}
