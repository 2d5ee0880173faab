import type { TFunction } from 'i18next';
import { QUEUE_REJECT_REASONS, type AdminQueue } from '@app/shared/admin-queue-names';

/** The notifications that carry a rejection's reason, and the queue whose labels it may start with. */
const NOTICE_QUEUES: Readonly<Record<string, AdminQueue>> = {
  deposit_rejected: 'deposits',
  withdrawal_rejected: 'withdrawals',
  loan_rejected: 'loan_applications',
};

/** Between the chosen reason's label and the operator's words (`rejectionText` in the shared schema). */
const SEPARATOR = ' — ';

/**
 * A rejection's reason as the member reads it: the API stores the chosen reason's English label, " — ",
 * then the operator's words (`rejectionText`). A known label of the queue at the start is said in the
 * reader's language (its English is the key in the `messages` namespace, as in the back office's
 * reject dialog); the operator's words stay as written, and a text without a known label at its start
 * stays as it is.
 */
export function localRejectionReason(t: TFunction, queue: AdminQueue, reason: string): string {
  for (const [code, label] of Object.entries(QUEUE_REJECT_REASONS[queue])) {
    if (code === 'other') continue;
    if (reason !== label && !reason.startsWith(label + SEPARATOR)) continue;
    const local = t(label, { ns: 'messages', keySeparator: false, nsSeparator: false, defaultValue: label });
    return local + reason.slice(label.length);
  }
  return reason;
}

/**
 * A notification's body with its rejection reason in the reader's language: the API writes the reason
 * after the body's first ": " ("Tu retiro de 10,00 US$ fue rechazado: Funds not received — …"). Any
 * other notification is returned as it is.
 */
export function localRejectionNotice(t: TFunction, kind: string, body: string): string {
  const queue = NOTICE_QUEUES[kind];
  const at = body.indexOf(': ');
  if (!queue || at < 0) return body;
  const start = at + 2;
  return body.slice(0, start) + localRejectionReason(t, queue, body.slice(start));
}
