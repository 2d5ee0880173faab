import { describe, expect, it } from 'vitest';
import type { AdminPlanResponse, ExitQuote, Plan } from '@app/shared';
import { checkLedger } from '../../ledger/check';
import { createTestApp } from '../../../test/helpers';
import { errorOf } from '../../../test/accounts';
import { fundedMember, investIn } from '../../../test/investing';
import { signedInAdmin } from '../../../test/money';

const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;
const admin = await signedInAdmin(app);
const as = (who: { token: string }) => ({ token: who.token });

const body = {
  name: 'Exit Rule Plan',
  category: 'savings',
  apy_bps: 900,
  locked_apy_bps: 1100,
  duration_days: 90,
  min_amount: 100,
  max_amount: 10_000,
};

describe('the catalogue’s exit rule (decision 186)', () => {
  it('is set and changed by an admin, shown in the catalogue, and used by the quote', async () => {
    const created = await admin.client.post('/api/admin/plans', body, as(admin));
    expect(created.statusCode, created.body).toBe(201);
    const plan = created.json<AdminPlanResponse>().plan;
    expect(plan).toMatchObject({ exit_allowed: false, exit_penalty_bps: 0, exit_forfeit: 'none' });

    const member = await fundedMember(app, 1000);
    const held = await investIn(member, plan.id, 1000);
    const refused = await member.client.get(`/api/pp/${held.id}/exit-quote`, as(member));
    expect(refused.statusCode).toBe(422);

    const bad = await admin.client.patch(
      `/api/admin/plans/${plan.id}`,
      { exit_penalty_bps: 10_001, exit_forfeit: 'some' },
      as(admin),
    );
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).errors).toMatchObject({
      exit_penalty_bps: ['Enter a penalty in basis points (0 to 10000).'],
      exit_forfeit: ['Choose which earnings an early exit gives up.'],
    });
    const asMember = await member.client.patch(
      `/api/admin/plans/${plan.id}`,
      { exit_allowed: true },
      as(member),
    );
    expect([401, 403]).toContain(asMember.statusCode);

    const edited = await admin.client.patch(
      `/api/admin/plans/${plan.id}`,
      { exit_allowed: true, exit_penalty_bps: 250, exit_forfeit: 'all' },
      as(admin),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<AdminPlanResponse>().plan).toMatchObject({
      exit_allowed: true,
      exit_penalty_bps: 250,
      exit_forfeit: 'all',
    });
    // An edit of another field keeps the rule.
    await admin.client.patch(`/api/admin/plans/${plan.id}`, { sort_order: 3 }, as(admin));
    const catalogue = (await member.client.get('/api/plans', as(member))).json<Plan[]>();
    expect(catalogue.find((row) => row.id === plan.id)).toMatchObject({
      exit_allowed: true,
      exit_penalty_bps: 250,
      exit_forfeit: 'all',
    });
    // $1,000 × 2.5% = $25 penalty, nothing earned yet.
    const quote = await member.client.get(`/api/pp/${held.id}/exit-quote`, as(member));
    expect(quote.statusCode).toBe(200);
    expect(quote.json<ExitQuote>()).toMatchObject({ penalty: 25, returned: 975, total: 975 });
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
