import { describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import {
  announcements,
  auditLog,
  kycVerifications,
  notificationPreferences,
  notifications,
  userProfiles,
  users,
} from '@app/db';
import type { AnnouncementListResponse, AnnouncementResponse, NotificationListResponse } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { errorOf, mailsTo } from '../../../test/accounts';
import { signInAdminAs } from '../../../test/admin';
import { signedInAdmin, signedInMember, type Member } from '../../../test/money';
import { createPlan, fundedMember, investIn } from '../../../test/investing';
import { deliverAnnouncement } from './announcement-delivery';

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;
const admin = await signedInAdmin(app);
const as = (who: { token: string }) => ({ token: who.token });

const draft = (overrides: Record<string, unknown> = {}) => ({
  title: { en: 'New rates', es: 'Nuevas tasas' },
  body: { en: 'Rates change on 1 April.', es: 'Las tasas cambian el 1 de abril.' },
  segment: 'all',
  ...overrides,
});

async function create(body: Record<string, unknown>) {
  const response = await admin.client.post('/api/admin/announcements', body, as(admin));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AnnouncementResponse>().announcement;
}

const bell = async (member: Member) =>
  (await member.client.get('/api/notifications', as(member))).json<NotificationListResponse>().data;

const receivedBy = async (announcementId: number) =>
  (
    await db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(like(notifications.reference, `announcement:${announcementId}:%`))
  )
    .map((row) => row.userId)
    .sort((a, b) => a - b);

const setLanguage = (member: Member, language: string) =>
  db.update(users).set({ language }).where(eq(users.id, member.user.id));

describe('who may use the announcement routes', () => {
  it('refuses a member token (403) and no token (401) on every route, and admits support', async () => {
    const member = await signedInMember(app);
    const created = await create(draft());
    const routes: Array<['GET' | 'POST' | 'PUT', string, unknown]> = [
      ['GET', '/api/admin/announcements', undefined],
      ['GET', `/api/admin/announcements/${created.id}`, undefined],
      ['GET', `/api/admin/announcements/${created.id}/audience`, undefined],
      ['POST', '/api/admin/announcements', draft()],
      ['PUT', `/api/admin/announcements/${created.id}`, draft()],
      ['POST', `/api/admin/announcements/${created.id}/schedule`, { at: null }],
      ['POST', `/api/admin/announcements/${created.id}/send`, {}],
    ];
    const finance = await signInAdminAs(app, 'finance');
    for (const [method, url, payload] of routes) {
      const asMember = await member.client.request(method, url, payload, as(member));
      expect(asMember.statusCode, `${method} ${url}`).toBe(403);
      const asFinance = await finance.client.request(method, url, payload, as(finance));
      expect(asFinance.statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await db.select().from(announcements)).length).toBe(1);
    expect(await receivedBy(created.id)).toEqual([]);
    const support = await signInAdminAs(app, 'support');
    const listed = await support.client.get('/api/admin/announcements', as(support));
    expect(listed.statusCode).toBe(200);
    expect(listed.json<AnnouncementListResponse>().data[0]).toMatchObject({
      id: created.id,
      status: 'draft',
    });
  });
});

describe('bad input', () => {
  it('answers 400 with field errors and stores nothing', async () => {
    const before = (await db.select().from(announcements)).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [draft({ title: { en: '' } }), 'title.en'],
      [draft({ title: { en: 'A' }, body: { en: 'x', es: 'y' } }), 'title.es'],
      [draft({ segment: 'country' }), 'country'],
      [draft({ segment: 'plan' }), 'plan_id'],
      [draft({ segment: 'plan', plan_id: 999999 }), 'plan_id'],
      [draft({ segment: 'everyone' }), 'segment'],
    ];
    for (const [body, field] of cases) {
      const response = await admin.client.post('/api/admin/announcements', body, as(admin));
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(errorOf(response).errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await db.select().from(announcements)).length).toBe(before);
    const missing = await admin.client.get('/api/admin/announcements/999999', as(admin));
    expect(missing.statusCode).toBe(404);
  });
});

