import { useTranslation } from 'react-i18next';
import type { BankDetails } from '@app/shared/schemas/deposits';
import { Button } from '#components/ui/button';
import { CopyButton } from '#components/ui/copy-button';
import { Dialog } from '#components/ui/dialog';
import { useMessage } from '#i18n/use-message';
import { useMoney } from '#lib/money';

export interface BankTransfer {
  details: BankDetails;
  message: string;
  amount: number;
}

const ROWS = [
  ['bank_name', 'deposits.bank.bankName'],
  ['account_number', 'deposits.bank.accountNumber'],
  ['routing_number', 'deposits.bank.routingNumber'],
  ['reference', 'deposits.bank.reference'],
] as const;

/** Where to send a bank transfer (spec §4): each detail with a copy button; confirmed later by hand. */
export function BankDetailsDialog({
  transfer,
  onClose,
  returnFocus,
}: {
  transfer: BankTransfer | null;
  onClose: () => void;
  /** Where focus goes when they close (the dialog that opened them is gone by then). */
  returnFocus?: () => HTMLElement | null;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const money = useMoney();
  return (
    <Dialog
      open={transfer !== null}
      onOpenChange={(open) => !open && onClose()}
      returnFocus={returnFocus}
      title={t('deposits.bank.title')}
      description={transfer ? message(transfer.message) : undefined}
    >
      {transfer && (
        <>
          <p className="rounded-lg bg-surface-muted px-3.5 py-2.5 text-sm">
            {t('deposits.bank.amount')}{' '}
            <strong className="font-semibold tabular-nums">{money(transfer.amount)}</strong>
          </p>
          <dl className="mt-4 divide-y divide-line rounded-xl border border-line">
            {ROWS.map(([field, label]) => (
              <div key={field} className="px-3.5 py-2.5">
                <dt className="text-xs text-muted">{t(label)}</dt>
                <dd className="flex items-center justify-between gap-3">
                  <span className="min-w-0 font-medium break-all text-fg tabular-nums">
                    {transfer.details[field]}
                  </span>
                  <CopyButton
                    text={transfer.details[field]}
                    variant="ghost"
                    aria-label={t('deposits.bank.copy', { field: t(label) })}
                  />
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-sm text-muted">{t('deposits.bank.note')}</p>
          <div className="mt-5 flex justify-end">
            <Button onClick={onClose}>{t('common.done')}</Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
