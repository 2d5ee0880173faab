import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { genericPlanOf } from '../../../test/plans';
import { dueMembersQuery } from './loans.repository';

const { database, drop } = await createTestDatabase();
afterAll(drop);

// Every scheduler tick asks which members have an instalment due. Paid and waived instalments are
// most of a year of loans; the open ones are read through loan_instalments_open_idx, whose predicate
// (status = 'open') a generic plan can only use when the statement writes the status (decision 139).
describe('the loan collection query', () => {
  it('reads open instalments through the open index, in member order', async () => {
    const plan = await genericPlanOf(database, (tx) => dueMembersQuery(tx, '2026-03-03', 0, 500));
    expect(plan).toContain('loan_instalments_open_idx');
    expect(plan).toMatch(/Index Cond: \(\(user_id > /);
  });
});
