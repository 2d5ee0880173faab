import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, kycVerifications, notifications, users } from '@app/db';
import { KYC_MESSAGES, type AdminKycListResponse, type NotificationListResponse } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { errorOf, mailsTo } from '../../../test/accounts';
import { signedInAdmin, signedInMember, type Member } from '../../../test/money';
import { jpegWithExif, pngWithText, tinyPdf } from './test-files';

/** Decision 189: the member is told of the decision; the queue is read a keyset page at a time. */
const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;
const reviewer = await signedInAdmin(app, 'support');

const upload = (member: Member, side: string, body: Buffer) =>
  member.client.post(`/api/kyc/documents/${side}`, body, {
    token: member.token,
    headers: { 'content-type': 'application/octet-stream' },
  });

async function submit(member: Member) {
  expect((await upload(member, 'identity_front', jpegWithExif())).statusCode).toBe(201);
  expect((await upload(member, 'identity_back', pngWithText())).statusCode).toBe(201);
  expect((await upload(member, 'proof_of_address', tinyPdf())).statusCode).toBe(201);
  const response = await member.client.post(
    '/api/kyc/submit',
    { document_type: 'id_card' },
    { token: member.token },
  );
  expect(response.statusCode).toBe(200);
}

const decide = (member: Member, action: 'approve' | 'reject', body: unknown = {}) =>
  reviewer.client.post(`/api/admin/kyc/${member.user.id}/${action}`, body, { token: reviewer.token });

async function bell(member: Member, lang = 'en') {
  const response = await member.client.get(`/api/notifications?lang=${lang}`, { token: member.token });
  expect(response.statusCode).toBe(200);
  return response.json<NotificationListResponse>().data;
}

describe('the member is told of the decision', () => {
  it('approved: a notification in the bell and a mail, even with every other mail turned off', async () => {
    const member = await signedInMember(app);
    const off = ['money', 'product_news', 'goals', 'loans'].map((category) => ({
      category,
      in_app: false,
      email: false,
    }));
    const saved = await member.client.put(
      '/api/notification-preferences',
      { preferences: off },
      { token: member.token },
    );
    expect(saved.statusCode).toBe(200);
    await submit(member);
    expect((await decide(member, 'approve')).statusCode).toBe(200);

    const [notice] = await bell(member);
    expect(notice).toMatchObject({
      kind: 'security_kyc_approved',
      title: 'Identity verified',
      body: 'Your identity verification has been approved: your account is verified.',
      link: '/profile',
    });
    expect((await bell(member, 'es'))[0]?.title).toBe('Identidad verificada');
    const mails = (await mailsTo(app, member.email)).filter((mail) => mail.subject === 'Identity verified');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('your account is verified');
    const [row] = await db.select().from(notifications).where(eq(notifications.userId, member.user.id));
    expect(row).toMatchObject({ messageKey: 'kyc_approved', params: {} });
  });

  it('rejected: the reason is in the notification and the mail, in the member’s language', async () => {
    const member = await signedInMember(app);
    await db.update(users).set({ language: 'es' }).where(eq(users.id, member.user.id));
    await submit(member);
    const reason = 'The photo of the front is blurred; upload a sharper one.';
    expect((await decide(member, 'reject', { reason })).statusCode).toBe(200);

    const [notice] = await bell(member);
    expect(notice).toMatchObject({
      kind: 'security_kyc_rejected',
      title: 'Identity verification rejected',
      body: `We could not verify your identity: The photo of the front is blurred; upload a sharper one. Upload your documents again on your profile and submit them.`,
    });
    expect((await bell(member, 'ar'))[0]?.body).toContain(reason.slice(0, -1));
    const [row] = await db.select().from(notifications).where(eq(notifications.userId, member.user.id));
    expect(row).toMatchObject({ messageKey: 'kyc_rejected', params: { reason } });
    const mail = (await mailsTo(app, member.email)).find((item) => item.text.includes(reason.slice(0, -1)));
    expect(mail?.subject).toBe('Verificación de identidad rechazada');
    expect(mail?.text).toContain('No pudimos verificar tu identidad');

    // Submitted again and rejected again: a second notice, not swallowed as a repeat of the first.
    clock.advance(60_000);
    await submit(member);
    expect(
      (await decide(member, 'reject', { reason: 'Proof of address is older than three months.' })).statusCode,
    ).toBe(200);
    const bodies = (await bell(member)).map((item) => item.body);
    expect(bodies.filter((body) => body.includes('older than three months'))).toHaveLength(1);
    expect(bodies.filter((body) => body.includes('blurred'))).toHaveLength(1);
  });

  it('a refused decision (no reason, already decided) tells the member nothing', async () => {
    const member = await signedInMember(app);
    await submit(member);
    const blank = await decide(member, 'reject', { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank).errors).toMatchObject({ reason: [KYC_MESSAGES.reasonRequired] });
    expect(await bell(member)).toHaveLength(0);
    expect((await decide(member, 'approve')).statusCode).toBe(200);
    expect((await decide(member, 'approve')).statusCode).toBe(409);
    expect(await bell(member)).toHaveLength(1);
  });
});

