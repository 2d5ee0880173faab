import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoanApplicationStatus } from '@app/shared/schemas/loans';
import type { BadgeTone } from '#components/ui/badge';

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
  const { t } = useTranslation();
  return useCallback(
    (count: number, interval: Interval | null) =>
      t(`loans.units.${interval ?? 'monthly'}.${count === 1 ? 'one' : 'other'}`, { count }),
    [t],
  );
}
