import { describe, expect, it } from 'vitest';
import type { NotificationListResponse, UserPlanDetail, UserPlanListResponse } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { signIn } from '../../../test/accounts';
import { signedInAdmin, type Member } from '../../../test/money';
import { createPlan, fundedMember, investIn } from '../../../test/investing';
import { checkLedger } from '../../ledger/check';
import { putSettings } from '../settings/settings.service';

/**
 * Issue 38 items 3 and 4 together (decisions 193, 194): a rate cut in the back office reaches new
 * investments at once, and a renewal only once the notice period (`rate_notice_days`) has run.
 */
const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

async function changeRateAt(instant: string, planId: number, apyBps: number, lockedApyBps: number) {
  clock.set(new Date(instant));
  const admin = await signedInAdmin(app);
  const response = await admin.client.patch(
    `/api/admin/plans/${planId}`,
    { apy_bps: apyBps, locked_apy_bps: lockedApyBps },
    { token: admin.token },
  );
  expect(response.statusCode, response.body).toBe(200);
}

async function plansOf(member: Member): Promise<UserPlanDetail[]> {
  const response = await member.client.get('/api/pp?per_page=50', { token: member.token });
  expect(response.statusCode).toBe(200);
  return response.json<UserPlanListResponse>().data as UserPlanDetail[];
}

async function renew(member: Member, id: number) {
  const response = await member.client.put(
    `/api/pp/${id}/renewal`,
    { at_maturity: 'renew' },
    { token: member.token },
  );
  expect(response.statusCode, response.body).toBe(200);
}

describe('renewal at the rate in force after the notice', () => {
  it('renews at the new rate once the notice has run, at the old one while it has not', async () => {
    clock.set(new Date('2026-05-01T10:00:00Z'));
    await putSettings(db, { rate_notice_days: 30 }, clock.now());
    // Two 40-day plans at 10% (12% locked); each member's term ends on 2026-06-10 at 10:00.
    const early = await createPlan(app, { apyBps: 1000, lockedApyBps: 1200, durationDays: 40 });
    const late = await createPlan(app, { apyBps: 1000, lockedApyBps: 1200, durationDays: 40 });
    const a = await fundedMember(app, 10_000);
    const b = await fundedMember(app, 10_000);
    const positionA = await investIn(a, early.id, 5_000);
    const positionB = await investIn(b, late.id, 5_000);
    await renew(a, positionA.id);
    await renew(b, positionB.id);

    // Cut on day 4: renewals get 8% from 2026-06-04, before A's term ends.
    await changeRateAt('2026-05-05T10:00:00Z', early.id, 800, 1000);
    // Cut on day 20: renewals get 8% only from 2026-06-20, after B's term ends...
    await changeRateAt('2026-05-21T10:00:00Z', late.id, 800, 1000);
    // ...but a new investment gets it at once.
    const newcomer = await fundedMember(app, 1_000);
    expect(await investIn(newcomer, late.id, 500)).toMatchObject({ apy_bps: 800, locked_apy_bps: 1000 });

    // Each holder was told the old and the new rate and the date.
    for (const member of [a, b]) {
      const bell = await member.client.get('/api/notifications', { token: member.token });
      const changed = bell
        .json<NotificationListResponse>()
        .data.filter((n) => n.kind === 'plan_rate_changed');
      expect(changed).toHaveLength(1);
      expect(changed[0]?.body).toMatch(/10(\.00)?% to 8(\.00)?%/);
    }

    clock.set(new Date('2026-06-10T10:00:00Z'));
    const ran = await app.inject({ method: 'POST', url: '/api/dev/clock', payload: {} });
    expect(ran.statusCode).toBe(200);

    // Forty days on, their sessions have ended (30 days from sign-in, decision 216): both sign in again.
    const [aNow, bNow] = await Promise.all(
      [a, b].map(async (m) => ({ ...m, token: await signIn(m.client, m.email) })),
    );
    const renewedA = (await plansOf(aNow!)).find((p) => p.renewed_from_id === positionA.id);
    const renewedB = (await plansOf(bNow!)).find((p) => p.renewed_from_id === positionB.id);
    expect(renewedA).toMatchObject({ apy_bps: 800, locked_apy_bps: 1000, amount: 5_000, duration_days: 40 });
    expect(renewedB).toMatchObject({ apy_bps: 1000, locked_apy_bps: 1200, amount: 5_000, duration_days: 40 });
    const check = await checkLedger(db);
    expect(check.ok).toBe(true);
  });
});

