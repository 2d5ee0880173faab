import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ExitQuote } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { genericPlanOf, readThrough } from '../../../test/plans';
import { createPlan, fundedMember, investIn } from '../../../test/investing';
import { expireLiveQuotesUpdate } from './exit.repository';

/**
 * Each look at "leave early" makes a quote and ends the plan's live ones (decision 186). A member who
 * has looked 400 times still gets a quote that executes, and ending the live ones reads them alone
 * through exit_quotes_live_idx, never the 400 that expired (decision 221).
 */
const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

describe('exit quotes with a long history of looks', () => {
  it('quotes and exits as usual, and ends only the live quote', async () => {
    clock.set(new Date('2026-05-01T10:00:00Z'));
    const plan = await createPlan(app, { durationDays: 90, exit: { penaltyBps: 100, forfeit: 'none' } });
    const member = await fundedMember(app, 5_000);
    const held = await investIn(member, plan.id, 5_000);
    await db.execute(
      sql`insert into exit_quotes (id, user_plan_id, user_id, principal, earned, forfeited, penalty, returned,
            created_at, expires_at)
          select gen_random_uuid(), ${held.id}, ${member.user.id}, 500000, 0, 0, 5000, 495000,
            timestamptz '2026-05-01T10:00:00Z' + g * interval '1 minute',
            timestamptz '2026-05-01T10:00:00Z' + g * interval '1 minute' + interval '10 minutes'
          from generate_series(1, 400) g`,
    );
    clock.set(new Date('2026-05-03T10:00:00Z'));

    const quote = async () => {
      const response = await member.client.get(`/api/pp/${held.id}/exit-quote`, { token: member.token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ExitQuote>();
    };
    const exit = (id: string) =>
      member.client.post(`/api/pp/${held.id}/exit`, { quote_id: id }, { token: member.token });
    const first = await quote();
    await quote();

    const plans = await genericPlanOf(
      app.deps.database,
      (tx) => expireLiveQuotesUpdate(tx, held.id, clock.now()),
      { analyze: true },
    );
    // The one live quote (the second), never the 400 expired ones nor the first.
    expect(readThrough(plans, 'exit_quotes_live_idx'), plans).toEqual([1]);

    // A superseded quote does not execute; the latest does.
    expect((await exit(first.id)).statusCode).toBe(409);
    const latest = await quote();
    const left = await exit(latest.id);
    expect(left.statusCode, left.body).toBe(200);
  });
});
