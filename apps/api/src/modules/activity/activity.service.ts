import { centsToMajor, type ActivityResponse, type ActivityType } from '@app/shared';
import type { DbOrTx } from '@app/db';
import { pageMeta } from '../../lib/paging';
import { listActivity } from './activity.repository';

const DAY_MS = 86_400_000;

/** GET /api/activity: the member's movements with the spec's filters; dates are whole UTC days. */
export async function getActivity(
  db: DbOrTx,
  userId: number,
  query: {
    type?: ActivityType | undefined;
    start_date?: string | undefined;
    end_date?: string | undefined;
    page: number;
    per_page: number;
  },
): Promise<ActivityResponse> {
  const { rows, total } = await listActivity(db, {
    userId,
    type: query.type,
    from: query.start_date ? new Date(`${query.start_date}T00:00:00.000Z`) : undefined,
    until: query.end_date
      ? new Date(new Date(`${query.end_date}T00:00:00.000Z`).getTime() + DAY_MS)
      : undefined,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map((row) => ({
      id: row.id,
      type: row.type,
      date: row.date.toISOString(),
      amount: centsToMajor(row.amount),
      points: row.points,
      status: row.status,
      description: row.description,
    })),
    meta: pageMeta(query.page, query.per_page, total),
  };
}
