import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import { MIN_POINTS_TO_REDEEM } from '@app/shared/constants';
import { convertPointsToCents, REWARDS_MESSAGES } from '@app/shared/rewards';
import { Button } from '#components/ui/button';
import { Dialog } from '#components/ui/dialog';
import { TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { useAmountInput } from '#lib/amount-input';
import { ApiError, errorMessage } from '#lib/api-client';
import { useMoney } from '#lib/money';
import { useConvertPoints } from '../api/convert-points';

interface RedeemPointsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Points held now. */
  held: number;
  /** The settings' rate: this many points make $1.00. */
  pointsPerDollar: number;
  /** Digits for the reader's language (Arabic keeps Western digits). */
  numbers: string | undefined;
}

/** The API's checks, before asking it: whole points, at least the minimum, at most those held. */
function useCheck(held: number, numbers: string | undefined) {
  const { t } = useTranslation();
  const message = useMessage();
  const { read } = useAmountInput();
  return (text: string): { points: number } | { error: string } => {
    // Read as the member writes numbers: "1.500" in Spanish, Arabic digits (decision 233).
    const trimmed = read(text) ?? '';
    if (!/^-?\d{1,10}$/.test(trimmed)) return { error: message(REWARDS_MESSAGES.pointsInvalid) };
    const points = Number(trimmed);
    if (points < MIN_POINTS_TO_REDEEM) return { error: message(REWARDS_MESSAGES.belowMinimum) };
    if (points > held)
      return {
        error: t('rewards.redeemDialog.tooMany', { count: held, held: held.toLocaleString(numbers) }),
      };
    return { points };
  };
}

/**
 * The dialog's state and its calls: the points typed, their check and what they will credit, the
 * close (which starts afresh), and the confirmation, which alone calls the API.
 */
function useRedeem(
  t: ReturnType<typeof useTranslation>['t'],
  { onOpenChange, held, pointsPerDollar, numbers }: Omit<RedeemPointsDialogProps, 'open'>,
) {
  const message = useMessage();
  const money = useMoney();
  const convert = useConvertPoints();
  const check = useCheck(held, numbers);
  const [text, setText] = useState(String(held));
  const [error, setError] = useState<string | undefined>();

  const close = (next: boolean) => {
    if (!next) {
      setText(String(held));
      setError(undefined);
      convert.reset();
    }
    onOpenChange(next);
  };

  const checked = check(text);
  const credit = 'points' in checked ? convertPointsToCents(checked.points, pointsPerDollar) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!('points' in checked)) {
      setError(checked.error);
      return;
    }
    setError(undefined);
    convert.mutate(checked.points, {
      onSuccess: (answer) => {
        toast.success(
          t('rewards.converted', {
            count: answer.converted_points,
            points: answer.converted_points.toLocaleString(numbers),
            amount: money(answer.amount, 2),
          }),
        );
        close(false);
      },
      onError: (failure) => {
        const fieldError = failure instanceof ApiError ? failure.fieldErrors?.points?.[0] : undefined;
        if (fieldError) setError(message(fieldError));
        toast.error(message(errorMessage(failure, t('rewards.redeemFailed'))));
      },
    });
  };

  const edit = (next: string) => {
    setText(next);
    setError(undefined);
  };

  return { money, text, edit, error, credit, close, onSubmit, pending: convert.isPending };
}

/**
 * Redeem points: how many (every point held to start with), the rate, and what it will credit, then
 * the member confirms. Only the confirmation calls the API; its field error shows under the field.
 */
export function RedeemPointsDialog({
  open,
  onOpenChange,
  held,
  pointsPerDollar,
  numbers,
}: RedeemPointsDialogProps) {
  const { t } = useTranslation();
  const { money, text, edit, error, credit, close, onSubmit, pending } = useRedeem(t, {
    onOpenChange,
    held,
    pointsPerDollar,
    numbers,
  });

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('rewards.redeemDialog.title')}
      description={t('rewards.redeemDialog.lead', { count: held, held: held.toLocaleString(numbers) })}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <TextField
          label={t('rewards.redeemDialog.points')}
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={(event) => edit(event.target.value)}
          hint={t('rewards.redeemDialog.rate', {
            count: pointsPerDollar,
            points: pointsPerDollar.toLocaleString(numbers),
            amount: money(1),
          })}
          error={error}
        />
        <p
          aria-live="polite"
          className="rounded-xl bg-brand-soft px-4 py-3 text-sm text-brand-text"
          data-testid="redeem-credit"
        >
          {credit
            ? t('rewards.redeemDialog.credit', {
                count: credit.spent,
                amount: money(credit.cents / 100),
                points: credit.spent.toLocaleString(numbers),
              })
            : t('rewards.redeemDialog.enterPoints')}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => close(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('rewards.redeemDialog.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
