import '#lib/zod-config';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPOSIT_MESSAGES } from '@app/shared/schemas/deposits';
import { CancelPendingButton } from '#components/cancel-pending-button';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useCancelDeposit, useDepositBankDetails } from '../api/cancel-deposit';
import { BankDetailsDialog } from './bank-details-dialog';

/**
 * A pending bank transfer's actions where the member sees it (Activity): its bank details again, and
 * Cancel (decision 174). Both end once an admin confirms or rejects it (the API answers 409).
 */
export function PendingDepositActions({ id, reference }: { id: number; reference: string }) {
  const { t } = useTranslation();
  const message = useMessage();
  const cancel = useCancelDeposit();
  const [asked, setAsked] = useState(false);
  const details = useDepositBankDetails(asked ? id : null);
  const transfer =
    asked && details.data
      ? {
          details: details.data.bank_details,
          message: DEPOSIT_MESSAGES.createdBank,
          amount: details.data.deposit.amount,
        }
      : null;
  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-haspopup="dialog"
          aria-label={t('deposits.pending.detailsLabel', { reference })}
          loading={asked && details.isFetching}
          onClick={() => setAsked(true)}
        >
          {t('deposits.pending.details')}
        </Button>
        <CancelPendingButton
          id={id}
          mutation={cancel}
          texts={{
            label: t('deposits.cancel.label', { reference }),
            title: t('deposits.cancel.title'),
            body: t('deposits.cancel.body', { reference }),
            confirm: t('deposits.cancel.confirm'),
          }}
        />
      </div>
      {asked && details.isError && (
        <Alert tone="error">
          <p>{message(errorMessage(details.error, 'An error occurred'))}</p>
        </Alert>
      )}
      <BankDetailsDialog transfer={transfer} onClose={() => setAsked(false)} />
    </div>
  );
}
