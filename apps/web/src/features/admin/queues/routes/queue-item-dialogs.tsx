import '#lib/zod-config';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QUEUE_MESSAGES, QUEUE_REJECT_REASONS, type AdminQueue } from '@app/shared/schemas/admin-queues';
import { Button } from '#components/ui/button';
import { Dialog } from '#components/ui/dialog';
import { SelectField, TextField, TextareaField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { useMoney } from '#lib/money';
import type { QueueItemDetail, StatementLine } from '../api/admin-queues-api';
import { formText } from '../components/form-value';

/**
 * The approval's confirmation, with a word on the second approval a large amount will need. A bank
 * transfer is confirmed against its statement line: the bank's reference and the amount (decision 237).
 */
export function ApproveDialog({
  queue,
  detail,
  open,
  pending,
  description,
  serverErrors,
  onClose,
  onApprove,
}: {
  queue: AdminQueue;
  detail: QueueItemDetail;
  open: boolean;
  pending: boolean;
  description: string;
  /** The fields the API refused, by name (its messages, in English). */
  serverErrors: Record<string, string>;
  onClose: () => void;
  onApprove: (statement: StatementLine | undefined) => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const [missing, setMissing] = useState<Partial<Record<keyof StatementLine, string>>>({});
  const errorOf = (field: keyof StatementLine) =>
    missing[field] ?? (serverErrors[field] ? message(serverErrors[field]) : undefined);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (queue !== 'deposits') {
      onApprove(undefined);
      return;
    }
    const form = new FormData(event.currentTarget);
    const statement = {
      bank_reference: formText(form, 'bank_reference').trim(),
      amount_received: formText(form, 'amount_received').trim(),
    };
    const empty = {
      ...(statement.bank_reference ? {} : { bank_reference: t('adminQueues.item.bankReferenceRequired') }),
      ...(statement.amount_received ? {} : { amount_received: t('adminQueues.item.amountReceivedRequired') }),
    };
    setMissing(empty);
    if (Object.keys(empty).length === 0) onApprove(statement);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !pending && !next && onClose()}
      title={t(`adminQueues.item.approve.${queue}`)}
      description={description}
    >
      <FourEyesNote queue={queue} detail={detail} />
      <form onSubmit={submit} className="space-y-4" noValidate>
        {queue === 'deposits' && <StatementFields errorOf={errorOf} />}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose} disabled={pending}>
            {t('adminQueues.item.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('adminQueues.item.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** A bank transfer's statement line: the bank's reference of the credit and the amount it shows. */
function StatementFields({ errorOf }: { errorOf: (field: keyof StatementLine) => string | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('adminQueues.item.bankReference')}
        hint={t('adminQueues.item.bankReferenceHint')}
        name="bank_reference"
        autoComplete="off"
        maxLength={64}
        error={errorOf('bank_reference')}
      />
      <TextField
        label={t('adminQueues.item.amountReceived')}
        hint={t('adminQueues.item.amountReceivedHint')}
        name="amount_received"
        inputMode="decimal"
        autoComplete="off"
        error={errorOf('amount_received')}
      />
    </>
  );
}

/** Above the threshold a first approval only records: the dialog says so before the admin confirms. */
function FourEyesNote({ queue, detail }: { queue: AdminQueue; detail: QueueItemDetail }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { item, fourEyes } = detail;
  if (!fourEyes?.needsSecondApproval || item.awaitingSecondApproval) return null;
  return (
    <p className="mb-4 text-sm text-muted">
      {fourEyes.lastDay > 0
        ? t(`adminQueues.item.fourEyesNoteDay.${queue}`, {
            paid: money(fourEyes.lastDay),
            threshold: money(fourEyes.threshold, 0),
          })
        : t(`adminQueues.item.fourEyesNote.${queue}`, { threshold: money(fourEyes.threshold, 0) })}
    </p>
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
      setError(message(QUEUE_MESSAGES.reasonRequired));
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
