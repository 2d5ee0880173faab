import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import { parseAmountToCents } from '@app/shared/money';
import '#lib/zod-config';
import { INVEST_MESSAGES, type Plan } from '@app/shared/schemas/investing';
import { AvailableBalance } from '#components/available-balance';
import { Button } from '#components/ui/button';
import { Dialog } from '#components/ui/dialog';
import { TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { useAmountInput } from '#lib/amount-input';
import { ApiError, errorMessage } from '#lib/api-client';
import { useLabels } from '#lib/labels';
import { useMoney } from '#lib/money';
import { useInvest } from '../api/invest';

interface InvestDialogProps {
  plan: Plan | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * The spec's check (§5): a number as the member writes it ("1.500,50" in Spanish, decision 233),
 * between the plan's minimum and maximum inclusive; the amount to send, or what is wrong in the
 * reader's language.
 */
function useAmountCheck() {
  const { t } = useTranslation();
  const message = useMessage();
  const { read } = useAmountInput();
  return (text: string, plan: Plan): { ok: true; amount: number } | { ok: false; error: string } => {
    const plain = read(text);
    const parsed = parseAmountToCents(plain ?? '');
    if (plain === null || !parsed.ok) return { ok: false, error: message(INVEST_MESSAGES.invalidAmount) };
    const cents = parsed.cents;
    if (cents < Math.round(plan.min_amount * 100) || cents > Math.round(plan.max_amount * 100)) {
      // The spec's words (§5): the limits as plain numbers, 'between 100 and 50000'.
      const error = t('investing.invest.outOfRange', { min: plan.min_amount, max: plan.max_amount });
      return { ok: false, error };
    }
    return { ok: true, amount: Number(plain) };
  };
}

/** The amount the member types, its check, and the investment sent with its toasts; closing clears it. */
function useInvestForm(plan: Plan | null, onOpenChange: (open: boolean) => void) {
  const message = useMessage();
  const checkAmount = useAmountCheck();
  const invest = useInvest();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();

  const close = (open: boolean) => {
    if (!open) {
      setAmount('');
      setError(undefined);
      invest.reset();
    }
    onOpenChange(open);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!plan) return;
    const checked = checkAmount(amount, plan);
    setError(checked.ok ? undefined : checked.error);
    if (!checked.ok) return;
    invest.mutate(
      { plan_id: plan.id, amount: checked.amount },
      {
        onSuccess: () => {
          toast.success(message(INVEST_MESSAGES.success));
          close(false);
        },
        onError: (failure) => {
          const fieldError = failure instanceof ApiError ? failure.fieldErrors?.amount?.[0] : undefined;
          if (fieldError) setError(message(fieldError));
          toast.error(message(errorMessage(failure, INVEST_MESSAGES.networkError)));
        },
      },
    );
  };

  return { invest, amount, setAmount, error, close, onSubmit };
}

/**
 * The Invest modal (spec §2, §5, §8): an amount within the plan's limits; 'Investment successful!'
 * on success, else the server's message or 'Network error. Please try again.'.
 */
export function InvestDialog({ plan, onOpenChange }: InvestDialogProps) {
  const { t } = useTranslation();
  const labels = useLabels();
  const money = useMoney();
  const { invest, amount, setAmount, error, close, onSubmit } = useInvestForm(plan, onOpenChange);

  return (
    <Dialog
      open={plan !== null}
      onOpenChange={close}
      title={plan ? t('investing.invest.title', { name: plan.name }) : ''}
      description={
        plan
          ? t('investing.invest.lead', {
              rate: labels.planYield(plan.apy_bps),
              duration: labels.planDuration(plan.duration_days),
            })
          : undefined
      }
    >
      {plan && (
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <AvailableBalance label={t('investing.invest.available')} />
          {plan.duration_days !== null && (
            <p className="text-sm text-muted" data-testid="exit-rule">
              {plan.exit_allowed
                ? t(`investing.invest.exitRule.${plan.exit_forfeit}`, {
                    penalty: labels.percent(plan.exit_penalty_bps),
                  })
                : t('investing.invest.exitRule.notAllowed')}
            </p>
          )}
          <TextField
            label={t('investing.invest.amount')}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            hint={t('investing.invest.limits', { min: money(plan.min_amount), max: money(plan.max_amount) })}
            error={error}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => close(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={invest.isPending}>
              {invest.isPending ? t('investing.invest.submitting') : t('investing.invest.submit')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
