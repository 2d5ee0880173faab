import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ledgerEntries, plans } from '@app/db';
import type {
  ActivityResponse,
  NotificationListResponse,
  UserPlanActionResponse,
  UserPlanDetail,
  UserPlanListResponse,
} from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { balanceOf, type Member } from '../../../test/money';
import { createPlan, fundedMember, investIn } from '../../../test/investing';
import { expectBooksBalance } from '../../../test/ledger';

/**
 * Renewal at maturity (issue 38 item 3, decision 194): the member's switch (PUT /api/pp/:id/renewal),
 * the renewal in the maturity path, and the notice RENEWAL_NOTICE_DAYS before the end.
 */
const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

async function runJobsAt(instant: string) {
  clock.set(new Date(instant));
  const response = await app.inject({ method: 'POST', url: '/api/dev/clock', payload: {} });
  expect(response.statusCode).toBe(200);
  expect(response.json<{ jobs: string[] }>().jobs).toEqual(
    expect.arrayContaining(['accrual', 'renewal-notice']),
  );
}

function choose(member: Member, id: number, atMaturity: unknown) {
  return member.client.put(`/api/pp/${id}/renewal`, { at_maturity: atMaturity }, { token: member.token });
}

/** Turns "reinvest earnings" on or off for the member's position; the switch must be accepted. */
async function setReinvest(member: Member, id: number, reinvest: boolean) {
  const response = await member.client.put(
    `/api/pp/${id}/compounding`,
    { reinvest },
    { token: member.token },
  );
  expect(response.statusCode, response.body).toBe(200);
}

async function plansOf(member: Member): Promise<UserPlanDetail[]> {
  const response = await member.client.get('/api/pp?per_page=50', { token: member.token });
  expect(response.statusCode).toBe(200);
  return response.json<UserPlanListResponse>().data as UserPlanDetail[];
}

async function notices(member: Member, kind: string, lang = 'en') {
  const response = await member.client.get(`/api/notifications?lang=${lang}`, { token: member.token });
  return response.json<NotificationListResponse>().data.filter((item) => item.kind === kind);
}

describe('the renewal switch (PUT /api/pp/:id/renewal)', () => {
  it('saves a choice on a running fixed term, and says no clearly otherwise', async () => {
    clock.set(new Date('2026-01-05T10:00:00Z'));
    const fixed = await createPlan(app, { durationDays: 30 });
    const flexible = await createPlan(app, { durationDays: null });
    const owner = await fundedMember(app, 1000);
    const other = await fundedMember(app, 1000);
    const position = await investIn(owner, fixed.id, 200);
    const open = await investIn(owner, flexible.id, 200);
    expect(position.at_maturity).toBe('cash');

    const saved = await choose(owner, position.id, 'renew_with_earnings');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<UserPlanActionResponse>().plan).toMatchObject({
      id: position.id,
      at_maturity: 'renew_with_earnings',
      renewed_from_id: null,
    });

    // Another member's plan: 404, and nothing changed.
    const foreign = await choose(other, position.id, 'cash');
    expect(foreign.statusCode).toBe(404);
    expect((await plansOf(owner)).find((p) => p.id === position.id)?.at_maturity).toBe('renew_with_earnings');

    for (const bad of ['forever', '', 7, null]) {
      const response = await choose(owner, position.id, bad);
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json<{ errors: Record<string, string[]> }>().errors.at_maturity).toEqual([
        'Choose what happens at the end of the plan.',
      ]);
    }
    const missing = await owner.client.put(`/api/pp/${position.id}/renewal`, {}, { token: owner.token });
    expect(missing.statusCode).toBe(400);

    const flexibleAnswer = await choose(owner, open.id, 'renew');
    expect(flexibleAnswer.statusCode).toBe(422);
    expect(flexibleAnswer.json<{ message: string }>().message).toMatch(/flexible plan has no end date/);

    await db.update(plans).set({ status: 'inactive' }).where(eq(plans.id, fixed.id));
    const closed = await choose(owner, position.id, 'renew');
    expect(closed.statusCode).toBe(422);
    expect(closed.json<{ message: string }>().message).toBe(
      'This plan is no longer offered, so it cannot be renewed.',
    );
    // Back to cash is always allowed.
    expect((await choose(owner, position.id, 'cash')).statusCode).toBe(200);
    expect((await plansOf(owner)).find((p) => p.id === position.id)?.at_maturity).toBe('cash');
  });

  it('a plan that has ended cannot be switched (409)', async () => {
    clock.set(new Date('2026-02-01T10:00:00Z'));
    const fixed = await createPlan(app, { durationDays: 2 });
    const member = await fundedMember(app, 1000);
    const position = await investIn(member, fixed.id, 200);
    await runJobsAt('2026-02-03T12:00:00Z');
    const answer = await choose(member, position.id, 'renew');
    expect(answer.statusCode).toBe(409);
    expect(answer.json<{ message: string }>().message).toBe('This plan has already ended.');
  });
});