describe('sending to a segment', () => {
  it('reaches exactly the members holding the plan, in their language, once', async () => {
    const plan = await createPlan(app, { minAmountCents: 100_00 });
    const spanish = await fundedMember(app, 1000);
    const arabic = await fundedMember(app, 1000);
    await investIn(spanish, plan.id, 200);
    await investIn(arabic, plan.id, 200);
    await setLanguage(spanish, 'es');
    await setLanguage(arabic, 'ar');
    const outsider = await fundedMember(app, 1000);
    await db.insert(notificationPreferences).values({
      userId: arabic.user.id,
      category: 'product_news',
      inApp: true,
      email: false,
      updatedAt: clock.now(),
    });

    const created = await create(draft({ segment: 'plan', plan_id: plan.id }));
    const audience = await admin.client.get(`/api/admin/announcements/${created.id}/audience`, as(admin));
    expect(audience.json()).toEqual({ members: 2 });

    const sent = await admin.client.post(`/api/admin/announcements/${created.id}/send`, {}, as(admin));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<AnnouncementResponse>().announcement).toMatchObject({
      status: 'sent',
      recipients: 2,
      mailed: 1,
    });
    expect(await receivedBy(created.id)).toEqual([spanish.user.id, arabic.user.id].sort((a, b) => a - b));
    expect((await bell(spanish))[0]).toMatchObject({ kind: 'news_announcement', title: 'Nuevas tasas' });
    // No Arabic text: English for the Arabic reader; the mail choice was off, so no mail.
    expect((await bell(arabic))[0]).toMatchObject({ title: 'New rates', body: 'Rates change on 1 April.' });
    expect((await mailsTo(app, spanish.email)).filter((m) => m.subject === 'Nuevas tasas')).toHaveLength(1);
    expect((await mailsTo(app, arabic.email)).filter((m) => m.subject === 'New rates')).toHaveLength(0);
    expect((await bell(outsider)).some((n) => n.kind === 'news_announcement')).toBe(false);

    // A re-run (a job that stopped half-way and resumes from the start) sends nothing twice.
    await db
      .update(announcements)
      .set({ status: 'sending', cursor: 0 })
      .where(eq(announcements.id, created.id));
    await deliverAnnouncement(app.deps.database, app.deps.mailer, created.id, clock.now());
    expect(await receivedBy(created.id)).toHaveLength(2);
    expect((await mailsTo(app, spanish.email)).filter((m) => m.subject === 'Nuevas tasas')).toHaveLength(1);
    const [row] = await db.select().from(announcements).where(eq(announcements.id, created.id));
    expect(row).toMatchObject({ status: 'sent', recipients: 2, mailed: 1 });

    const edit = await admin.client.put(`/api/admin/announcements/${created.id}`, draft(), as(admin));
    expect(edit.statusCode).toBe(409);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'announcement.send'), eq(auditLog.subjectId, String(created.id))));
    expect(audit?.actorId).toBe(admin.user.id);
  });

  it('mails a terms notice whatever the member chose, to a country segment', async () => {
    const inSpain = await signedInMember(app);
    const elsewhere = await signedInMember(app);
    await db.insert(userProfiles).values([
      { userId: inSpain.user.id, country: 'ES', updatedAt: clock.now() },
      { userId: elsewhere.user.id, country: 'FR', updatedAt: clock.now() },
    ]);
    await db.insert(notificationPreferences).values({
      userId: inSpain.user.id,
      category: 'product_news',
      inApp: false,
      email: false,
      updatedAt: clock.now(),
    });
    const created = await create(
      draft({
        title: { en: 'New terms' },
        body: { en: 'Our terms change.' },
        notice: true,
        segment: 'country',
        country: 'ES',
      }),
    );
    await admin.client.post(`/api/admin/announcements/${created.id}/send`, {}, as(admin));
    expect(await receivedBy(created.id)).toEqual([inSpain.user.id]);
    expect((await bell(inSpain))[0]).toMatchObject({ kind: 'security_notice', title: 'New terms' });
    expect((await mailsTo(app, inSpain.email)).filter((m) => m.subject === 'New terms')).toHaveLength(1);
  });
});

