import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { genericPlanOf } from '../../../test/plans';
import { dueIdentities } from './closed-account-erasure.job';

const { database, drop } = await createTestDatabase();
afterAll(drop);

// The erasure job runs once a minute; almost every member is active. The closed identities due are
// read through users_erasure_due_idx, whose predicate (status = 'closed') a generic plan can only use
// when the statement writes the status (decision 139).
describe('the closed-account erasure job', () => {
  it('finds the identities due through the erasure index, not by reading every member', async () => {
    const plan = await genericPlanOf(database, (tx) => dueIdentities(tx, new Date('2031-01-01T00:00:00Z')));
    expect(plan).toContain('users_erasure_due_idx');
    expect(plan).not.toContain('Seq Scan');
  });
});
