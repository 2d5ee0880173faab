import type { TFunction } from 'i18next';
import { QUEUE_REJECT_REASONS, type AdminQueue } from '@app/shared/admin-queue-names';

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
