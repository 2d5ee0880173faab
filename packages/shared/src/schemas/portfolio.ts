import { z } from 'zod';

/** One day of the whole portfolio's earnings (every plan of the member), USD major units. */
export const PortfolioEarningsDay = z.object({
  /** The accrual day, YYYY-MM-DD (UTC). */
  date: z.string(),
  /** Earned that day. */
  amount: z.number(),
  /** Earned from the first accrual up to and including that day. */
  cumulative: z.number(),
});
export type PortfolioEarningsDay = z.infer<typeof PortfolioEarningsDay>;

/** GET /api/portfolio/earnings: one row per day with earnings, oldest first. */
export const PortfolioEarningsResponse = z.object({
  data: z.array(PortfolioEarningsDay),
  total: z.number(),
});
export type PortfolioEarningsResponse = z.infer<typeof PortfolioEarningsResponse>;
