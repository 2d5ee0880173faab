import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrationTestDatabase } from '../../../test/migrations-up-to';
import { queryRows } from '../../ledger/sql';

/**
 * Migration 0066: running plans whose next accrual a change of clocks moved off 00:00 UTC (the
 * accrual added '1 day' in a session time zone with summer time) go back to the nearest midnight UTC.
 */
const BEFORE = '0065_auth_cleanup_indexes';

const { db, migrateBefore, migrateRest } = await migrationTestDatabase(BEFORE);

describe('migration 0066: accrual instants back at 00:00 UTC', () => {
  it('moves a slipped running plan to the nearest midnight and leaves the others', async () => {
    await migrateBefore();
    // The migration is written for any session zone: run it in one with summer time.
    await db.execute(sql`set time zone 'Europe/Berlin'`);
    await db.execute(sql`insert into users (id, username, email, password_hash, referral_code, created_at, updated_at)
      values (1, 'ada', 'ada@example.com', 'x', 'ADA1', now(), now())`);
    await db.execute(sql`insert into plans (id, name, category, apy_bps, locked_apy_bps, min_amount, max_amount, created_at, updated_at)
      values (1, 'Growth', 'personal', 1200, 1200, 10000, 1000000, now(), now())`);
    const plan = (id: number, status: string, next: string) =>
      sql`(${id}, 1, 1, 'Growth', 'personal', 1200, 1200, 100000, ${status}, '2026-03-01T09:00:00Z', ${next}, now(), now())`;
    await db.execute(sql`insert into user_plans (id, user_id, plan_id, name, category, apy_bps, locked_apy_bps, amount,
        status, starts_at, next_accrual_at, created_at, updated_at)
      values ${sql.join(
        [
          plan(1, 'active', '2026-03-29T23:00:00Z'),
          plan(2, 'locked', '2026-10-26T01:00:00Z'),
          plan(3, 'active', '2026-04-02T00:00:00Z'),
          plan(4, 'completed', '2026-03-29T23:00:00Z'),
        ],
        sql`, `,
      )}`);

    await migrateRest();
    const rows = await queryRows<{ id: number; next: string }>(
      db,
      sql`select id, to_char(next_accrual_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as next
          from user_plans order by id`,
    );
    expect(rows.map((row) => [Number(row.id), row.next])).toEqual([
      [1, '2026-03-30T00:00Z'],
      [2, '2026-10-26T00:00Z'],
      [3, '2026-04-02T00:00Z'],
      [4, '2026-03-29T23:00Z'],
    ]);
  });
});
