import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrationTestDatabase } from '../../../test/migrations-up-to';
import { queryRows } from '../../ledger/sql';

/** Migration 0055 (decision 218) gives every member's day already written its running total. */
const { db, migrateBefore, migrateRest } = await migrationTestDatabase('0054_users_erasure_due_index');

describe('migration 0055: running totals of the daily earnings', () => {
  it('fills each day with the sum of that member’s days up to it, member by member', async () => {
    await migrateBefore();
    for (const [id, name] of [
      [1, 'ana'],
      [2, 'bo'],
    ] as const)
      await db.execute(sql`insert into users (id, username, email, password_hash, referral_code, created_at, updated_at)
        values (${id}, ${name}, ${`${name}@example.com`}, 'x', ${`${name.toUpperCase()}1`}, now(), now())`);
    // Written out of day order, with a day that earned nothing.
    await db.execute(sql`insert into member_daily_earnings (user_id, day, amount) values
      (1, '2026-03-03', 300), (1, '2026-03-01', 100), (2, '2026-03-01', 7), (1, '2026-03-02', 0)`);

    await migrateRest();
    const rows = await queryRows<{ user_id: number; day: string; cumulative: unknown }>(
      db,
      sql`select user_id, day::text as day, cumulative from member_daily_earnings order by user_id, day`,
    );
    expect(rows.map((row) => [row.user_id, row.day, Number(row.cumulative)])).toEqual([
      [1, '2026-03-01', 100],
      [1, '2026-03-02', 100],
      [1, '2026-03-03', 400],
      [2, '2026-03-01', 7],
    ]);
    // Every new row must say its running total.
    await expect(
      db.execute(sql`insert into member_daily_earnings (user_id, day, amount) values (2, '2026-03-02', 1)`),
    ).rejects.toThrow();
  });
});
