import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrationTestDatabase } from '../../test/migrations-up-to';
import { exportActivity } from '../modules/activity/activity.service';
import { postPlatformTransfers } from './bulk';
import { checkLedger } from './check';
import { num, queryRows } from './sql';

/**
 * Migration 0074 (decision 245): ledger entries are dated in whole milliseconds. Migration 0073 dated
 * its restated exit entries with now() (microseconds); a batch job chained its entry onto such an
 * entry's balance but dated it at the millisecond before it, and Activity's export, paging by a
 * millisecond cursor, skipped rows that shared such an instant.
 */
const { db, migrateBefore, migrateRest } = await migrationTestDatabase('0073_exit_fee_and_forfeit_entries');

const cash = (amount: number) => ({ user_id: 1, kind: 'cash', amount });
const platform = (kind: string, amount: number) => ({ user_id: null, kind, amount });

async function post(kind: string, reference: string, at: string, postings: object[]) {
  await db.execute(sql`select ledger_post(${kind}, ${reference}, 1, '{}'::jsonb, ${at}::timestamptz,
    ${JSON.stringify(postings)}::jsonb)`);
}

/** The CSV export's rows, read one a batch: date, type and the balance after (4th from the end: a description may hold commas). */
async function exportedLines(): Promise<string[][]> {
  const lines: string[] = [];
  for await (const chunk of exportActivity(db, 1, {}, { batchSize: 1 })) {
    lines.push(...chunk.split('\r\n').filter(Boolean));
  }
  return lines.slice(1).map((line) => {
    const fields = line.split(',');
    return [fields[0] ?? '', fields[1] ?? '', fields[fields.length - 4] ?? ''];
  });
}

describe('migration 0074: ledger entries dated in whole milliseconds', () => {
  it('mends a chain a batch dated before a restated entry, lists every row in the export, and refuses microseconds after', async () => {
    await migrateBefore();
    await db.execute(sql`insert into users (id, username, email, password_hash, referral_code, created_at, updated_at)
      values (1, 'ana', 'ana@example.com', 'x', 'ANA1', now(), now())`);
    await post('deposit', 'deposit:1', '2026-06-01T10:00:00Z', [cash(10_000), platform('external', -10_000)]);
    // Three entries at one microsecond instant, as migration 0073 wrote a restated exit's.
    const restated = '2026-06-10T12:00:00.123456Z';
    await post('plan_exit_fee', 'fee:1', restated, [cash(-100), platform('interest_income', 100)]);
    await post('plan_exit_fee', 'fee:2', restated, [cash(-200), platform('interest_income', 200)]);
    await post('earning_forfeit', 'forfeit:1', restated, [cash(-50), platform('yield_expense', 50)]);
    // A day's accrual posted afterwards for an instant before them: the batch reads the member's latest
    // instant into JavaScript (milliseconds) and dates its entry .123, chained on the balance after them.
    await db.transaction(async (tx) => {
      const { settlePlatform } = await postPlatformTransfers(tx, {
        kind: 'earning',
        from: 'yield_expense',
        to: 'cash',
        createdAt: new Date('2026-06-10T00:00:00Z'),
        items: [{ reference: 'earning:1', userId: 1, amount: 25, metadata: {} }],
      });
      await settlePlatform();
    });
    // The chain as (created_at, id) reads it is broken, and the export skips rows of the instant.
    expect((await checkLedger(db)).mismatchedCashChain).not.toEqual([]);
    expect(await exportedLines()).not.toHaveLength(5);

    await migrateRest();
    const check = await checkLedger(db);
    expect(check.mismatchedCashChain).toEqual([]);
    expect(check.mismatchedAccounts).toEqual([]);
    const lines = await exportedLines();
    expect(lines).toHaveLength(5);
    // Newest first: the accrual after the three restated entries, each with the balance after it.
    expect(lines).toEqual([
      ['2026-06-10T12:00:00.123Z', 'earning', '96.75'],
      ['2026-06-10T12:00:00.123Z', 'earning', '96.50'],
      ['2026-06-10T12:00:00.123Z', 'principal_returned', '97.00'],
      ['2026-06-10T12:00:00.123Z', 'principal_returned', '99.00'],
      ['2026-06-01T10:00:00.000Z', 'deposit', '100.00'],
    ]);

    // The database refuses an instant that is not whole milliseconds.
    await expect(
      post('deposit', 'deposit:2', '2026-06-11T10:00:00.000001Z', [cash(1), platform('external', -1)]),
    ).rejects.toMatchObject({ cause: { code: '23514' } });
    await post('deposit', 'deposit:3', '2026-06-11T10:00:00.001Z', [cash(1), platform('external', -1)]);
    const [row] = await queryRows<{ n: unknown }>(db, sql`select count(*) as n from ledger_entries`);
    expect(num(row?.n)).toBe(6);
  });
});
