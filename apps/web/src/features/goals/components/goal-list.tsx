import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import { TOAST_AUTO_CLOSE_LOANS_GOALS_MS } from '@app/shared/constants';
import type { Goal, GoalStatus } from '@app/shared/schemas/goals';
import { Badge, type BadgeTone } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { LazyDialog } from '#components/ui/lazy-dialog';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { PrivateAmount, usePrivateMoney } from '#components/private-amount';
import { useDateFormat, useNumberLocale, usePercent } from '#lib/money';
import { useGoalAction } from '../api/goals-api';
import { ContributionButton } from './contribution-dialog';

const toastOptions = { autoClose: TOAST_AUTO_CLOSE_LOANS_GOALS_MS };

/** Spec §4: active green, completed (its own colour), others grey. */
export const GOAL_TONES: Record<GoalStatus, BadgeTone> = {
  active: 'success',
  completed: 'info',
  paused: 'neutral',
};

/** A goal's progress: a native progress bar (role progressbar, no inline style) and its percent. */
export function GoalProgress({ goal }: { goal: Goal }) {
  const { t } = useTranslation();
  const percent = usePercent();
  const id = useId();
  const progress = percent(goal.progress_percent, { decimals: 0 });
  return (
    <div className="space-y-1">
      <div className="flex items-center justify-between text-xs text-muted">
        <span id={id}>{t('goals.card.progressLabel', { name: goal.name })}</span>
        <span aria-hidden="true" className="font-medium text-fg tabular-nums">
          {progress}
        </span>
      </div>
      <progress
        aria-labelledby={id}
        aria-valuetext={progress}
        value={goal.progress_percent}
        max={100}
        className="block h-2.5 w-full appearance-none overflow-hidden rounded-full bg-surface-muted [&::-moz-progress-bar]:bg-brand [&::-webkit-progress-bar]:bg-surface-muted [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-brand"
      />
    </div>
  );
}

/** Pause or resume, and delete with a confirmation (the money stays invested in the goal's plans). */
function GoalActions({ goal }: { goal: Goal }) {
  const { t } = useTranslation();
  const message = useMessage();
  const action = useGoalAction();
  const [confirming, setConfirming] = useState(false);
  const run = (kind: 'pause' | 'resume' | 'delete') =>
    action.mutate(
      { id: goal.id, action: kind },
      {
        onSuccess: (answer) => {
          toast.success(message(answer.message), toastOptions);
          setConfirming(false);
        },
        onError: (error) => toast.error(message(errorMessage(error, 'An error occurred')), toastOptions),
      },
    );
  return (
    <div className="flex flex-wrap gap-2">
      {goal.status === 'active' && (
        <Button
          variant="secondary"
          size="sm"
          disabled={action.isPending}
          onClick={() => run('pause')}
          aria-label={t('goals.card.pauseLabel', { name: goal.name })}
        >
          {t('goals.card.pause')}
        </Button>
      )}
      {goal.status === 'paused' && (
        <Button
          variant="secondary"
          size="sm"
          disabled={action.isPending}
          onClick={() => run('resume')}
          aria-label={t('goals.card.resumeLabel', { name: goal.name })}
        >
          {t('goals.card.resume')}
        </Button>
      )}
      {goal.status !== 'completed' && <ContributionButton goal={goal} />}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setConfirming(true)}
        aria-label={t('goals.card.deleteLabel', { name: goal.name })}
      >
        {t('goals.card.delete')}
      </Button>
      <LazyDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('goals.delete.title')}
        description={t('goals.delete.text', { name: goal.name })}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('goals.delete.cancel')}
          </Button>
          <Button disabled={action.isPending} onClick={() => run('delete')}>
            {t('goals.delete.confirm')}
          </Button>
        </div>
      </LazyDialog>
    </div>
  );
}

function GoalCard({ goal }: { goal: Goal }) {
  const { t } = useTranslation();
  const numbers = useNumberLocale();
  const money = usePrivateMoney();
  const date = useDateFormat();
  const day = (value: string) => date(`${value}T12:00:00Z`);
  const frequency = t(`goals.frequency.${goal.target_frequency ?? 'none'}`);
  const timeframe = goal.target_date
    ? t('goals.card.byDate', { date: day(goal.target_date), frequency })
    : t('goals.card.noDate', { frequency });
  return (
    <li className="space-y-4 rounded-xl border border-line p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-base font-semibold wrap-anywhere">{goal.name}</h3>
          <p className="text-xs text-muted">{t('goals.card.plan', { name: goal.plan_name })}</p>
        </div>
        <Badge tone={GOAL_TONES[goal.status]}>{t(`goals.status.${goal.status}`)}</Badge>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted">{t('goals.card.target')}</dt>
          <dd className="font-medium tabular-nums">
            <PrivateAmount value={goal.target_amount} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('goals.card.invested')}</dt>
          <dd className="font-medium tabular-nums">
            <PrivateAmount value={goal.invested} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('goals.card.earnings')}</dt>
          <dd className="font-medium tabular-nums">
            <PrivateAmount value={goal.earned} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('goals.card.timeframe')}</dt>
          <dd className="font-medium">{timeframe}</dd>
        </div>
      </dl>
      <GoalProgress goal={goal} />
      {goal.status !== 'completed' && <GoalTrack goal={goal} />}
      {goal.next_contribution_date && goal.next_contribution_amount !== null && (
        <p className="text-xs text-muted">
          {t('goals.card.next', {
            amount: money(goal.next_contribution_amount),
            date: day(goal.next_contribution_date),
          })}
        </p>
      )}
      {goal.skipped_periods > 0 && goal.status !== 'completed' && (
        <p className="text-xs text-warning">
          {t('goals.card.skipped', {
            count: goal.skipped_periods,
            number: goal.skipped_periods.toLocaleString(numbers),
          })}
        </p>
      )}
      <GoalActions goal={goal} />
    </li>
  );
}

/** Whether the goal is on track (decision 187): the projection the API sends with every goal. */
function GoalTrack({ goal }: { goal: Goal }) {
  const { t } = useTranslation();
  const money = usePrivateMoney();
  const { track, projected_value: projected, suggested_contribution: suggested } = goal.projection;
  if (track === 'on_track')
    return <p className="text-sm text-success">{t('goals.track.onTrack', { amount: money(projected) })}</p>;
  if (track === 'behind' && suggested !== null)
    return (
      <p className="text-sm text-warning">
        {t(`goals.track.behind_${goal.target_frequency ?? 'daily'}`, {
          projected: money(projected),
          amount: money(suggested),
        })}
      </p>
    );
  if (track === 'behind' || track === 'overdue')
    return (
      <p className="text-sm text-warning">{t('goals.track.overdue', { projected: money(projected) })}</p>
    );
  return null;
}

/** The goal list (spec §2): name, status, Target Amount, Invested, Earnings, progress, Timeframe. */
export function GoalList({ goals }: { goals: Goal[] }) {
  const message = useMessage();
  if (goals.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-line px-4 py-10 text-center text-sm text-muted">
        {message('No goals found.')}
      </p>
    );
  return (
    <ul className="space-y-3">
      {goals.map((goal) => (
        <GoalCard key={goal.id} goal={goal} />
      ))}
    </ul>
  );
}
