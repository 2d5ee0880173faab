import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  durationLabel,
  formatPercentLabel,
  loanRateLabel,
  loanTermLabel,
  planDurationLabel,
  planYieldLabel,
  upToYieldLabel,
  yieldBasisLabel,
} from '@app/shared/rate-labels';
import type { LoanInterval } from '@app/shared/loans';

/** Basis points from a percent the API gives as a JSON number (12 → 1200, 0.5 → 50). */
export const percentToBps = (percent: number): number => Math.round(percent * 100);

/**
 * The shared honest labels (docs/decisions/159-honest-rate-labels.md) in the UI's language: a loan's
 * rate, a plan's yield (APR until plans compound), durations and loan terms with their plurals.
 */
export function useLabels() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return useMemo(
    () => ({
      locale,
      /** "12%", "12 %": a rate in basis points as a percentage. */
      percent: (bps: number) => formatPercentLabel(bps, locale),
      /** "12% a year, repaid monthly"; null when the plan has no rate. */
      loanRate: (percent: number | null, interval: LoanInterval | null): string | null =>
        percent === null || interval === null ? null : loanRateLabel(percentToBps(percent), interval, locale),
      /** "8% APR". */
      planYield: (bps: number, compounds?: boolean | null) => planYieldLabel(bps, locale, compounds),
      upToYield: (bps: number, compounds?: boolean | null) => upToYieldLabel(bps, locale, compounds),
      /** "APR" alone, beside a large figure or as a header. */
      yieldBasis: (compounds?: boolean | null) => yieldBasisLabel(locale, compounds),
      /** "Flexible", "6 months", "90 days". */
      planDuration: (days: number | null) => planDurationLabel(days, locale),
      /** "1 day", "182 days": an exact count of days. */
      days: (count: number) => durationLabel(count, 'day', locale),
      /** "4 weeks", "12 months". */
      loanTerm: (count: number, interval: LoanInterval | null) => loanTermLabel(count, interval, locale),
    }),
    [locale],
  );
}
