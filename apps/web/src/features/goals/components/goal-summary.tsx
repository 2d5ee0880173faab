import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import type { GoalSummary as Summary } from '@app/shared/schemas/goals';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { PrivateAmount } from '#components/private-amount';

/** The summary header (spec §2): Total Goals, Active Goals, Completed Goals, Total Invested, Create New Goal. */
export function GoalSummary({ summary, onCreate }: { summary: Summary; onCreate: () => void }) {
  const { t } = useTranslation();
  const tiles = [
    { label: t('goals.summary.total'), value: String(summary.total_goals) },
    { label: t('goals.summary.active'), value: String(summary.active_goals) },
    { label: t('goals.summary.completed'), value: String(summary.completed_goals) },
    { label: t('goals.summary.invested'), value: <PrivateAmount value={summary.total_invested} /> },
  ];
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6 lg:flex-row lg:items-center lg:justify-between">
      <dl className="grid flex-1 grid-cols-2 gap-4 sm:grid-cols-4">
        {tiles.map((tile) => (
          <div key={tile.label}>
            <dt className="text-xs text-muted">{tile.label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{tile.value}</dd>
          </div>
        ))}
      </dl>
      <Button onClick={onCreate}>
        <Plus className="size-4" aria-hidden="true" />
        {t('goals.create')}
      </Button>
    </Card>
  );
}
