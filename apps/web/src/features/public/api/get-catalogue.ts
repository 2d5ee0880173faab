import { useQuery } from '@tanstack/react-query';
import type { Plan } from '@app/shared/schemas/investing';
import { api } from '#lib/api-client';
import { logger } from '#lib/logger';
import { useHydrated } from '#lib/use-hydrated';

/** What the public pages claim, computed from the active plans of the catalogue (decision 159). */
export interface CatalogueFigures {
  /** The highest yearly rate an active plan pays (its locked rate when that is higher), basis points. */
  maxRateBps: number;
  /** The lowest minimum of an active plan, dollars. */
  minAmount: number;
}

export const activePlans = (plans: readonly Plan[]) => plans.filter((plan) => plan.status === 'active');

/** The categories the public pages show as cards: /plans and the home page, /business-plans. */
export const PUBLIC_CATEGORIES: readonly string[] = ['personal', 'business'];

/**
 * The figures of the active plans the public pages show; null when none is open (then nothing is
 * claimed). A plan a visitor cannot find on those pages backs no claim.
 */
export function catalogueFigures(plans: readonly Plan[]): CatalogueFigures | null {
  const open = activePlans(plans).filter((plan) => PUBLIC_CATEGORIES.includes(plan.category));
  if (open.length === 0) return null;
  return {
    maxRateBps: Math.max(...open.map((plan) => Math.max(plan.apy_bps, plan.locked_apy_bps))),
    minAmount: Math.min(...open.map((plan) => plan.min_amount)),
  };
}

/**
 * The public plan catalogue (GET /api/plans). A prerendered page shows it pending: the data is used
 * only once the page has hydrated, so the hydrating render matches the HTML (decision 055).
 */
export function usePublicPlans() {
  const hydrated = useHydrated();
  const query = useQuery({
    queryKey: ['plans'],
    queryFn: async ({ signal }) => {
      try {
        return await api.get<Plan[]>('/api/plans', { signal });
      } catch (error) {
        if (!signal.aborted) logger.warn('The plan catalogue could not be loaded.', error);
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
  return {
    plans: hydrated ? query.data : undefined,
    failed: hydrated && query.isError,
    retry: () => void query.refetch(),
  };
}

/** The catalogue's figures for the marketing claims, or null while loading, on failure or with no plan. */
export function useCatalogueFigures(): CatalogueFigures | null {
  const { plans } = usePublicPlans();
  return plans ? catalogueFigures(plans) : null;
}
