import { centsToMajor, type PortfolioEarningsResponse } from '@app/shared';
import type { DbOrTx } from '@app/db';
import { earningsPerDay } from './portfolio.repository';

/** GET /api/portfolio/earnings: the whole portfolio's earnings per day and cumulative (My Portfolio's chart). */
export async function portfolioEarnings(db: DbOrTx, userId: number): Promise<PortfolioEarningsResponse> {
  const days = await earningsPerDay(db, userId);
  return {
    data: days.map((day) => ({
      date: day.date,
      amount: centsToMajor(day.amount),
      cumulative: centsToMajor(day.cumulative),
    })),
    total: centsToMajor(days.at(-1)?.cumulative ?? 0),
  };
}
