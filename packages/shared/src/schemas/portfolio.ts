import { z } from 'zod';

/** One day of the whole portfolio's earnings (every plan of the member), USD major units. */
export const PortfolioEarningsDay = z.object({
  /** The accrual day, YYYY-MM-DD (UTC). */
  date: z.string(),
  /** Earned that day. */
  amount: z.number(),
  /** Earned from the first accrual up to and including that day (earlier days too, shown or not). */
  cumulative: z.number(),
});
export type PortfolioEarningsDay = z.infer<typeof PortfolioEarningsDay>;

/**
 * GET /api/portfolio/earnings: the latest EARNINGS_CHART_DAYS days with earnings, oldest first, and
 * the total earned (the last day's cumulative). A first day whose cumulative exceeds its amount means
 * earlier days exist that are not listed (decision 218).
 */
export const PortfolioEarningsResponse = z.object({
  data: z.array(PortfolioEarningsDay),
  total: z.number(),
});
export type PortfolioEarningsResponse = z.infer<typeof PortfolioEarningsResponse>;
