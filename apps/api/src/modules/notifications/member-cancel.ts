import type { AuthUser, DbOrTx } from '@app/db';
import type { Mailer } from '../../integrations/mail/mailer';
import { recordAudit } from '../audit/audit.service';
import { notify, type NotifyInput } from './notifications.service';

/**
 * What a member's cancel of a pending item records in its transaction (decision 174), the same for a
 * withdrawal, a bank-transfer deposit and a loan application: the audit row the back office reads as
 * the item's decision, and the member's notification (in the app; not mailed, the member did it).
 */
export async function recordMemberCancel(
  tx: DbOrTx,
  deps: { mailer: Mailer },
  input: {
    user: AuthUser;
    subjectType: string;
    subjectId: number;
    action: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    ip: string;
    notice: Pick<NotifyInput, 'kind' | 'message' | 'reference'>;
  },
  now: Date,
): Promise<void> {
  await recordAudit(tx, {
    actorId: input.user.id,
    action: input.action,
    subjectType: input.subjectType,
    subjectId: String(input.subjectId),
    before: input.before,
    after: input.after,
    ip: input.ip,
    createdAt: now,
  });
  await notify(tx, deps, { user: input.user, ...input.notice }, now);
}