describe('each position renews at the rate in force at its own end (decision 193)', () => {
  it('is told that rate, and gets it even when the job reaches it after a later change took effect', async () => {
    clock.set(new Date('2026-05-01T10:00:00Z'));
    await putSettings(db, { rate_notice_days: 30 }, clock.now());
    const plan = await createPlan(app, { apyBps: 1000, lockedApyBps: 1200, durationDays: 40 });
    // Two positions of one plan: one ends 2026-06-16 10:00, the other 2026-06-21 10:00.
    clock.set(new Date('2026-05-07T10:00:00Z'));
    const first = await fundedMember(app, 10_000);
    const firstPosition = await investIn(first, plan.id, 5_000);
    await renew(first, firstPosition.id);
    clock.set(new Date('2026-05-12T10:00:00Z'));
    const second = await fundedMember(app, 10_000);
    const secondPosition = await investIn(second, plan.id, 5_000);
    await renew(second, secondPosition.id);
    // A cut to 8% that reaches renewals from 2026-06-20 10:00: after the first end, before the second.
    await changeRateAt('2026-05-21T10:00:00Z', plan.id, 800, 1000);

    // Seven days before the second end, both notices go out in one batch: each with its own rate.
    clock.set(new Date('2026-06-14T10:00:00Z'));
    expect((await app.inject({ method: 'POST', url: '/api/dev/clock', payload: {} })).statusCode).toBe(200);
    const [firstNow, secondNow] = await Promise.all(
      [first, second].map(async (m) => ({ ...m, token: await signIn(m.client, m.email) })),
    );
    const noticeOf = async (member: Member) =>
      (await member.client.get('/api/notifications', { token: member.token }))
        .json<NotificationListResponse>()
        .data.find((n) => n.kind === 'plan_renewal_notice')?.body;
    expect(await noticeOf(firstNow!)).toContain('10% a year');
    expect(await noticeOf(secondNow!)).toContain('8% a year');

    // The jobs stop until 2026-06-22, after the cut took effect: the first position, due on 06-16,
    // still renews at the 10% its end had.
    clock.set(new Date('2026-06-22T10:00:00Z'));
    expect((await app.inject({ method: 'POST', url: '/api/dev/clock', payload: {} })).statusCode).toBe(200);
    const renewedFirst = (await plansOf(firstNow!)).find((p) => p.renewed_from_id === firstPosition.id);
    const renewedSecond = (await plansOf(secondNow!)).find((p) => p.renewed_from_id === secondPosition.id);
    expect(renewedFirst).toMatchObject({
      apy_bps: 1000,
      locked_apy_bps: 1200,
      starts_at: '2026-06-16T10:00:00.000Z',
    });
    expect(renewedSecond).toMatchObject({
      apy_bps: 800,
      locked_apy_bps: 1000,
      starts_at: '2026-06-21T10:00:00.000Z',
    });
    expect((await checkLedger(db)).ok).toBe(true);
  });
});

describe('renewal of a position that reinvests its earnings', () => {
  it('renews the grown principal and keeps reinvesting in the new term', async () => {
    clock.set(new Date('2026-08-01T10:00:00Z'));
    // 36.5% a year is 0.1% a day: two days reinvested on $10,000 = $10 + $10.01.
    const plan = await createPlan(app, { apyBps: 3650, lockedApyBps: 3650, durationDays: 2 });
    const member = await fundedMember(app, 10_000);
    const position = await investIn(member, plan.id, 10_000);
    await renew(member, position.id);
    const on = await member.client.put(
      `/api/pp/${position.id}/compounding`,
      { reinvest: true },
      { token: member.token },
    );
    expect(on.statusCode, on.body).toBe(200);

    clock.set(new Date('2026-08-03T10:00:00Z'));
    expect((await app.inject({ method: 'POST', url: '/api/dev/clock', payload: {} })).statusCode).toBe(200);
    const renewed = (await plansOf(member)).find((p) => p.renewed_from_id === position.id);
    expect(renewed).toMatchObject({ amount: 10_020.01, reinvest: true, reinvested: 0, status: 'active' });

    // The new term's first day is reinvested too: 10,020.01 × 0.1% = $10.02.
    clock.set(new Date('2026-08-04T00:00:00Z'));
    expect((await app.inject({ method: 'POST', url: '/api/dev/clock', payload: {} })).statusCode).toBe(200);
    const grown = (await plansOf(member)).find((p) => p.id === renewed?.id);
    expect(grown).toMatchObject({ amount: 10_030.03, reinvested: 10.02 });
    const books = await checkLedger(db);
    expect(Object.entries(books).filter(([, v]) => Array.isArray(v) && v.length > 0)).toEqual([]);
    expect(books.ok).toBe(true);
  });
});
