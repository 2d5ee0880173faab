import { useQuery } from '@tanstack/react-query';
import type { MarketsResponse } from '@app/shared/schemas/markets';
import { api } from '#lib/api-client';
import { useFrontSettings } from '#lib/front-settings';
import { logger } from '#lib/logger';
import { useCurrency } from '#lib/preferences';

const VS_CURRENCIES = ['usd', 'eur', 'gbp'];

/** The display currency for prices: the chosen one when the prices can be shown in it, else USD. */
export function usePriceCurrency(): string {
  const settings = useFrontSettings();
  const [currency] = useCurrency(settings.currency.code);
  const code = currency.toLowerCase();
  return VS_CURRENCIES.includes(code) ? code : 'usd';
}

/**
 * GET /api/markets (our proxy; the browser never calls the prices service). Refreshed every minute;
 * a failure is only logged (spec §8) and the screen shows its own error state.
 */
export function useMarkets(ids: readonly string[], options: { enabled?: boolean } = {}) {
  const vs = usePriceCurrency();
  const list = ids.join(',');
  return useQuery({
    queryKey: ['markets', vs, list],
    queryFn: async ({ signal }) => {
      try {
        return await api.get<MarketsResponse>(
          `/api/markets?ids=${encodeURIComponent(list)}&vs_currency=${vs}`,
          { signal },
        );
      } catch (error) {
        if (!signal.aborted) logger.warn('Prices could not be loaded.', error);
        throw error;
      }
    },
    enabled: options.enabled ?? true,
    staleTime: 30_000,
    refetchInterval: 60_000,
    placeholderData: (previous) => previous,
  });
}