describe('renewal at maturity', () => {
  it('hand-worked: same term, the new rate; earnings paid out or renewed too', async () => {
    clock.set(new Date('2026-03-01T10:00:00Z'));
    const fixed = await createPlan(app, { apyBps: 1200, lockedApyBps: 1400, durationDays: 10 });
    const paidOut = await fundedMember(app, 12_000);
    const renewedToo = await fundedMember(app, 12_000);
    const toCash = await fundedMember(app, 12_000);
    const a = await investIn(paidOut, fixed.id, 10_000);
    const b = await investIn(renewedToo, fixed.id, 10_000);
    const c = await investIn(toCash, fixed.id, 10_000);
    expect((await choose(paidOut, a.id, 'renew')).statusCode).toBe(200);
    expect((await choose(renewedToo, b.id, 'renew_with_earnings')).statusCode).toBe(200);

    // The catalogue's rate changes during the term: the renewal takes the new one.
    await db.update(plans).set({ apyBps: 1500, lockedApyBps: 1800 }).where(eq(plans.id, fixed.id));

    // Ten days at 12% on $10,000: 10,000 × 1200 × 10 / 3,650,000 = 32.876… → $32.88 (to cash, daily).
    await runJobsAt('2026-03-11T10:00:00Z');
    expect((await balanceOf(paidOut)).balance).toBe(2032.88);

    for (const [member, old, amount, cash] of [
      [paidOut, a, 10_000, 2032.88],
      [renewedToo, b, 10_032.88, 2000],
    ] as const) {
      const all = await plansOf(member);
      const previous = all.find((p) => p.id === old.id)!;
      expect(previous).toMatchObject({
        status: 'completed',
        closed_at: '2026-03-11T10:00:00.000Z',
        earned: 32.88,
      });
      const renewed = all.find((p) => p.renewed_from_id === old.id)!;
      expect(renewed).toMatchObject({
        status: 'active',
        amount,
        apy_bps: 1500,
        locked_apy_bps: 1800,
        duration_days: 10,
        starts_at: '2026-03-11T10:00:00.000Z',
        ends_at: '2026-03-21T10:00:00.000Z',
        next_accrual_at: '2026-03-12T00:00:00.000Z',
        at_maturity: old.id === a.id ? 'renew' : 'renew_with_earnings',
        earned: 0,
      });
      expect(await balanceOf(member)).toMatchObject({ balance: cash });
      const [entry] = await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.reference, `renewal:${old.id}`));
      expect(entry).toMatchObject({ kind: 'plan_renewal', userId: member.user.id });
      expect(await notices(member, 'plan_renewed')).toHaveLength(1);
    }
    // Renewed earnings are an investment in Activity; paid-out ones move no cash at renewal.
    const activity = await renewedToo.client.get('/api/activity?type=investment', {
      token: renewedToo.token,
    });
    expect(activity.json<ActivityResponse>().data[0]).toMatchObject({
      amount: -32.88,
      description: `Earnings renewed into ${fixed.name}`,
    });
    // Back to cash: today's behaviour, untouched.
    const cashPlans = await plansOf(toCash);
    expect(cashPlans).toHaveLength(1);
    expect(cashPlans[0]).toMatchObject({ id: c.id, status: 'completed' });
    expect((await balanceOf(toCash)).balance).toBe(12_032.88);

    // The renewed position earns at its new rate from the next 00:00: 10,032.88 × 15% / 365 = $4.12.
    await runJobsAt('2026-03-12T00:00:00Z');
    const next = (await plansOf(renewedToo)).find((p) => p.renewed_from_id === b.id)!;
    expect(next).toMatchObject({ earned: 4.12, accrued_days: 1 });
    await expectBooksBalance(db, 'mismatchedRenewals');
  });

  it('a locked term renews unlocked; a plan closed since the choice returns to cash', async () => {
    clock.set(new Date('2026-04-01T10:00:00Z'));
    const kept = await createPlan(app, { apyBps: 1000, lockedApyBps: 1300, durationDays: 5 });
    const closing = await createPlan(app, { apyBps: 1000, durationDays: 5 });
    const member = await fundedMember(app, 5000);
    const locked = await investIn(member, kept.id, 1000);
    const closed = await investIn(member, closing.id, 1000);
    const lock = await member.client.post(`/api/pp/${locked.id}/lock`, {}, { token: member.token });
    expect(lock.statusCode).toBe(200);
    expect((await choose(member, locked.id, 'renew')).statusCode).toBe(200);
    expect((await choose(member, closed.id, 'renew_with_earnings')).statusCode).toBe(200);
    await db.update(plans).set({ status: 'inactive' }).where(eq(plans.id, closing.id));

    await runJobsAt('2026-04-06T11:00:00Z');
    const all = await plansOf(member);
    expect(all.find((p) => p.renewed_from_id === locked.id)).toMatchObject({
      status: 'active',
      locked_at: null,
      amount: 1000,
      apy_bps: 1000,
    });
    expect(all.find((p) => p.id === closed.id)).toMatchObject({ status: 'completed' });
    expect(all.find((p) => p.renewed_from_id === closed.id)).toBeUndefined();
    expect(await notices(member, 'plan_matured')).toHaveLength(1);
    await expectBooksBalance(db, 'mismatchedRenewals');
  });

  it('renews only the earnings still in cash', async () => {
    clock.set(new Date('2026-05-01T10:00:00Z'));
    const fixed = await createPlan(app, { apyBps: 3650, lockedApyBps: 3650, durationDays: 3 });
    const member = await fundedMember(app, 1000);
    const position = await investIn(member, fixed.id, 1000);
    expect((await choose(member, position.id, 'renew_with_earnings')).statusCode).toBe(200);
    // Three days at 36.5% on $1,000: $1 a day, $3 in all; the member invests $2 of it elsewhere.
    await runJobsAt('2026-05-04T09:00:00Z');
    expect((await balanceOf(member)).balance).toBe(3);
    const elsewhere = await createPlan(app, { durationDays: null, minAmountCents: 1_00 });
    await investIn(member, elsewhere.id, 2);
    await runJobsAt('2026-05-04T10:00:00Z');
    const renewed = (await plansOf(member)).find((p) => p.renewed_from_id === position.id)!;
    expect(renewed.amount).toBe(1001);
    expect((await balanceOf(member)).balance).toBe(0);
  });

  it('earnings already reinvested are in the principal: none is taken again from cash', async () => {
    clock.set(new Date('2026-06-01T10:00:00Z'));
    const fixed = await createPlan(app, { apyBps: 3650, lockedApyBps: 3650, durationDays: 3 });
    const member = await fundedMember(app, 1050);
    const position = await investIn(member, fixed.id, 1000);
    await setReinvest(member, position.id, true);
    expect((await choose(member, position.id, 'renew_with_earnings')).statusCode).toBe(200);

    // $1,000 at 0.1% a day, each day's earning added to the principal: $1,000 → $1,003.00 (to the cent).
    await runJobsAt('2026-06-04T10:00:00Z');
    const all = await plansOf(member);
    const previous = all.find((p) => p.id === position.id)!;
    expect(previous).toMatchObject({ status: 'completed', amount: 1003, earned: 3 });
    const renewed = all.find((p) => p.renewed_from_id === position.id)!;
    // The $50 the member kept in cash stays there: the renewal is the compounded principal alone.
    expect(renewed.amount).toBe(1003);
    expect((await balanceOf(member)).balance).toBe(50);
    await expectBooksBalance(db, 'mismatchedRenewals');
  });
});

