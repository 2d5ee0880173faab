import {
  ACTIVITY_EXPORT_COLUMNS,
  centsToMajor,
  describeActivity,
  type ActivityResponse,
  type ActivityType,
} from '@app/shared';
import type { DbOrTx } from '@app/db';
import { pageMeta } from '../../lib/paging';
import { dayAfter, dayStart } from '../../lib/iso-date';
import { activityCursor, listActivity, type ActivityCursor, type ActivityRow } from './activity.repository';

const major = (cents: number | null) => (cents === null ? null : centsToMajor(cents));

/** A row as the API answers it: amounts in major units, the description in English. */
export function activityItem(row: ActivityRow): ActivityResponse['data'][number] {
  return {
    id: row.id,
    type: row.type,
    date: row.date,
    amount: major(row.amount),
    balance_after: major(row.balanceAfter),
    points: row.points,
    status: row.status,
    description: describeActivity(row),
    detail: row.detail,
  };
}

interface ActivityFilters {
  type?: ActivityType | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
}

/** Whole UTC days, both inclusive, as the half-open range the repository takes. */
function dayRange(query: ActivityFilters) {
  return {
    from: query.start_date ? dayStart(query.start_date) : undefined,
    until: query.end_date ? dayAfter(query.end_date) : undefined,
  };
}

/**
 * GET /api/activity: every movement of the member's cash, signed as it moved the balance, with the
 * balance after it, and deposits not credited with their status (decision 158); the spec's filters,
 * dates as whole UTC days.
 */
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
    ...dayRange(query),
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map(activityItem),
    meta: pageMeta(query.page, query.per_page, total),
  };
}

/** Rows read per statement while exporting: memory stays flat whatever the history's length. */
export const EXPORT_BATCH = 500;

/** Cents as a plain decimal ("-1234.50"): no grouping, no currency sign, never a float. */
export function centsToPlainDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A text that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) is prefixed with a quote mark.
 */
export function csvField(value: string, { text = true } = {}): string {
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A cents figure of the CSV, or an empty cell when the row moved nothing. */
const csvCents = (cents: number | null) => (cents === null ? '' : centsToPlainDecimal(cents));

/**
 * GET /api/activity/export: the statement as CSV lines, the header first, every row of the filters
 * newest first with the balance after it and its description in the member's language, read in
 * keyset batches so a long history streams without being held in memory.
 */
export async function* exportActivity(
  db: DbOrTx,
  userId: number,
  query: ActivityFilters,
  { batchSize = EXPORT_BATCH, language = 'en' }: { batchSize?: number; language?: string } = {},
): AsyncGenerator<string> {
  yield `${ACTIVITY_EXPORT_COLUMNS.join(',')}\r\n`;
  let after: ActivityCursor | undefined;
  for (;;) {
    const { rows } = await listActivity(db, {
      userId,
      type: query.type,
      ...dayRange(query),
      limit: batchSize,
      offset: 0,
      after,
      withoutTotal: true,
    });
    if (rows.length === 0) return;
    yield rows
      .map(
        (row) =>
          [
            row.date,
            row.type,
            csvField(describeActivity(row, language)),
            csvCents(row.amount),
            csvCents(row.balanceAfter),
            row.points === null ? '' : String(row.points),
            csvField(row.status),
            row.id,
          ].join(',') + '\r\n',
      )
      .join('');
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    if (!last) return;
    after = activityCursor(last);
  }
}

/**
 * Every row of the member's Activity as the API gives them, newest first, a batch at a time (keyset
 * batches, as the CSV export reads them): the account export's activity.json (decision 177).
 */
export async function* activityItemBatches(
  db: DbOrTx,
  userId: number,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<ActivityResponse['data']> {
  let after: ActivityCursor | undefined;
  for (;;) {
    const { rows } = await listActivity(db, {
      userId,
      type: undefined,
      from: undefined,
      until: undefined,
      limit: batchSize,
      offset: 0,
      after,
      withoutTotal: true,
    });
    if (rows.length > 0) yield rows.map(activityItem);
    const last = rows[rows.length - 1];
    if (rows.length < batchSize || !last) return;
    after = activityCursor(last);
  }
}
