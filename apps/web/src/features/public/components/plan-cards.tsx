import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '#lib/cn';
import { formatWholeMoney } from '#lib/intl-format';

/** The public sample tiers of spec §1. Figures are fixed marketing terms in US dollars. */
export const PUBLIC_TIERS = [
  { key: 'starter', min: 100, apy: '8%', featured: false },
  { key: 'growth', min: 5_000, apy: '12%', featured: true },
  { key: 'prime', min: 100_000, apy: '18%', featured: false },
] as const;

/** Three plan cards, each with Invest Now to /signup (spec §2). */
export function PlanCards() {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {PUBLIC_TIERS.map((tier) => (
        <li
          key={tier.key}
          className={cn(
            'relative flex flex-col rounded-3xl border bg-surface p-8 shadow-xs',
            tier.featured ? 'border-brand ring-1 ring-brand' : 'border-line',
          )}
        >
          {tier.featured && (
            <span className="absolute -top-3 start-8 rounded-full bg-brand px-3 py-1 text-xs font-semibold text-brand-fg">
              {t('site.plans.popular')}
            </span>
          )}
          <h3 className="text-lg font-semibold">{t(`site.plans.tiers.${tier.key}.name`)}</h3>
          <p className="mt-1 text-sm text-muted">{t(`site.plans.tiers.${tier.key}.audience`)}</p>
          <p className="mt-6 flex items-baseline gap-2">
            <span className="text-4xl font-semibold tracking-tight">
              {tier.key === 'prime' ? t('site.plans.upTo', { rate: tier.apy }) : tier.apy}
            </span>
            <span className="text-sm text-muted">{t('site.plans.apy')}</span>
          </p>
          <dl className="mt-6 space-y-2 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-muted">{t('site.plans.minimum')}</dt>
              <dd className="font-medium tabular-nums">{formatWholeMoney(tier.min, 'USD', locale)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-muted">{t('site.plans.term')}</dt>
              <dd className="font-medium">{t(`site.plans.tiers.${tier.key}.term`)}</dd>
            </div>
          </dl>
          <ul className="mt-6 flex-1 space-y-3 border-t border-line pt-6 text-sm">
            {(t(`site.plans.tiers.${tier.key}.features`, { returnObjects: true }) as string[]).map(
              (feature) => (
                <li key={feature} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                  <span>{feature}</span>
                </li>
              ),
            )}
          </ul>
          <Link
            to="/signup"
            aria-label={t('site.plans.investIn', { plan: t(`site.plans.tiers.${tier.key}.name`) })}
            className={cn(
              'mt-8 inline-flex h-11 items-center justify-center rounded-lg px-4 text-sm font-medium',
              tier.featured
                ? 'bg-brand text-brand-fg shadow-sm hover:bg-brand-hover'
                : 'border border-line-strong bg-surface text-fg hover:bg-surface-muted',
            )}
          >
            {t('site.plans.investNow')}
          </Link>
        </li>
      ))}
    </ul>
  );
}
