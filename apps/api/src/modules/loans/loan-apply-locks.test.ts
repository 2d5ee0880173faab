import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loanApplications, loanPlans } from '@app/db';
import { createTestApp } from '../../../test/helpers';
import { errorOf } from '../../../test/accounts';
import { signedInMember } from '../../../test/money';
import { applyRequest, createLoanPlan } from '../../../test/loans';
import { gate, someoneWaitsForALock } from '../../../test/locks';

// PostgreSQL only (vitest.config.ts): the back office's edit of a loan plan holds the plan while a
// member applies to it, which needs two connections (PGlite has one).

const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

describe('an application sent while the back office edits its loan plan', () => {
  it('is checked against the plan as the edit leaves it: closed meanwhile, it is refused and nothing is saved', async () => {
    const plan = await createLoanPlan(app);
    const member = await signedInMember(app);
    const steps = gate();
    // As the catalogue's edit does (catalogue.repository): the plan locked FOR UPDATE, then changed.
    const editing = db.transaction(async (tx) => {
      await tx.select({ id: loanPlans.id }).from(loanPlans).where(eq(loanPlans.id, plan.id)).for('update');
      await tx.update(loanPlans).set({ status: 'inactive' }).where(eq(loanPlans.id, plan.id));
      steps.open();
      await steps.released;
    });
    await steps.opened;
    const applying = applyRequest(member, { plan_id: plan.id, amount_requested: 500, term: 3 });
    await someoneWaitsForALock(db);
    steps.release();
    await editing;
    // Before, the application had read the plan before the edit and was saved against a closed plan.
    const response = await applying;
    expect(response.statusCode, response.body).toBe(422);
    expect(errorOf(response).message).toBe('This loan plan is not open for applications.');
    expect(
      await db.select().from(loanApplications).where(eq(loanApplications.userId, member.user.id)),
    ).toEqual([]);
  });
});
