import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { toast } from '#lib/toast';
import '#lib/zod-config';
import { INVEST_MESSAGES, type UserPlan } from '@app/shared/schemas/investing';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Dialog } from '#components/ui/dialog';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { logger } from '#lib/logger';
import { useLockUserPlan } from '../api/lock-user-plan';
import { ExitPlanPanel } from './exit-plan-panel';
import { LockTerms } from './lock-terms';
import { useWithdrawUserPlan } from '../api/withdraw-user-plan';

interface ManagePlanDialogProps {
  plan: UserPlan | null;
  onOpenChange: (open: boolean) => void;
  /** The plan was locked, withdrawn or left: called before the dialog closes. */
  onChanged?: () => void;
  /** Where focus goes on closing, instead of the opener (see Dialog). */
  returnFocus?: (opener: HTMLElement | null) => HTMLElement | null | undefined;
}

/**
 * Manage on the plans page (spec §2): 'Lock Plan' for a fixed-term plan, with Cancel and Lock Plan;
 * after locking the modal closes and the list reloads. A flexible plan cannot be locked
 * (docs/decisions/072): its Manage offers Withdraw instead. An active fixed term also offers "Leave
 * early", which shows the exit quote before the member confirms (decision 186); a goal's unit offers
 * neither (it leaves only with its goal). Each action's success
 * is a toast ('Plan locked.', 'Plan withdrawn. ...', 'Plan closed early. ...').
 */
export function ManagePlanDialog({ plan, onOpenChange, onChanged, returnFocus }: ManagePlanDialogProps) {
  const { t } = useTranslation();
  const message = useMessage();
  const lock = useLockUserPlan();
  const withdraw = useWithdrawUserPlan();
  const action = plan?.flexible ? withdraw : lock;
  const [leaving, setLeaving] = useState(false);
  const inGoal = plan !== null && plan.goal_id !== null; // it leaves only with its goal (decision 110)

  const close = (open: boolean) => {
    if (!open) {
      lock.reset();
      withdraw.reset();
      setLeaving(false);
    }
    onOpenChange(open);
  };

  const confirm = () => {
    if (!plan) return;
    action.mutate(plan.id, {
      onSuccess: (answer) => {
        toast.success(message(answer.message));
        onChanged?.();
        close(false);
      },
      onError: (error) => logger.warn('plan action failed', error),
    });
  };

  // Called, not rendered as a component of its own: the same Dialog stays open, and keeps its opener.
  if (plan && leaving)
    return leaveEarlyDialog(t, plan, close, returnFocus, () => {
      onChanged?.();
      close(false);
    });

  return (
    <Dialog
      open={plan !== null}
      onOpenChange={close}
      returnFocus={returnFocus}
      title={plan?.flexible ? t('investing.manage.withdrawTitle') : t('investing.manage.lockTitle')}
      description={
        plan?.flexible && !inGoal
          ? t('investing.manage.withdrawBody', { name: plan.name })
          : message(plan?.flexible ? INVEST_MESSAGES.exitGoal : INVEST_MESSAGES.lockConfirm)
      }
    >
      {plan && !plan.flexible && <LockTerms plan={plan} />}
      {action.isError && (
        <Alert tone="error" className="mb-4">
          <p>{message(errorMessage(action.error, 'Network error'))}</p>
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => close(false)}>
          {t('common.cancel')}
        </Button>
        {plan && !plan.flexible && plan.status === 'active' && !inGoal && (
          <Button variant="secondary" onClick={() => setLeaving(true)}>
            {t('investing.exit.open')}
          </Button>
        )}
        {!(plan?.flexible && inGoal) && (
          <Button onClick={confirm} disabled={action.isPending}>
            {plan?.flexible ? t('investing.manage.withdraw') : t('investing.manage.lock')}
          </Button>
        )}
      </div>
    </Dialog>
  );
}

/** "Leave plan early": the exit quote, then the member's confirmation (decision 186). */
function leaveEarlyDialog(
  t: TFunction,
  plan: UserPlan,
  onOpenChange: (open: boolean) => void,
  returnFocus: ManagePlanDialogProps['returnFocus'],
  onDone: () => void,
) {
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      returnFocus={returnFocus}
      title={t('investing.exit.title')}
      description={t('investing.exit.body', { name: plan.name })}
    >
      <ExitPlanPanel plan={plan} onDone={onDone} />
    </Dialog>
  );
}
