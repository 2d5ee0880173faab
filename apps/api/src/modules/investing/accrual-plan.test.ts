import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../ledger/sql';
import { createTestDatabase } from '../../../test/db';
import { dueBatchQuery } from './investing.repository';

const { database, drop } = await createTestDatabase();
afterAll(drop);

// The daily accrual takes a day's due plans in batches in id order (a million plans: 200 batches). The
// plan must come from the (next_accrual_at, id) index in that order and stop at the batch's size; a
// Sort node means every batch sorts all of the day's plans again (decision 107). The tables are empty
// here, so sequential scans are ruled out to see the plan the planner has for a large table.
describe('the accrual batch query', () => {
  it('reads the due plans in id order from the due index, without sorting them', async () => {
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = dueBatchQuery(tx, new Date('2026-03-03T00:00:00Z'), 5000);
      const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${query}`);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('user_plans_due_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
