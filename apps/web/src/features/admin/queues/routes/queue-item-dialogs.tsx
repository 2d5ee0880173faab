import '#lib/zod-config';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QUEUE_REJECT_REASONS, type AdminQueue } from '@app/shared/schemas/admin-queues';
import { Button } from '#components/ui/button';
import { Dialog } from '#components/ui/dialog';
import { SelectField, TextareaField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { useMoney } from '#lib/money';
import type { QueueItemDetail } from '../api/admin-queues-api';
import { formText } from '../components/form-value';

/** The approval's confirmation, with a word on the second approval a large amount will need. */
export function ApproveDialog({
  queue,
  detail,
  open,
  pending,
  description,
  onClose,
  onApprove,
}: {
  queue: AdminQueue;
  detail: QueueItemDetail;
  open: boolean;
  pending: boolean;
  description: string;
  onClose: () => void;
  onApprove: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const { item, fourEyes } = detail;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !pending && !next && onClose()}
      title={t(`adminQueues.item.approve.${queue}`)}
      description={description}
    >
      {fourEyes?.needsSecondApproval && !item.awaitingSecondApproval && (
        <p className="mb-4 text-sm text-muted">
          {fourEyes.lastDay > 0
            ? t(`adminQueues.item.fourEyesNoteDay.${queue}`, {
                paid: money(fourEyes.lastDay),
                threshold: money(fourEyes.threshold, 0),
              })
            : t(`adminQueues.item.fourEyesNote.${queue}`, { threshold: money(fourEyes.threshold, 0) })}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          {t('adminQueues.item.cancel')}
        </Button>
        <Button loading={pending} onClick={onApprove}>
          {t('adminQueues.item.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}

/** The rejection's confirmation: a reason code and the reason in words, which the member reads. */
export function RejectDialog({
  queue,
  open,
  pending,
  description,
  onClose,
  onReject,
}: {
  queue: AdminQueue;
  open: boolean;
  pending: boolean;
  description: string;
  onClose: () => void;
  onReject: (code: string, reason: string) => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const [error, setError] = useState<string | undefined>();
  const reasons = Object.entries(QUEUE_REJECT_REASONS[queue]) as [string, string][];
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const reason = formText(form, 'reason').trim();
    if (!reason) {
      setError(message('Please give a reason.'));
      return;
    }
    onReject(formText(form, 'reason_code') || 'other', reason);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !pending && !next && onClose()}
      title={t('adminQueues.item.reject')}
      description={description}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <SelectField
          label={t('adminQueues.item.reasonCode')}
          name="reason_code"
          defaultValue={reasons[0]?.[0]}
        >
          {reasons.map(([code, label]) => (
            <option key={code} value={code}>
              {message(label)}
            </option>
          ))}
        </SelectField>
        <TextareaField
          label={t('adminQueues.item.reasonText')}
          hint={t('adminQueues.item.reasonHint')}
          name="reason"
          rows={3}
          maxLength={500}
          error={error}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose} disabled={pending}>
            {t('adminQueues.item.cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={pending}>
            {t('adminQueues.item.confirmRejectButton')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