/**
 * From `start`, a member's $1,000 in a 10-day term at 36.5% a year (0.1% a day), reinvesting its
 * earnings and set to renew.
 */
async function reinvestingRenewal(start: string) {
  clock.set(new Date(start));
  const fixed = await createPlan(app, { apyBps: 3650, lockedApyBps: 3650, durationDays: 10 });
  const member = await fundedMember(app, 1000);
  const position = await investIn(member, fixed.id, 1000);
  await setReinvest(member, position.id, true);
  expect((await choose(member, position.id, 'renew')).statusCode).toBe(200);
  return { member, position };
}

describe('the renewal notice', () => {
  it('tells the member the rate, RENEWAL_NOTICE_DAYS (7) before the end, once per choice', async () => {
    clock.set(new Date('2026-06-01T10:00:00Z'));
    const fixed = await createPlan(app, { apyBps: 1100, durationDays: 10 });
    const member = await fundedMember(app, 1000);
    const position = await investIn(member, fixed.id, 500);
    const cashOnly = await investIn(member, fixed.id, 100);
    expect((await choose(member, position.id, 'renew')).statusCode).toBe(200);
    await db.update(plans).set({ apyBps: 1250, lockedApyBps: 1500 }).where(eq(plans.id, fixed.id));

    await runJobsAt('2026-06-04T09:59:00Z');
    expect(await notices(member, 'plan_renewal_notice')).toEqual([]);

    await runJobsAt('2026-06-04T10:00:00Z');
    await runJobsAt('2026-06-04T10:01:00Z');
    const told = await notices(member, 'plan_renewal_notice');
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('12.5% a year');
    expect(told[0]!.body).toContain('its earnings stay in your balance');

    // A changed choice is told again; the position left to cash never is.
    expect((await choose(member, position.id, 'renew_with_earnings')).statusCode).toBe(200);
    await runJobsAt('2026-06-04T10:02:00Z');
    const again = await notices(member, 'plan_renewal_notice');
    expect(again).toHaveLength(2);
    expect(again[0]!.body).toContain('with its earnings added');
    expect(cashOnly.at_maturity).toBe('cash');
  });

  it('tells a reinvesting position it renews with its reinvested earnings, not that they stay in cash', async () => {
    const { member } = await reinvestingRenewal('2026-07-01T10:00:00Z');

    // Three days at 0.1% a day, each added to the principal: $1,000 → $1,003.00 when the notice goes.
    await runJobsAt('2026-07-04T10:00:00Z');
    const told = await notices(member, 'plan_renewal_notice');
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('now $1,003.00 with its reinvested earnings');
    expect(told[0]!.body).toContain('will renew for the same term at 36.5% a year with all it holds then.');
    expect(told[0]!.body).not.toContain('stay in your balance');
    const [spanish] = await notices(member, 'plan_renewal_notice', 'es');
    expect(spanish!.body).toContain('con sus ganancias reinvertidas');
    const [arabic] = await notices(member, 'plan_renewal_notice', 'ar');
    expect(arabic!.body).toContain('مع أرباحها المُعاد استثمارها');
  });

  it('tells a position that reinvested for part of its term that it renews with those earnings too', async () => {
    const { member, position } = await reinvestingRenewal('2026-08-01T10:00:00Z');
    await runJobsAt('2026-08-03T10:00:00Z');
    // Reinvested two days ($1,000 → $1,002.00), then paid out: the principal keeps what it reinvested.
    await setReinvest(member, position.id, false);
    await runJobsAt('2026-08-04T10:00:00Z');
    const [told] = await notices(member, 'plan_renewal_notice');
    expect(told!.body).toContain('now $1,002.00 with its reinvested earnings');
    expect(told!.body).not.toContain('stay in your balance');
  });
});
