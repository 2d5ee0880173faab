import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { UserPlanDetail } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { createPlan, fundedMember, investIn } from '../../../test/investing';

/**
 * The accrual's days are UTC days whatever the database session's time zone (decision 145): a
 * PostgreSQL whose zone keeps summer time must not move the next accrual off 00:00 UTC at the change
 * of clocks. PGlite only: its one connection takes `set time zone` for every statement the app runs.
 */

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });

async function runJobsAt(instant: string) {
  clock.set(new Date(instant));
  const response = await app.inject({ method: 'POST', url: '/api/dev/clock', payload: {} });
  expect(response.statusCode).toBe(200);
}

describe('accrual in a session time zone with summer time', () => {
  it('credits every UTC day across the change of clocks, and the plan can still be left', async () => {
    await app.deps.database.db.execute(sql`set time zone 'Europe/Berlin'`);
    clock.set(new Date('2026-03-27T10:00:00Z'));
    const plan = await createPlan(app, { apyBps: 1200, durationDays: null });
    const member = await fundedMember(app, 12_000);
    const invested = await investIn(member, plan.id, 10_000);

    // Clocks in Berlin go forward at 01:00 UTC on 29 March 2026.
    for (const day of ['2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31', '2026-04-01'])
      await runJobsAt(`${day}T00:00:00Z`);

    const response = await member.client.get(`/api/pp/${invested.id}`, { token: member.token });
    expect(response.statusCode).toBe(200);
    const detail = response.json<UserPlanDetail>();
    expect(detail.earnings.map((day) => day.date)).toEqual([
      '2026-04-01',
      '2026-03-31',
      '2026-03-30',
      '2026-03-29',
      '2026-03-28',
    ]);
    expect(detail.accrued_days).toBe(5);

    const withdraw = await member.client.post(`/api/pp/${invested.id}/withdraw`, {}, { token: member.token });
    expect(withdraw.statusCode, withdraw.body).toBe(200);
  });
});
