import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrationTestDatabase } from '../../../test/migrations-up-to';
import { num, queryRows } from '../../ledger/sql';
import { mismatchedPoints } from '../../ledger/checks/members';

/** Migration 0057 (decision 225) starts each member's running total of referral points from their rows. */
const BEFORE = '0056_member_accounts_lock_first';

const { db, migrateBefore, migrateRest } = await migrationTestDatabase(BEFORE);

describe('migration 0057: the referral points kept, on the member’s row', () => {
  it('is the sum of their referral rewards less reversals; conversions do not count', async () => {
    await migrateBefore();
    await db.execute(sql`insert into users (id, username, email, password_hash, referral_code, loyalty_points, created_at, updated_at)
      values (1, 'ana', 'ana@example.com', 'x', 'ANA1', 40, now(), now()),
             (2, 'ben', 'ben@example.com', 'x', 'BEN1', 0, now(), now())`);
    await db.execute(sql`insert into points_transactions (user_id, kind, points, reference, created_at)
      values (1, 'referral_reward', 50, 'referral:7', now()),
             (1, 'referral_reward', 40, 'referral:8', now()),
             (1, 'referral_reversal', -30, 'referral:deposit:9:reversed', now()),
             (1, 'conversion', -20, 'conversion:1', now())`);

    await migrateRest();
    const rows = await queryRows<{ id: unknown; referral_points: unknown }>(
      db,
      sql`select id, referral_points from users order by id`,
    );
    expect(rows.map((row) => [num(row.id), num(row.referral_points)])).toEqual([
      [1, 60],
      [2, 0],
    ]);
    expect(await mismatchedPoints(db)).toEqual([]);
  });
});
