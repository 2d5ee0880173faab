import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import { TOAST_AUTO_CLOSE_LOANS_GOALS_MS } from '@app/shared/constants';
import type { Goal } from '@app/shared/schemas/goals';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { LazyDialog } from '#components/ui/lazy-dialog';
import { TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { ApiError, errorMessage } from '#lib/api-client';
import { useChangeContribution } from '../api/goals-api';

/**
 * "Change contribution" on a goal card (decision 191): the amount each coming period invests, filled
 * with the projection's suggestion when the goal is behind, so following it is one click.
 */
export function ContributionButton({ goal }: { goal: Goal }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={t('goals.contribution.openLabel', { name: goal.name })}
      >
        {t('goals.contribution.open')}
      </Button>
      {open && <ContributionDialog goal={goal} onClose={() => setOpen(false)} />}
    </>
  );
}

function ContributionDialog({ goal, onClose }: { goal: Goal; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const change = useChangeContribution();
  const suggested = goal.projection.suggested_contribution;
  const [amount, setAmount] = useState(String(suggested ?? goal.unit_amount));
  const fieldError = change.error instanceof ApiError ? change.error.fieldErrors?.amount?.[0] : undefined;
  const failure = change.error && !fieldError ? errorMessage(change.error, 'An error occurred') : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    change.mutate(
      { id: goal.id, amount: amount.trim() },
      {
        onSuccess: (answer) => {
          toast.success(message(answer.message), { autoClose: TOAST_AUTO_CLOSE_LOANS_GOALS_MS });
          onClose();
        },
      },
    );
  };

  return (
    <LazyDialog
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
        {failure && <Alert tone="error">{message(failure)}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {t('goals.contribution.save')}
          </Button>
        </div>
      </form>
    </LazyDialog>
  );
}
