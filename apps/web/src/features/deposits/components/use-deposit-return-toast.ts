import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '#lib/toast';
import { useTranslation } from 'react-i18next';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useMoney } from '#lib/money';
import { useDeposit } from '../api/get-deposit';

const PARAM = 'deposit';
/** `payment=cancelled`: the member cancelled at the payment page (its cancel address says so). */
const OUTCOME_PARAM = 'payment';

function depositIdFrom(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  return Number(value);
}

/**
 * Back from a payment page with ?deposit=<id> (the gateway's or the sandbox's redirect_url): reads
 * the deposit and says how it ended, once, then drops the parameters from the address. A payment the
 * member cancelled (&payment=cancelled) is told as cancelled, not as a failed deposit, unless money
 * arrived after all.
 */
export function useDepositReturnToast() {
  const { t } = useTranslation();
  const message = useMessage();
  const money = useMoney();
  const [params, setParams] = useSearchParams();
  const id = depositIdFrom(params.get(PARAM));
  const cancelled = params.get(OUTCOME_PARAM) === 'cancelled';
  const deposit = useDeposit(id);
  const told = useRef<number | null>(null);

  useEffect(() => {
    if (id === null || told.current === id) return;
    if (deposit.isPending) return;
    told.current = id;
    if (deposit.isError) {
      toast.error(message(errorMessage(deposit.error, 'Deposit failed. Please try again.')));
    } else {
      const { status, credited_amount: credited } = deposit.data;
      if (status === 'confirmed') toast.success(message('Deposit successful!'));
      else if (status === 'partially_paid')
        toast.warning(t('deposits.return.partial', { amount: money(credited) }));
      else if (cancelled) toast.info(t('deposits.return.cancelled'));
      else if (status === 'pending') toast.info(t('deposits.return.pending'));
      else toast.error(message('Deposit failed. Please try again.'));
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PARAM);
        next.delete(OUTCOME_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [
    id,
    cancelled,
    deposit.isPending,
    deposit.isError,
    deposit.error,
    deposit.data,
    message,
    money,
    t,
    setParams,
  ]);
}