describe('the verified segment', () => {
  it('reaches members whose identity verification is approved and not expired, nobody else', async () => {
    const today = clock.now().toISOString().slice(0, 10);
    const verified = await signedInMember(app);
    const expired = await signedInMember(app);
    const submitted = await signedInMember(app);
    await signedInMember(app); // not started
    const kyc = (userId: number, status: 'approved' | 'submitted', expiresOn: string | null) => ({
      userId,
      status,
      documentType: 'passport' as const,
      documentExpiresOn: expiresOn,
      submittedAt: clock.now(),
    });
    await db
      .insert(kycVerifications)
      .values([
        kyc(verified.user.id, 'approved', '2099-01-01'),
        kyc(expired.user.id, 'approved', '2000-01-01'),
        kyc(submitted.user.id, 'submitted', null),
      ]);
    expect(today > '2000-01-01').toBe(true);

    const created = await create(draft({ segment: 'verified' }));
    const audience = await admin.client.get(`/api/admin/announcements/${created.id}/audience`, as(admin));
    expect(audience.json()).toEqual({ members: 1 });
    const sent = await admin.client.post(`/api/admin/announcements/${created.id}/send`, {}, as(admin));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await receivedBy(created.id)).toEqual([verified.user.id]);
  });
});

describe('a scheduled send', () => {
  it('refuses a past time, and the job sends it once its time has come', async () => {
    const member = await signedInMember(app);
    const created = await create(draft({ title: { en: 'Later' }, body: { en: 'Soon.' } }));
    const url = `/api/admin/announcements/${created.id}/schedule`;
    const past = await admin.client.post(
      url,
      { at: new Date(clock.now().getTime() - 1000).toISOString() },
      as(admin),
    );
    expect(past.statusCode).toBe(400);
    expect(errorOf(past).errors).toHaveProperty('at');
    const at = new Date(clock.now().getTime() + 3_600_000);
    const scheduled = await admin.client.post(url, { at: at.toISOString() }, as(admin));
    expect(scheduled.json<AnnouncementResponse>().announcement).toMatchObject({ status: 'scheduled' });

    const job = app.deps.jobs.list().find((candidate) => candidate.name === 'announcement-send')!;
    const now = clock.now();
    try {
      await job.run({ database: app.deps.database, clock });
      expect(await receivedBy(created.id)).toEqual([]);
      clock.set(new Date(at.getTime() + 1000));
      await job.run({ database: app.deps.database, clock });
      await job.run({ database: app.deps.database, clock });
    } finally {
      clock.set(now);
    }
    expect(await receivedBy(created.id)).toContain(member.user.id);
    const [row] = await db.select().from(announcements).where(eq(announcements.id, created.id));
    expect(row?.status).toBe('sent');
    expect(row?.recipients).toBe((await receivedBy(created.id)).length);
  });
});

describe('a scheduled announcement is not edited (its schedule asked for a second factor)', () => {
  it('refuses the edit 409 and keeps the texts; back in the drafts it is edited again', async () => {
    const created = await create(draft({ title: { en: 'Fixed' }, body: { en: 'As scheduled.' } }));
    const url = `/api/admin/announcements/${created.id}`;
    const at = new Date(clock.now().getTime() + 3_600_000).toISOString();
    expect((await admin.client.post(`${url}/schedule`, { at }, as(admin))).statusCode).toBe(200);

    const edit = draft({ title: { en: 'Swapped' }, body: { en: 'Something else.' } });
    const refused = await admin.client.put(url, edit, as(admin));
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(
      'This announcement is scheduled: move it back to the drafts to edit it.',
    );
    const [kept] = await db.select().from(announcements).where(eq(announcements.id, created.id));
    expect(kept).toMatchObject({
      status: 'scheduled',
      title: { en: 'Fixed' },
      body: { en: 'As scheduled.' },
    });

    expect((await admin.client.post(`${url}/schedule`, { at: null }, as(admin))).statusCode).toBe(200);
    const edited = await admin.client.put(url, edit, as(admin));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<AnnouncementResponse>().announcement).toMatchObject({
      status: 'draft',
      title: { en: 'Swapped' },
    });
  });
});

