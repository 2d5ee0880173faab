import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import { Plus, Target } from 'lucide-react';
import { TOAST_AUTO_CLOSE_LOANS_GOALS_MS } from '@app/shared/constants';
import type { Goal, GoalStatus } from '@app/shared/schemas/goals';
import { PageHeader } from '#components/page-header';
import { RetryAlert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { SelectField } from '#components/ui/field';
import { useOpenedOnce } from '#components/ui/opened-once';
import { SpinnerIcon } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { useGoals } from '../api/goals-api';
import { AssistantChat } from '../components/assistant-chat';
import { GoalList } from '../components/goal-list';
import { GoalSummary } from '../components/goal-summary';

type Filter = 'all' | GoalStatus;

// Loaded when first opened (decision 170).
const CreateGoalDialog = lazy(async () => ({
  default: (await import('../components/create-goal-dialog')).CreateGoalDialog,
}));

/** As the create-goal dialog's own toasts (spec §8: 4 seconds). */
const goalToastOptions = { autoClose: TOAST_AUTO_CLOSE_LOANS_GOALS_MS };

/** The empty state: no goal yet, and Create New Goal. */
function NoGoals({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand-text">
        <Target className="size-6" aria-hidden="true" />
      </span>
      <p className="max-w-md text-[15px] text-muted">
        {message("You don't have any goals yet. Start by creating one!")}
      </p>
      <Button onClick={onCreate}>
        <Plus className="size-4" aria-hidden="true" />
        {t('goals.create')}
      </Button>
    </Card>
  );
}

interface GoalListSectionProps {
  goals: Goal[];
  filter: Filter;
  onFilterChange: (filter: Filter) => void;
}

/** The goal list under its heading, with the status filter. */
function GoalListSection({ goals, filter, onFilterChange }: GoalListSectionProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="goal-list" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="goal-list" className="text-lg font-semibold">
          {t('goals.list.title')}
        </h2>
        <div className="w-48">
          <SelectField
            label={t('goals.list.filter')}
            value={filter}
            onChange={(event) => onFilterChange(event.target.value as Filter)}
          >
            <option value="all">{t('goals.list.all')}</option>
            <option value="active">{t('goals.status.active')}</option>
            <option value="paused">{t('goals.status.paused')}</option>
            <option value="completed">{t('goals.status.completed')}</option>
          </SelectField>
        </div>
      </div>
      <GoalList goals={goals} />
    </section>
  );
}

/**
 * My Goals (spec §2, §8, §9): heading; 'Loading your investment goals...'; the error as text and a
 * 4-second toast; the empty state with Create New Goal; the assistant's chat box; the summary header;
 * the goal list (refreshed every 60 s) with 'No goals found.'; the create-goal modal.
 */
export function MyGoalsPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const goals = useGoals();
  const [creating, setCreating] = useState(false);
  const createMounted = useOpenedOnce(creating);
  const [filter, setFilter] = useState<Filter>('all');
  useDocumentMeta(t('pages.my-goals.title'), t('pages.my-goals.description'));

  const failure = goals.isError ? message(errorMessage(goals.error, 'Failed to fetch your goals.')) : null;
  useEffect(() => {
    if (failure) toast.error(failure, { ...goalToastOptions, toastId: 'goals-load-failed' });
  }, [failure]);

  const data = goals.data;
  const shown = data ? data.data.filter((goal) => filter === 'all' || goal.status === filter) : [];

  return (
    <>
      <PageHeader title={t('pages.my-goals.title')} description={t('goals.lead')} />
      {failure && !data && <RetryAlert onRetry={() => void goals.refetch()}>{failure}</RetryAlert>}
      {data && data.summary.total_goals === 0 && <NoGoals onCreate={() => setCreating(true)} />}

      {/* The assistant's chat box (spec §2 My Goals, §4 AI chat goal flow). */}
      <div className="mt-6" data-testid="assistant-chat">
        <AssistantChat />
      </div>

      {/* The goals load below the chat box, where they will show: the chat box does not move when
          they arrive (decision 170). */}
      {goals.isPending && (
        <p
          role="status"
          className="mt-6 flex min-h-64 items-center justify-center gap-3 py-10 text-sm text-muted"
          data-testid="goals-loading"
        >
          <SpinnerIcon className="size-5 text-brand" />
          {message('Loading your investment goals...')}
        </p>
      )}
      {data && data.summary.total_goals > 0 && (
        <div className="mt-6 space-y-6">
          <section aria-label={t('goals.summary.title')}>
            <GoalSummary summary={data.summary} onCreate={() => setCreating(true)} />
          </section>
          <GoalListSection goals={shown} filter={filter} onFilterChange={setFilter} />
        </div>
      )}
      {createMounted && (
        <Suspense fallback={null}>
          <CreateGoalDialog open={creating} onOpenChange={setCreating} />
        </Suspense>
      )}
    </>
  );
}
