import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GOAL_FREQUENCIES, type GoalFrequency } from '@app/shared/goals';
import { latestGoalDate } from '@app/shared/goal-planning';
import type { SuggestedPlan } from '@app/shared/schemas/goals';
import { Button } from '#components/ui/button';
import { todayIso } from './assistant-chat-state';

/** The controls of the chat's steps (spec §4): the menu, the intervals, the date, the plans, the choice. */

export function MenuStep({
  busy,
  onSaveGoal,
  onCheckBalance,
}: {
  busy: boolean;
  onSaveGoal: () => void;
  onCheckBalance: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={t('assistant.menu')}>
      <Button variant="secondary" size="sm" onClick={onSaveGoal} disabled={busy}>
        {t('assistant.menuSaveGoal')}
      </Button>
      <Button variant="secondary" size="sm" onClick={onCheckBalance} disabled={busy}>
        {t('assistant.menuCheckBalance')}
      </Button>
    </div>
  );
}

export function IntervalStep({
  labels,
  onChoose,
}: {
  labels: Record<GoalFrequency, string>;
  onChoose: (frequency: GoalFrequency) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={t('assistant.askInterval')}>
      {GOAL_FREQUENCIES.map((frequency) => (
        <Button key={frequency} variant="secondary" size="sm" onClick={() => onChoose(frequency)}>
          {labels[frequency]}
        </Button>
      ))}
    </div>
  );
}

/** Step 4: a date field (a date typed in the message field is read too), or no date. */
export function DateStep({
  busy,
  pending,
  errorId,
  invalid,
  onDate,
  onNoDate,
}: {
  busy: boolean;
  pending: boolean;
  errorId: string;
  invalid: boolean;
  onDate: (date: string) => void;
  onNoDate: () => void;
}) {
  const { t } = useTranslation();
  const [date, setDate] = useState('');
  const dateId = useId();
  const today = todayIso();
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="space-y-1">
        <label htmlFor={dateId} className="block text-sm font-medium">
          {t('assistant.dateLabel')}
        </label>
        <input
          id={dateId}
          type="date"
          min={today}
          max={latestGoalDate(today)}
          value={date}
          onChange={(event) => setDate(event.target.value)}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? errorId : undefined}
          className="h-9 rounded-lg border border-line-strong bg-surface px-3 text-sm text-fg"
        />
      </div>
      <Button size="sm" onClick={() => onDate(date)} loading={pending}>
        {t('assistant.useDate')}
      </Button>
      <Button variant="secondary" size="sm" onClick={onNoDate} disabled={busy}>
        {t('assistant.skipDate')}
      </Button>
    </div>
  );
}

export function PlansStep({
  plans,
  best,
  busy,
  saving,
  onConfirm,
  onChoose,
}: {
  plans: SuggestedPlan[];
  best: SuggestedPlan | null;
  busy: boolean;
  saving: boolean;
  onConfirm: (plan: SuggestedPlan) => void;
  onChoose: (plan: SuggestedPlan) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={t('assistant.choosePlans')}>
      {best && (
        <Button size="sm" onClick={() => onConfirm(best)} loading={saving}>
          {t('assistant.confirmBest', { plan: best.name })}
        </Button>
      )}
      {plans.map((plan) => (
        <Button
          key={plan.plan_id}
          variant="secondary"
          size="sm"
          onClick={() => onChoose(plan)}
          disabled={busy}
        >
          {t('assistant.choose', { plan: plan.name })}
        </Button>
      ))}
    </div>
  );
}

export function ChosenStep({
  busy,
  saving,
  onConfirm,
  onBack,
}: {
  busy: boolean;
  saving: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" onClick={onConfirm} loading={saving}>
        {t('assistant.confirm')}
      </Button>
      <Button variant="secondary" size="sm" onClick={onBack} disabled={busy}>
        {t('assistant.back')}
      </Button>
    </div>
  );
}