describe('an announcement changed after the job listed it (decision 183, amended)', () => {
  it('is not sent once taken back to a draft or moved to a later time; each change is audited with what it replaced', async () => {
    await signedInMember(app);
    const created = await create(draft({ title: { en: 'Maybe' }, body: { en: 'Perhaps.' } }));
    const url = `/api/admin/announcements/${created.id}/schedule`;
    const at = new Date(clock.now().getTime() + 3_600_000);
    expect((await admin.client.post(url, { at: at.toISOString() }, as(admin))).statusCode).toBe(200);
    // The job listed it as due at `at`; meanwhile the operator takes it back to a draft, and is told so.
    const unscheduled = await admin.client.post(url, { at: null }, as(admin));
    expect(unscheduled.statusCode).toBe(200);
    expect(unscheduled.json<AnnouncementResponse>()).toMatchObject({
      message: 'Announcement moved back to the drafts.',
      announcement: { status: 'draft' },
    });
    const due = new Date(at.getTime() + 1000);
    await deliverAnnouncement(app.deps.database, app.deps.mailer, created.id, due);
    expect(await receivedBy(created.id)).toEqual([]);

    // Scheduled again, then moved to the next day: not sent at the first time either.
    expect((await admin.client.post(url, { at: at.toISOString() }, as(admin))).statusCode).toBe(200);
    const later = new Date(at.getTime() + 86_400_000);
    expect((await admin.client.post(url, { at: later.toISOString() }, as(admin))).statusCode).toBe(200);
    await deliverAnnouncement(app.deps.database, app.deps.mailer, created.id, due);
    expect(await receivedBy(created.id)).toEqual([]);
    const [row] = await db.select().from(announcements).where(eq(announcements.id, created.id));
    expect(row).toMatchObject({ status: 'scheduled', recipients: 0 });

    const moves = await db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'announcement.schedule'), eq(auditLog.subjectId, String(created.id))))
      .orderBy(auditLog.id);
    expect(moves.at(-1)).toEqual({
      before: { status: 'scheduled', scheduled_at: at.toISOString() },
      after: { status: 'scheduled', scheduled_at: later.toISOString() },
    });
  });

  it('a send now records who was to receive it: the segment, whether it is a notice and how many members', async () => {
    await signedInMember(app);
    const created = await create(draft({ title: { en: 'Now' }, body: { en: 'Today.' }, notice: true }));
    const sent = await admin.client.post(`/api/admin/announcements/${created.id}/send`, {}, as(admin));
    expect(sent.statusCode, sent.body).toBe(200);
    const [entry] = await db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'announcement.send'), eq(auditLog.subjectId, String(created.id))));
    expect(entry?.before).toEqual({ status: 'draft', scheduled_at: null });
    expect(entry?.after).toMatchObject({ status: 'sending', segment: 'all', notice: true });
    expect((entry?.after as { audience: number }).audience).toBe((await receivedBy(created.id)).length);
  });
});

// Last: it moves the clock past every admin's second-factor window.
describe('sending asks for a recent second factor', () => {
  it('refuses send and schedule 403 REAUTH_REQUIRED ten minutes after the code, sends nothing, then sends once given', async () => {
    const member = await signedInMember(app);
    const support = await signInAdminAs(app, 'support');
    const created = await create(draft({ title: { en: 'Mass mail' }, body: { en: 'To everyone.' } }));
    clock.advance(11 * 60_000);
    const at = new Date(clock.now().getTime() + 3_600_000).toISOString();
    for (const [url, body] of [
      [`/api/admin/announcements/${created.id}/send`, {}],
      [`/api/admin/announcements/${created.id}/schedule`, { at }],
    ] as const) {
      const refused = await support.client.post(url, body, as(support));
      expect(refused.statusCode, url).toBe(403);
      expect(errorOf(refused).code).toBe('REAUTH_REQUIRED');
    }
    const [row] = await db.select().from(announcements).where(eq(announcements.id, created.id));
    expect(row).toMatchObject({ status: 'draft', scheduledAt: null });
    expect(await receivedBy(created.id)).toEqual([]);

    await support.reauth();
    const sent = await support.client.post(`/api/admin/announcements/${created.id}/send`, {}, as(support));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await receivedBy(created.id)).toContain(member.user.id);
  });
});
