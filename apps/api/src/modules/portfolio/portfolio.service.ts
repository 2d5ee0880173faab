import { centsToMajor, EARNINGS_CHART_DAYS, type PortfolioEarningsResponse } from '@app/shared';
import type { DbOrTx } from '@app/db';
import { latestEarningDays } from './portfolio.repository';

/**
 * GET /api/portfolio/earnings: the whole portfolio's earnings on its latest EARNINGS_CHART_DAYS days,
 * each with the total earned up to it, and the total earned (My Portfolio's chart).
 */
export async function portfolioEarnings(db: DbOrTx, userId: number): Promise<PortfolioEarningsResponse> {
  const days = await latestEarningDays(db, userId, EARNINGS_CHART_DAYS);
  return {
    data: days.map((day) => ({
      date: day.date,
      amount: centsToMajor(day.amount),
      cumulative: centsToMajor(day.cumulative),
    })),
    total: centsToMajor(days.at(-1)?.cumulative ?? 0),
  };
}
