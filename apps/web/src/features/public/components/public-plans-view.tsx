import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentMeta } from '#lib/document-meta';
import { CatalogueClaims } from './catalogue-claims';
import { PlanCards } from './plan-cards';
import { PageHero, PublicLayout, Section } from './public-layout';

/**
 * The visitor's /plans: the public tiers Starter, Growth and Prime. A signed-in member's /plans is
 * the member screen 'My Active & Completed Plans'; the route chooses between the two
 * (docs/decisions/052-plans-route.md).
 */
export function PublicPlansView() {
  const { t } = useTranslation();
  useDocumentMeta(t('site.plans.metaTitle'), t('site.plans.metaDescription'));
  const points = t('site.plans.how.points', { returnObjects: true }) as string[];
  return (
    <PublicLayout>
      <PageHero eyebrow={t('site.plans.eyebrow')} title={t('site.plans.title')} lead={t('site.plans.lead')} />
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <CatalogueClaims className="mb-8 text-center text-lg font-medium" />
        <PlanCards />
        <p className="mt-6 text-center text-xs text-muted">{t('site.plans.disclaimer')}</p>
      </div>
      <Section muted title={t('site.plans.how.title')}>
        <ul className="mx-auto grid max-w-5xl gap-4 sm:grid-cols-2">
          {points.map((point) => (
            <li
              key={point}
              className="rounded-2xl border border-line bg-surface p-5 leading-relaxed text-fg/90"
            >
              {point}
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center">
          <Link to="/help-center" className="font-medium text-brand-text underline-offset-4 hover:underline">
            {t('site.plans.how.help')}
          </Link>
        </p>
      </Section>
    </PublicLayout>
  );
}
