import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminQueue } from '@app/shared/schemas/admin-queues';
import { numberFormat } from '@app/shared/intl-formats';
import { NUMBER_LOCALES } from '@app/shared/number-locales';

/** How long an item has waited, in its largest whole unit ("3 days", "5 hr", "12 min"), localised by Intl. */
export function useAge(): (seconds: number) => string {
  const { i18n } = useTranslation();
  const locale = NUMBER_LOCALES[i18n.resolvedLanguage ?? 'en'] ?? 'en-US';
  return useCallback(
    (seconds: number) => {
      const [value, unit] =
        seconds >= 86_400
          ? [Math.floor(seconds / 86_400), 'day']
          : seconds >= 3_600
            ? [Math.floor(seconds / 3_600), 'hour']
            : [Math.max(0, Math.floor(seconds / 60)), 'minute'];
      return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
    },
    [locale],
  );
}

/** The back office path of each queue (the admin layout's navigation: /admin/withdrawals …). */
export const QUEUE_PATHS_WEB: Record<AdminQueue, string> = {
  deposits: '/admin/deposits',
  withdrawals: '/admin/withdrawals',
  loan_applications: '/admin/loan-applications',
};

/** The statuses each queue can be filtered by (the API's enums). */
export const QUEUE_STATUSES: Record<AdminQueue, readonly string[]> = {
  deposits: ['pending', 'confirmed', 'partially_paid', 'failed', 'expired', 'rejected', 'refunded'],
  withdrawals: ['pending', 'approved', 'rejected'],
  loan_applications: ['pending', 'approved', 'rejected', 'withdrawn', 'completed'],
};

export function statusTone(status: string): 'warning' | 'success' | 'danger' | 'neutral' {
  if (status === 'pending') return 'warning';
  if (status === 'approved' || status === 'confirmed' || status === 'completed') return 'success';
  if (status === 'rejected' || status === 'failed' || status === 'refunded') return 'danger';
  return 'neutral';
}
