import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoanApplicationStatus } from '@app/shared/schemas/loans';
import type { BadgeTone } from '#components/ui/badge';
import { useLabels } from '#lib/labels';

export type Interval = 'daily' | 'weekly' | 'monthly';

/** Spec §4: pending yellow, approved green, rejected red; completed blue, others neutral. */
export const APPLICATION_TONES: Record<LoanApplicationStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  completed: 'info',
  withdrawn: 'neutral',
};

/** "12 months", "1 week", "30 days": a number of periods of an interval (months when it is unknown). */
export function usePeriods(): (count: number, interval: Interval | null) => string {
  const { loanTerm } = useLabels();
  return loanTerm;
}

/** A loan plan's rate as what it is: "12% a year, repaid monthly"; 'N/A' when it has none. */
export function useLoanRate(): (percent: number | null, interval: Interval | null) => string {
  const { t } = useTranslation();
  const { loanRate } = useLabels();
  return useCallback(
    (percent: number | null, interval: Interval | null) => loanRate(percent, interval) ?? t('loans.na'),
    [loanRate, t],
  );
}
