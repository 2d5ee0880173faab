import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apyBpsFromApr } from '@app/shared/compounding';
import type { Plan } from '@app/shared/schemas/investing';
import { RetryAlert } from '#components/ui/alert';
import { Badge } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { CheckboxField, TextField } from '#components/ui/field';
import { ResponsiveTable } from '#components/ui/responsive-table';
import { Spinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { cn } from '#lib/cn';
import { useLabels } from '#lib/labels';
import { useMoney } from '#lib/money';
import { usePlans } from '../api/get-plans';
import { useOpenedOnce } from '#components/ui/opened-once';
import { PlanRateHistory } from '#components/plan-rate-history';

// Loaded when first opened (decision 170).
const InvestDialog = lazy(async () => ({ default: (await import('./invest-dialog')).InvestDialog }));

/** A plan's yearly rate (the spec's change): green when it is above zero. */
function Change({ bps, text }: { bps: number; text: string }) {
  return <span className={cn('font-medium tabular-nums', bps > 0 && 'text-success')}>{text}</span>;
}

function StatusBadge({ status }: { status: Plan['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge tone={status === 'active' ? 'success' : 'neutral'}>{t(`investing.planStatus.${status}`)}</Badge>
  );
}

function useDurationLabel() {
  const { planDuration } = useLabels();
  return (plan: Plan) => planDuration(plan.duration_days);
}

function useCategoryLabel() {
  const { t } = useTranslation();
  return (name: string) => t(`investing.categories.${name}`, { defaultValue: name });
}

/** The featured cards: the first active plans, each with its rate, price, duration and Invest. */
function FeaturedPlans({ plans, onInvest }: { plans: Plan[]; onInvest: (plan: Plan) => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const durationLabel = useDurationLabel();
  const labels = useLabels();
  const categoryLabel = useCategoryLabel();
  return (
    <ul className="mb-6 grid gap-4 md:grid-cols-3" aria-label={t('investing.plans.featured')}>
      {plans.map((plan) => (
        <li key={plan.id}>
          <Card className="flex h-full flex-col p-5">
            <div className="flex items-start justify-between gap-2">
              <h3 className="font-semibold">{plan.name}</h3>
              <Badge tone="info">{categoryLabel(plan.category)}</Badge>
            </div>
            <p className="mt-3 text-2xl font-semibold">
              <Change bps={plan.apy_bps} text={labels.percent(plan.apy_bps)} />{' '}
              <span className="text-sm font-normal text-muted">{labels.yieldBasis()}</span>
              {/* One paragraph with the APR: a separate one under the large figure reads as a heading (axe p-as-heading). */}
              <span className="block text-sm font-normal text-muted">
                {t('investing.compounding.catalogue', {
                  rate: labels.planYield(apyBpsFromApr(plan.apy_bps), true),
                })}
              </span>
            </p>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
              <dt className="text-muted">{t('investing.columns.from')}</dt>
              <dd className="text-end tabular-nums">{money(plan.price)}</dd>
              <dt className="text-muted">{t('investing.columns.duration')}</dt>
              <dd className="text-end">{durationLabel(plan)}</dd>
            </dl>
            <PlanRateHistory planId={plan.id} planName={plan.name} className="mt-3" />
            <Button
              className="mt-4"
              aria-label={`${t('investing.invest.button')} ${plan.name}`}
              onClick={() => onInvest(plan)}
            >
              {t('investing.invest.button')}
            </Button>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** The table's filters: a category, whether inactive plans are hidden, and a name search. */
function usePlanFilters(all: Plan[]) {
  const [category, setCategory] = useState<string>('');
  const [hideInactive, setHideInactive] = useState(false);
  const [search, setSearch] = useState('');
  const categories = useMemo(() => [...new Set(all.map((plan) => plan.category))], [all]);
  const needle = search.trim().toLowerCase();
  const shown = all.filter(
    (plan) =>
      (category === '' || plan.category === category) &&
      (!hideInactive || plan.status === 'active') &&
      (needle === '' || plan.name.toLowerCase().includes(needle)),
  );
  return { category, setCategory, hideInactive, setHideInactive, search, setSearch, categories, shown };
}

/** The filters' form: category chips, the hide-inactive checkbox and the search field. */
function PlanFilters({ filters }: { filters: ReturnType<typeof usePlanFilters> }) {
  const { t } = useTranslation();
  const categoryLabel = useCategoryLabel();
  const { category, setCategory, hideInactive, setHideInactive, search, setSearch, categories } = filters;
  return (
    <form
      role="search"
      aria-label={t('investing.plans.filters')}
      onSubmit={(event) => event.preventDefault()}
      className="mb-4 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between"
    >
      <div role="group" aria-label={t('investing.plans.category')} className="flex flex-wrap gap-2">
        {['', ...categories].map((name) => (
          <button
            key={name || 'all'}
            type="button"
            aria-pressed={category === name}
            onClick={() => setCategory(name)}
            className={cn(
              'rounded-full border px-3 py-1.5 text-sm font-medium',
              category === name
                ? 'border-brand bg-brand text-brand-fg'
                : 'border-line bg-surface text-fg hover:bg-surface-muted',
            )}
          >
            {name === '' ? t('investing.plans.all') : categoryLabel(name)}
          </button>
        ))}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <CheckboxField
          label={t('investing.plans.hideInactive')}
          checked={hideInactive}
          onChange={(event) => setHideInactive(event.target.checked)}
        />
        <TextField
          label={t('investing.plans.search')}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
    </form>
  );
}

/** Invest in a plan: enabled for active plans; the label names the plan. */
function InvestButton({ plan, onInvest }: { plan: Plan; onInvest: (plan: Plan) => void }) {
  const { t } = useTranslation();
  return (
    <Button
      size="sm"
      disabled={plan.status !== 'active'}
      aria-label={`${t('investing.invest.button')} ${plan.name}`}
      onClick={() => onInvest(plan)}
    >
      {t('investing.invest.button')}
    </Button>
  );
}

/** The plan table (cards on small screens): range, rate, duration, yield, status and Invest. */
function PlanTable({ plans, onInvest }: { plans: Plan[]; onInvest: (plan: Plan) => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const durationLabel = useDurationLabel();
  const labels = useLabels();
  const categoryLabel = useCategoryLabel();
  return (
    <ResponsiveTable
      caption={t('investing.plans.tableCaption')}
      breakpoint="md"
      rows={plans}
      rowKey={(plan) => plan.id}
      columns={[
        { header: t('investing.columns.plan'), className: 'font-medium', cell: (plan) => plan.plan_name },
        { header: t('investing.columns.category'), cell: (plan) => categoryLabel(plan.category) },
        {
          header: t('investing.columns.amount'),
          className: 'whitespace-nowrap tabular-nums',
          cell: (plan) => `${money(plan.min_amount)} – ${money(plan.max_amount)}`,
        },
        {
          header: t('investing.columns.change'),
          cell: (plan) => <Change bps={plan.apy_bps} text={labels.planYield(plan.apy_bps)} />,
        },
        { header: t('investing.columns.duration'), cell: durationLabel },
        {
          header: t('investing.columns.yield'),
          className: 'tabular-nums',
          cell: (plan) => money(plan.expected_yield),
        },
        { header: t('investing.columns.status'), cell: (plan) => <StatusBadge status={plan.status} /> },
        {
          header: <span className="sr-only">{t('investing.columns.action')}</span>,
          align: 'end',
          cell: (plan) => <InvestButton plan={plan} onInvest={onInvest} />,
        },
      ]}
      cardStyle="divided"
      cardClassName="flex items-start justify-between gap-3"
      card={(plan) => (
        <>
          <div className="min-w-0">
            <p className="font-medium">{plan.plan_name}</p>
            <p className="text-xs text-muted">
              {categoryLabel(plan.category)} · {durationLabel(plan)}
            </p>
            <p className="mt-1 text-sm tabular-nums">
              {money(plan.min_amount)} – {money(plan.max_amount)}
            </p>
          </div>
          <div className="flex flex-col items-end gap-1.5">
            <Change bps={plan.apy_bps} text={labels.planYield(plan.apy_bps)} />
            <StatusBadge status={plan.status} />
            <InvestButton plan={plan} onInvest={onInvest} />
          </div>
        </>
      )}
    />
  );
}

/**
 * The dashboard's plans (spec §2): cards for the first active plans, and the plan table with
 * category chips, a hide-inactive checkbox and a name search; Invest opens the Invest modal.
 */
export function DashboardPlans() {
  const { t } = useTranslation();
  const message = useMessage();
  const plans = usePlans();
  const [investing, setInvesting] = useState<Plan | null>(null);
  const investMounted = useOpenedOnce(investing !== null);

  const all = useMemo(() => plans.data ?? [], [plans.data]);
  const filters = usePlanFilters(all);
  const featured = all.filter((plan) => plan.status === 'active').slice(0, 3);

  let body;
  if (plans.isPending) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner label={t('investing.plans.loading')} />
      </div>
    );
  } else if (plans.isError) {
    body = (
      <RetryAlert onRetry={() => void plans.refetch()}>
        {message(errorMessage(plans.error, 'Could not load available plans.'))}
      </RetryAlert>
    );
  } else if (all.length === 0) {
    body = <p className="py-8 text-center text-sm text-muted">{t('investing.plans.none')}</p>;
  } else {
    body = (
      <>
        <FeaturedPlans plans={featured} onInvest={setInvesting} />
        <PlanFilters filters={filters} />
        {filters.shown.length === 0 ? (
          <p className="rounded-xl border border-dashed border-line px-4 py-10 text-center text-sm text-muted">
            {t('investing.plans.noMatch')}
          </p>
        ) : (
          <PlanTable plans={filters.shown} onInvest={setInvesting} />
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="dashboard-plans" className="mt-6">
      <Card className="p-4 sm:p-6">
        <h2 id="dashboard-plans" className="mb-4 text-lg font-semibold">
          {t('investing.plans.title')}
        </h2>
        {body}
      </Card>
      {investMounted && (
        <Suspense fallback={null}>
          <InvestDialog plan={investing} onOpenChange={(open) => !open && setInvesting(null)} />
        </Suspense>
      )}
    </section>
  );
}
