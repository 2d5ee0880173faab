import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import { TOAST_AUTO_CLOSE_LOANS_GOALS_MS } from '@app/shared/constants';
import '#lib/zod-config';
import { GOAL_MESSAGES, GoalContributionRequest, type Goal } from '@app/shared/schemas/goals';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Dialog } from '#components/ui/dialog';
import { TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { useAmountInput } from '#lib/amount-input';
import { ApiError, errorMessage } from '#lib/api-client';
import { useChangeContribution } from '../api/goals-api';

/**
 * The amount as typed in the reader's language ("423,30" in Spanish), checked as the API checks it
 * (GoalContributionRequest): the plain decimal text to send, or the (English) message of what is wrong.
 */
function useContributionCheck() {
  const { read } = useAmountInput();
  return (text: string): { ok: true; amount: string } | { ok: false; error: string } => {
    const plain = read(text);
    if (plain === null) return { ok: false, error: GOAL_MESSAGES.invalidContribution };
    const checked = GoalContributionRequest.safeParse({ amount: plain });
    if (!checked.success)
      return { ok: false, error: checked.error.issues[0]?.message ?? GOAL_MESSAGES.invalidContribution };
    return { ok: true, amount: plain };
  };
}

/**
 * The "Change contribution" dialog (decision 191), loaded when first opened: the amount each coming
 * period invests, typed as the reader writes numbers, checked before it is sent.
 */
export function ContributionDialog({ goal, onClose }: { goal: Goal; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const change = useChangeContribution();
  const check = useContributionCheck();
  const { show } = useAmountInput();
  const suggested = goal.projection.suggested_contribution;
  const [amount, setAmount] = useState(() => show(suggested ?? goal.unit_amount));
  const [localError, setLocalError] = useState<string | undefined>();
  const serverError = change.error instanceof ApiError ? change.error.fieldErrors?.amount?.[0] : undefined;
  const fieldError = localError ?? serverError;
  const failure = change.error && !serverError ? errorMessage(change.error, 'An error occurred') : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = check(amount);
    setLocalError(checked.ok ? undefined : checked.error);
    if (!checked.ok) return;
    change.mutate(
      { id: goal.id, amount: checked.amount },
      {
        onSuccess: (answer) => {
          toast.success(message(answer.message), { autoClose: TOAST_AUTO_CLOSE_LOANS_GOALS_MS });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('goals.contribution.title')}
      description={t(`goals.contribution.lead_${goal.target_frequency ?? 'daily'}`, {
        name: goal.name,
        plan: goal.plan_name,
      })}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField
          label={t('goals.contribution.amount')}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={message(fieldError)}
        />
        {failure && !localError && <Alert tone="error">{message(failure)}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {t('goals.contribution.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
