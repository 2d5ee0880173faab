import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCorrection } from '@app/shared/schemas/corrections';
import { Button } from '#components/ui/button';
import { Dialog } from '#components/ui/dialog';
import { TextareaField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { useMoney } from '#lib/money';

/** What an admin does to a pending correction from the queue. */
export type CorrectionAction = 'approve' | 'reject' | 'withdraw';

/**
 * The signed amount as the member's cash moves: "+$25.00" or "−$25.00", the sign placed by the reader's
 * locale ("+25,00 US$"; in Arabic inside the number's run), never glued on in front.
 */
export function useSignedMoney(): (correction: Pick<AdminCorrection, 'direction' | 'amount'>) => string {
  const money = useMoney();
  return (correction) =>
    money(correction.direction === 'credit' ? correction.amount : -correction.amount, 2, {
      signDisplay: 'always',
    });
}

/**
 * The confirmation of an action on one correction: approve asks only for a yes (the second factor is
 * asked by the reauth dialog when the last one is older than 10 minutes); reject and withdraw ask why.
 */
export function CorrectionDialog({
  correction,
  action,
  pending,
  onClose,
  onConfirm,
}: {
  correction: AdminCorrection;
  action: CorrectionAction | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (reason: string | null) => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const signed = useSignedMoney();
  const [error, setError] = useState<string | undefined>();
  const description = t(`admin.corrections.confirm.${action ?? 'approve'}`, {
    amount: signed(correction),
    member: correction.member_email,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (action === 'approve') {
      onConfirm(null);
      return;
    }
    const value = new FormData(event.currentTarget).get('reason');
    const reason = typeof value === 'string' ? value.trim() : '';
    if (!reason) {
      setError(message('Please give a reason.'));
      return;
    }
    onConfirm(reason);
  };
  return (
    <Dialog
      open={action !== null}
      onOpenChange={(next) => !pending && !next && onClose()}
      title={t(`admin.corrections.actions.${action ?? 'approve'}`)}
      description={description}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm wrap-anywhere">
          <span className="text-muted">{t('admin.corrections.fields.memberReason')}: </span>
          {correction.member_reason}
        </p>
        {action !== 'approve' && (
          <TextareaField
            label={t('admin.corrections.fields.decisionReason')}
            name="reason"
            rows={3}
            maxLength={500}
            error={error}
          />
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose} disabled={pending}>
            {t('admin.corrections.cancel')}
          </Button>
          <Button type="submit" variant={action === 'approve' ? 'primary' : 'danger'} loading={pending}>
            {t(`admin.corrections.actions.${action ?? 'approve'}Confirm`)}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
