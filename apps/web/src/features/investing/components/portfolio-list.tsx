import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserPlan } from '@app/shared/schemas/investing';
import { PrivateAmount } from '#components/private-amount';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { usePortfolioGoals } from '../api/get-goals';

/** A plain plan, or the units of one savings goal on this page (in the order the list gives them). */
type Entry = { kind: 'plan'; plan: UserPlan } | { kind: 'goal'; goalId: number; units: UserPlan[] };

/** Groups a page of plans: each goal's units together, where its first unit stands; other plans as they are. */
export function groupByGoal(plans: UserPlan[]): Entry[] {
  const entries: Entry[] = [];
  const groups = new Map<number, UserPlan[]>();
  for (const plan of plans) {
    if (plan.goal_id === null) {
      entries.push({ kind: 'plan', plan });
      continue;
    }
    const units = groups.get(plan.goal_id);
    if (units) units.push(plan);
    else {
      const first = [plan];
      groups.set(plan.goal_id, first);
      entries.push({ kind: 'goal', goalId: plan.goal_id, units: first });
    }
  }
  return entries;
}

interface GoalGroupProps {
  units: UserPlan[];
  /** The goal's name and totals (all its units, not only this page's), once GET /api/goals answered. */
  goal: { name: string; contributions: number; invested: number } | undefined;
  renderPlan: (plan: UserPlan) => ReactNode;
}

/** One savings goal's units under its name, with how many units it holds and their total. */
function GoalGroup({ units, goal, renderPlan }: GoalGroupProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const count = goal?.contributions ?? units.length;
  const total = goal?.invested ?? units.reduce((sum, unit) => sum + Math.round(unit.amount * 100), 0) / 100;
  const name = goal?.name ?? t('investing.portfolio.goalGroup.unnamed');
  return (
    <li>
      <Card className="p-4 sm:p-5" data-testid="goal-group">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <p className="text-xs text-muted">{t('investing.portfolio.goalGroup.kind')}</p>
            <h2 className="font-semibold">{name}</h2>
          </div>
          <p className="text-sm">
            {t(`investing.portfolio.goalGroup.units.${count === 1 ? 'one' : 'other'}`, {
              count,
              plan: units[0]?.name ?? '',
            })}
            {' · '}
            <span className="font-semibold tabular-nums">
              <PrivateAmount value={total} />
            </span>
          </p>
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="mt-3"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t('investing.portfolio.goalGroup.hideUnits') : t('investing.portfolio.goalGroup.showUnits')}
        </Button>
        <ul id={listId} className="mt-3 space-y-3" hidden={!open}>
          {open && units.map(renderPlan)}
        </ul>
      </Card>
    </li>
  );
}

/**
 * My Portfolio's list: plain plans as cards; a savings goal's units (one user plan each, decision
 * 110) grouped under the goal, its name, number of units and total, with the units' cards on demand.
 */
export function PortfolioList({
  plans,
  renderPlan,
}: {
  plans: UserPlan[];
  renderPlan: (plan: UserPlan) => ReactNode;
}) {
  const entries = groupByGoal(plans);
  const goals = usePortfolioGoals(entries.some((entry) => entry.kind === 'goal'));
  return (
    <ul className="space-y-4">
      {entries.map((entry) =>
        entry.kind === 'plan' ? (
          renderPlan(entry.plan)
        ) : (
          <GoalGroup
            key={`goal-${entry.goalId}`}
            units={entry.units}
            goal={goals.data?.data.find((goal) => goal.id === entry.goalId)}
            renderPlan={renderPlan}
          />
        ),
      )}
    </ul>
  );
}
