import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { planRateChanges } from '@app/db';
import type {
  AdminPlanDetail,
  AdminPlanResponse,
  NotificationListResponse,
  PlanRateHistory,
} from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { errorOf } from '../../../test/accounts';
import { createPlan, fundedMember, investIn } from '../../../test/investing';
import { signInAdminAs } from '../../../test/admin';
import { signedInAdmin, signedInMember, type Member } from '../../../test/money';
import { putSettings } from '../settings/settings.service';
import { renewalRates } from '../plans/plan-rates';

const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;
const admin = await signedInAdmin(app);
const as = (who: { token: string }) => ({ token: who.token });
const DAY = 86_400_000;

async function bell(member: Member, lang = 'en') {
  const response = await member.client.get(`/api/notifications?lang=${lang}`, as(member));
  expect(response.statusCode).toBe(200);
  return response.json<NotificationListResponse>().data.filter((note) => note.kind === 'plan_rate_changed');
}

describe('a plan’s rate change in the back office (decision 193)', () => {
  it('reaches new investments at once, renewals after the notice, and tells each holder once', async () => {
    await putSettings(db, { rate_notice_days: 14 }, app.deps.clock.now());
    const plan = await createPlan(app, {
      name: 'Notice Harbour',
      apyBps: 1200,
      lockedApyBps: 1500,
      exit: { penaltyBps: 0, forfeit: 'none' },
    });
    const twice = await fundedMember(app, 500);
    await investIn(twice, plan.id, 100);
    await investIn(twice, plan.id, 100);
    const locked = await fundedMember(app, 300);
    const lockedPlan = await investIn(locked, plan.id, 100);
    expect(
      (await locked.client.post(`/api/pp/${lockedPlan.id}/lock`, {}, as(locked))).statusCode,
    ).toBeLessThan(300);
    const gone = await fundedMember(app, 300);
    const withdrawnUnit = await investIn(gone, plan.id, 100);
    const outsider = await signedInMember(app);

    const detail = await admin.client.get(`/api/admin/plans/${plan.id}`, as(admin));
    expect(detail.json<AdminPlanDetail>()).toMatchObject({ apy_bps: 1200, rate_notice_days: 14 });

    // A member whose position has ended is no holder (left early, through the ledger).
    const quote = await gone.client.get(`/api/pp/${withdrawnUnit.id}/exit-quote`, as(gone));
    expect(quote.statusCode, quote.body).toBe(200);
    const exited = await gone.client.post(
      `/api/pp/${withdrawnUnit.id}/exit`,
      { quote_id: quote.json<{ id: string }>().id },
      as(gone),
    );
    expect(exited.statusCode, exited.body).toBe(200);

    const now = app.deps.clock.now();
    const edited = await admin.client.patch(
      `/api/admin/plans/${plan.id}`,
      { apy_bps: 900, locked_apy_bps: 1100 },
      as(admin),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const renewalsFrom = new Date(now.getTime() + 14 * DAY);
    expect(edited.json<AdminPlanResponse>()).toMatchObject({
      message: 'Plan updated.',
      plan: { apy_bps: 900, locked_apy_bps: 1100 },
      rate_change: { renewals_from: renewalsFrom.toISOString(), notified: 2 },
    });
    const [row] = await db.select().from(planRateChanges).where(eq(planRateChanges.planId, plan.id));
    expect(row).toMatchObject({
      apyBpsBefore: 1200,
      apyBpsAfter: 900,
      lockedApyBpsBefore: 1500,
      lockedApyBpsAfter: 1100,
      changedAt: now,
      renewalsFrom,
      changedBy: admin.user.id,
    });

    // New investments: the new rate now. Renewals: the old one until renewals_from.
    expect(await investIn(twice, plan.id, 100)).toMatchObject({ apy_bps: 900 });
    expect(await renewalRates(db, plan.id, now)).toEqual({ apyBps: 1200, lockedApyBps: 1500 });
    expect(await renewalRates(db, plan.id, renewalsFrom)).toEqual({ apyBps: 900, lockedApyBps: 1100 });

    const english = await bell(twice);
    expect(english).toHaveLength(1);
    expect(english[0]).toMatchObject({ title: 'New rate for Notice Harbour', link: '/my-portfolio' });
    const medium = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(english[0]?.body).toBe(
      `The rate of Notice Harbour changes from 12% to 9% for renewals from ${medium.format(renewalsFrom)}; new investments get 9% from ${medium.format(now)}. The locked rate changes from 15% to 11% on the same dates.`,
    );
    const spanish = await bell(locked, 'es');
    expect(spanish).toHaveLength(1);
    expect(spanish[0]?.title).toBe('Nueva tasa para Notice Harbour');
    expect(spanish[0]?.body).toContain('pasa de 12');
    const arabic = await bell(locked, 'ar');
    expect(arabic[0]?.title).toBe('معدل جديد لخطة Notice Harbour');
    expect(await bell(gone)).toEqual([]);
    expect(await bell(outsider)).toEqual([]);

    // The public history shows the change.
    const history = await app.inject({ method: 'GET', url: `/api/plans/${plan.id}/rates` });
    expect(history.json<PlanRateHistory>().map((point) => point.apy_bps)).toEqual([1200, 900]);
  });

  it('records and tells nothing when an edit leaves the rates as they are', async () => {
    const plan = await createPlan(app, { apyBps: 1200, lockedApyBps: 1500 });
    const holder = await fundedMember(app, 300);
    await investIn(holder, plan.id, 100);
    for (const body of [{ description: 'New words.' }, { apy_bps: 1200, locked_apy_bps: 1500 }]) {
      const edited = await admin.client.patch(`/api/admin/plans/${plan.id}`, body, as(admin));
      expect(edited.statusCode).toBe(200);
      expect(edited.json<AdminPlanResponse>().rate_change).toBeNull();
    }
    expect(await db.select().from(planRateChanges).where(eq(planRateChanges.planId, plan.id))).toEqual([]);
    expect(await bell(holder)).toEqual([]);
  });

  it('refuses a bad change with 400 and field errors, recording and telling nothing', async () => {
    const plan = await createPlan(app, { apyBps: 1200, lockedApyBps: 1500 });
    const holder = await fundedMember(app, 300);
    await investIn(holder, plan.id, 100);
    const below = await admin.client.patch(`/api/admin/plans/${plan.id}`, { apy_bps: 1600 }, as(admin));
    expect(below.statusCode).toBe(400);
    expect(errorOf(below).errors).toEqual({
      locked_apy_bps: ['The locked rate must be at least the plan’s rate.'],
    });
    const malformed = await admin.client.patch(`/api/admin/plans/${plan.id}`, { apy_bps: -5 }, as(admin));
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(errorOf(malformed).errors ?? {})).toEqual(['apy_bps']);
    for (const id of ['abc', '0', '12345678901']) {
      const badId = await admin.client.patch(`/api/admin/plans/${id}`, { apy_bps: 1000 }, as(admin));
      expect(badId.statusCode, id).toBe(400);
      expect(Object.keys(errorOf(badId).errors ?? {})).toEqual(['id']);
    }
    const unknown = await admin.client.patch('/api/admin/plans/2000000000', { apy_bps: 1000 }, as(admin));
    expect(unknown.statusCode).toBe(404);
    expect(await db.select().from(planRateChanges).where(eq(planRateChanges.planId, plan.id))).toEqual([]);
    expect(await bell(holder)).toEqual([]);
  });

  it('lets no member or support admin change a rate (401 without a session, 403 otherwise)', async () => {
    const plan = await createPlan(app, { apyBps: 1200, lockedApyBps: 1500 });
    const member = await signedInMember(app);
    const support = await signInAdminAs(app, 'support');
    const body = { apy_bps: 100 };
    expect((await member.client.patch(`/api/admin/plans/${plan.id}`, body)).statusCode).toBe(401);
    expect((await member.client.patch(`/api/admin/plans/${plan.id}`, body, as(member))).statusCode).toBe(403);
    expect((await member.client.get(`/api/admin/plans/${plan.id}`, as(member))).statusCode).toBe(403);
    expect((await support.client.patch(`/api/admin/plans/${plan.id}`, body, as(support))).statusCode).toBe(
      403,
    );
    const finance = await signInAdminAs(app, 'finance');
    const allowed = await finance.client.patch(`/api/admin/plans/${plan.id}`, body, as(finance));
    expect(allowed.statusCode).toBe(200);
    const rows = await db
      .select()
      .from(planRateChanges)
      .where(and(eq(planRateChanges.planId, plan.id), eq(planRateChanges.changedBy, finance.user.id)));
    expect(rows).toHaveLength(1);
  });
});