const page = (query: string) => reviewer.client.get(`/api/admin/kyc?${query}`, { token: reviewer.token });

describe('the name or address a verification checked (decision 180)', () => {
  const profileOf = (country: string, first_name: string, address = '1 Main St') => ({
    first_name,
    last_name: 'Lovelace',
    address,
    city: country === 'GB' ? 'London' : 'Berlin',
    postal_code: country === 'GB' ? 'SW1A 1AA' : '10115',
    country,
  });
  const update = (member: Member, body: object) =>
    member.client.patch('/api/profile/update', body, { token: member.token });
  const approvedIds = async () =>
    (await reviewer.client.get('/api/admin/kyc?status=approved&per_page=100', { token: reviewer.token }))
      .json<AdminKycListResponse>()
      .data.map((item) => item.user_id);
  const status = async (member: Member) =>
    (await member.client.get('/api/kyc', { token: member.token })).json<{ kyc: { status: string } }>().kyc
      .status;

  it('cannot change while under review (422 on each field); after approval a change asks for a new verification', async () => {
    const member = await signedInMember(app);
    expect((await update(member, { ...profileOf('GB', 'Ada'), city: null })).statusCode).toBe(200);
    await submit(member);
    // A detail the profile did not have yet is no change of what the reviewer compares.
    expect((await update(member, { city: 'London' })).statusCode).toBe(200);
    const refused = await update(member, { first_name: 'Mallory', country: 'DE', postal_code: '10115' });
    expect(refused.statusCode).toBe(422);
    const underReview =
      'Your identity documents are being reviewed with these details. Change them once the review is decided.';
    expect(errorOf(refused).errors).toEqual({
      first_name: [underReview],
      country: [underReview],
      postal_code: [underReview],
    });
    // Other details may change meanwhile.
    expect((await update(member, { phone: '+44 20 7946 0958' })).statusCode).toBe(200);
    expect((await decide(member, 'approve')).statusCode).toBe(200);
    expect(await status(member)).toBe('approved');
    expect(await approvedIds()).toContain(member.user.id);

    const moved = await update(member, { address: '9 Other Rd' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<{ message: string }>().message).toBe(
      'Profile updated successfully! Your name or address changed, so your identity must be verified again: upload your documents on your profile.',
    );
    expect(await status(member)).toBe('not_started');
    const [withdrawn] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'kyc.withdrawn'), eq(auditLog.subjectId, String(member.user.id))));
    expect(withdrawn).toMatchObject({ actorId: member.user.id, after: { fields: ['address'] } });
    // The back office no longer holds an approval for details the documents did not show.
    expect(await approvedIds()).not.toContain(member.user.id);
  });
});

describe('the queue, a keyset page at a time', () => {
  it('three pages of two return every submitted verification once, oldest first', async () => {
    // Two share a submission instant (the member id breaks the tie), the others follow.
    for (const step of [0, 0, 1_000, 1_000, 2_000]) {
      clock.advance(step);
      await submit(await signedInMember(app));
    }
    const expected = (
      await db.select().from(kycVerifications).where(eq(kycVerifications.status, 'submitted'))
    )
      .sort((a, b) => a.submittedAt.getTime() - b.submittedAt.getTime() || a.userId - b.userId)
      .map((row) => row.userId);
    expect(expected.length).toBeGreaterThanOrEqual(5);
    expect(expected.length).toBeLessThanOrEqual(6);

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await page(`status=submitted&per_page=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode).toBe(200);
      const body: AdminKycListResponse = response.json<AdminKycListResponse>();
      expect(body.data.length).toBeLessThanOrEqual(2);
      seen.push(...body.data.map((item) => item.user_id));
      cursor = body.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);

    const whole = (await page('status=submitted&per_page=100')).json<AdminKycListResponse>();
    expect(whole.data.map((item) => item.user_id)).toEqual(expected);
    expect(whole.next_cursor).toBeNull();
  });

  it('a bad cursor or page size is a 400 with a field error', async () => {
    for (const cursor of [
      'nonsense',
      '2026-13-45T00:00:00.000Z_1',
      '2026-03-14T09:12:00.000Z_0',
      '2026-03-14T09:12:00.000Z_99999999999',
    ]) {
      const response = await page(`cursor=${encodeURIComponent(cursor)}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(errorOf(response).errors).toMatchObject({ cursor: [KYC_MESSAGES.cursorInvalid] });
    }
    const big = await page('per_page=101');
    expect(big.statusCode).toBe(400);
    expect(errorOf(big).errors).toHaveProperty('per_page');
    const none = await page('status=approved&cursor=2999-01-01T00:00:00.000Z_1');
    expect(none.json<AdminKycListResponse>()).toEqual({ data: [], next_cursor: null });
  });
});
