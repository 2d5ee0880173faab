import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { apyBpsFromApr } from '@app/shared/compounding';
import type { Plan } from '@app/shared/schemas/investing';
import { Button } from '#components/ui/button';
import { PlanRateHistory } from '#components/plan-rate-history';
import { formatWholeMoney } from '#lib/intl-format';
import { useLabels } from '#lib/labels';
import { activePlans, usePublicPlans } from '../api/get-catalogue';
import { useSignedInMember } from './header-account';

const CARD = 'relative flex flex-col rounded-3xl border border-line bg-surface p-8 shadow-xs';

function PlanCard({ plan }: { plan: Plan }) {
  const { t, i18n } = useTranslation();
  const labels = useLabels();
  // A signed-in member invests from the dashboard's plan list, as the header's Dashboard link leads.
  const member = useSignedInMember() !== null;
  const locale = i18n.resolvedLanguage ?? 'en';
  const minimum = formatWholeMoney(plan.min_amount, 'USD', locale);
  const features = [
    t(plan.duration_days === null ? 'site.plans.features.flexible' : 'site.plans.features.fixed'),
    t('site.plans.features.paidOut'),
    t('site.plans.features.minimum', { amount: minimum }),
  ];
  return (
    <li className={CARD}>
      <h3 className="text-lg font-semibold">{plan.name}</h3>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="text-4xl font-semibold tracking-tight">{labels.percent(plan.apy_bps)}</span>
        <span className="text-sm text-muted">{labels.yieldBasis()}</span>
      </p>
      <p className="mt-1 text-sm text-muted">
        {t('site.plans.compounded', { rate: labels.planYield(apyBpsFromApr(plan.apy_bps), true) })}
      </p>
      {plan.locked_apy_bps > plan.apy_bps && (
        <p className="mt-1 text-sm text-muted">
          {t('site.plans.lockedUpTo', { rate: labels.planYield(plan.locked_apy_bps) })}
        </p>
      )}
      <dl className="mt-6 space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">{t('site.plans.minimum')}</dt>
          <dd className="font-medium tabular-nums">{minimum}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted">{t('site.plans.term')}</dt>
          <dd className="font-medium">{labels.planDuration(plan.duration_days)}</dd>
        </div>
      </dl>
      <ul className="mt-6 flex-1 space-y-3 border-t border-line pt-6 text-sm">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <PlanRateHistory planId={plan.id} planName={plan.name} className="mt-6 border-t border-line pt-4" />
      <Link
        to={member ? '/dashboard' : '/signup'}
        aria-label={t('site.plans.investIn', { plan: plan.name })}
        className="mt-8 inline-flex h-11 items-center justify-center rounded-lg bg-brand px-4 text-sm font-medium text-brand-fg shadow-sm hover:bg-brand-hover"
      >
        {t('site.plans.investNow')}
      </Link>
    </li>
  );
}

/**
 * The catalogue's open plans of one category as cards, each with Invest Now to /signup (spec §2), or
 * to /dashboard for a signed-in member: rate, term and minimum read from GET /api/plans, so a card
 * never promises what the plan does not pay. Three placeholder cards of the same size while it loads
 * (and in the prerendered HTML). The home page and /plans show the personal plans (spec §1's tiers
 * Starter, Growth, Prime), /business-plans the business ones.
 */
export function PlanCards({ category = 'personal', emptyText }: { category?: string; emptyText?: string }) {
  const { t } = useTranslation();
  const { plans, failed, retry } = usePublicPlans();
  if (failed)
    return (
      <div role="alert" className="rounded-2xl border border-line p-8 text-center text-sm text-muted">
        <p>{t('site.plans.loadFailed')}</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={retry}>
          {t('site.plans.retry')}
        </Button>
      </div>
    );
  if (!plans)
    return (
      <ul className="grid gap-6 lg:grid-cols-3" aria-busy="true" aria-label={t('site.plans.loading')}>
        {[0, 1, 2].map((index) => (
          <li key={index} className={`${CARD} h-[30.75rem] animate-pulse`} />
        ))}
      </ul>
    );
  const shown = activePlans(plans).filter((plan) => plan.category === category);
  if (shown.length === 0)
    return (
      <p className="rounded-2xl border border-line p-8 text-center text-sm text-muted">
        {emptyText ?? t('site.plans.none')}
      </p>
    );
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {shown.map((plan) => (
        <PlanCard key={plan.id} plan={plan} />
      ))}
    </ul>
  );
}
