import { useTranslation } from 'react-i18next';
import type { UserPlan } from '@app/shared/schemas/investing';
import { useDateFormat } from '#lib/money';
import { NUMBER_LOCALES } from '@app/shared/number-locales';

/**
 * What locking changes, shown before the member confirms an irreversible lock: the rate the plan
 * earns now, the rate it earns once locked (from the next daily earning on, decision 072), and the
 * date it ends (locking keeps the plan's term, so the end date is the one the plan already has).
 */
export function LockTerms({ plan }: { plan: UserPlan }) {
  const { t, i18n } = useTranslation();
  const date = useDateFormat();
  const percent = new Intl.NumberFormat(NUMBER_LOCALES[i18n.resolvedLanguage ?? 'en'] ?? 'en-US', {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const rows: [string, string][] = [
    [t('investing.lockTerms.current'), percent.format(plan.apy_bps / 10_000)],
    [t('investing.lockTerms.locked'), percent.format(plan.locked_apy_bps / 10_000)],
    [t('investing.lockTerms.endsOn'), date(plan.ends_at)],
  ];
  return (
    <div className="mb-4 rounded-xl border border-line px-4 py-3 text-sm">
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-muted">{t('investing.lockTerms.note')}</p>
    </div>
  );
}
