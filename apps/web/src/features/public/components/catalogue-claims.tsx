import { useTranslation } from 'react-i18next';
import { cn } from '#lib/cn';
import { formatWholeMoney } from '#lib/intl-format';
import { useLabels } from '#lib/labels';
import { useCatalogueFigures } from '../api/get-catalogue';

/**
 * The public pages' claims about rates and minimums, read from the catalogue: "Rates up to 22% APR ·
 * start with $100". Empty (its line kept, so nothing moves) until the catalogue is read, in the
 * prerendered HTML, and when no plan is open (decision 159).
 */
export function CatalogueClaims({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const labels = useLabels();
  const figures = useCatalogueFigures();
  return (
    <p className={cn('min-h-7', className)} data-testid="catalogue-claims">
      {figures &&
        t('site.plans.claims', {
          maxRate: labels.planYield(figures.maxRateBps),
          minAmount: formatWholeMoney(figures.minAmount, 'USD', i18n.resolvedLanguage ?? 'en'),
        })}
    </p>
  );
}
