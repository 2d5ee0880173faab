import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { auditLog, kycBlobs, kycDocuments } from '@app/db';
import {
  KYC_MAX_BYTES,
  KYC_MESSAGES,
  type KycActionResponse,
  type KycStateResponse,
  type KycUploadResponse,
} from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { errorOf, signIn } from '../../../test/accounts';
import { depositThroughSandbox, signedInAdmin, signedInMember, type Member } from '../../../test/money';
import { jpegWithExif, pngWithText, tinyPdf } from './test-files';

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

const upload = (member: Member, side: string, body: Buffer, query = '', type = 'application/octet-stream') =>
  member.client.post(`/api/kyc/documents/${side}${query}`, body, {
    token: member.token,
    headers: { 'content-type': type },
  });
const stateOf = async (member: Member) =>
  (await member.client.get('/api/kyc', { token: member.token })).json<KycStateResponse>().kyc;
const documentsOf = (userId: number) => db.select().from(kycDocuments).where(eq(kycDocuments.userId, userId));

async function submitted(member: Member) {
  expect((await upload(member, 'identity_front', jpegWithExif())).statusCode).toBe(201);
  expect((await upload(member, 'identity_back', pngWithText())).statusCode).toBe(201);
  expect((await upload(member, 'proof_of_address', tinyPdf())).statusCode).toBe(201);
  const response = await member.client.post(
    '/api/kyc/submit',
    { document_type: 'id_card', document_expires_on: '2030-01-01' },
    { token: member.token },
  );
  expect(response.statusCode).toBe(200);
  return response.json<KycActionResponse>();
}

describe('member uploads', () => {
  it('stores the file sealed, its metadata stripped, and gives it back to its member only', async () => {
    const member = await signedInMember(app);
    expect((await stateOf(member)).status).toBe('not_started');
    const response = await upload(
      member,
      'identity_front',
      jpegWithExif(),
      '?file_name=front.jpg',
      'image/png',
    );
    expect(response.statusCode).toBe(201);
    const { document } = response.json<KycUploadResponse>();
    expect(document).toMatchObject({ side: 'identity_front', mime: 'image/jpeg' });
    const [row] = await documentsOf(member.user.id);
    const [blob] = await db.select().from(kycBlobs).where(eq(kycBlobs.key, row!.storageKey));
    const stored = Buffer.from(blob!.sealed);
    expect(stored.includes(Buffer.from('JFIF'))).toBe(false);
    const back = await member.client.get(`/api/kyc/documents/${document.id}`, { token: member.token });
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('image/jpeg');
    expect(back.headers['cache-control']).toBe('no-store');
    expect(back.rawPayload.includes(Buffer.from('GPS 51.5N'))).toBe(false);
    expect(back.rawPayload.includes(Buffer.from('JFIF'))).toBe(true);
    expect(back.rawPayload.equals(stored)).toBe(false);
    const other = await signedInMember(app);
    expect(
      (await other.client.get(`/api/kyc/documents/${document.id}`, { token: other.token })).statusCode,
    ).toBe(404);
  });

  it('refuses bad files with a clear 4xx and stores nothing', async () => {
    const member = await signedInMember(app);
    const cases: Array<[Buffer, string, number, string]> = [
      [Buffer.alloc(0), '', 400, KYC_MESSAGES.emptyFile],
      [
        Buffer.concat([tinyPdf(), Buffer.alloc(KYC_MAX_BYTES + 1 - tinyPdf().length)]),
        '',
        400,
        KYC_MESSAGES.tooLarge,
      ],
      [
        Buffer.from('MZ\x90\x00 this program cannot be run in DOS mode'),
        '?file_name=id.pdf',
        400,
        KYC_MESSAGES.typeNotAllowed,
      ],
      [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x40, 1, 2]), '', 400, KYC_MESSAGES.typeNotAllowed],
      [
        Buffer.concat([pngWithText().subarray(0, 8), Buffer.from('not png')]),
        '',
        400,
        KYC_MESSAGES.typeNotAllowed,
      ],
      [tinyPdf(), '?file_name=..%2F..%2Fetc%2Fpasswd', 400, KYC_MESSAGES.fileNameInvalid],
    ];
    for (const [body, query, status, message] of cases) {
      const response = await upload(member, 'identity_front', body, query);
      expect(response.statusCode, message).toBe(status);
      expect(errorOf(response).message).toBe(message);
    }
    expect((await upload(member, 'selfie', tinyPdf())).statusCode).toBe(400);
    // Past the parser's limit the body is not even read: 413.
    expect((await upload(member, 'identity_front', Buffer.alloc(KYC_MAX_BYTES + 2))).statusCode).toBe(413);
    expect(await documentsOf(member.user.id)).toHaveLength(0);
  });

  it('20 uploads at once: past the limit each is refused (429) and one draft per side is kept', async () => {
    const member = await signedInMember(app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => upload(member, 'proof_of_address', tinyPdf())),
    );
    const codes = answers.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(10);
    expect(codes.filter((code) => code === 429)).toHaveLength(10);
    expect(await documentsOf(member.user.id)).toHaveLength(1);
  });

  it('submit needs the front, the back where the type has one and a proof of address', async () => {
    const member = await signedInMember(app);
    await upload(member, 'identity_front', pngWithText());
    const response = await member.client.post(
      '/api/kyc/submit',
      { document_type: 'id_card' },
      { token: member.token },
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errors).toMatchObject({
      identity_back: [KYC_MESSAGES.backMissing],
      proof_of_address: [KYC_MESSAGES.addressMissing],
    });
    await upload(member, 'proof_of_address', tinyPdf());
    const passport = await member.client.post(
      '/api/kyc/submit',
      { document_type: 'passport', document_expires_on: '2020-01-01' },
      { token: member.token },
    );
    expect(passport.statusCode).toBe(400);
    // Not a day of the calendar: a field error, not the database's refusal (a 500 before).
    for (const day of ['2030-02-31', '2031-02-29', '2030-04-31']) {
      const impossible = await member.client.post(
        '/api/kyc/submit',
        { document_type: 'passport', document_expires_on: day },
        { token: member.token },
      );
      expect(impossible.statusCode, day).toBe(400);
      expect(errorOf(impossible).errors).toEqual({ document_expires_on: [KYC_MESSAGES.expiryInvalid] });
    }
    expect((await stateOf(member)).status).toBe('not_started');
    const ok = await member.client.post(
      '/api/kyc/submit',
      { document_type: 'passport' },
      { token: member.token },
    );
    expect(ok.statusCode).toBe(200);
    expect((await upload(member, 'identity_front', tinyPdf())).statusCode).toBe(409);
  });
});

describe('the back-office queue and the withdrawal limit', () => {
  it('rejects with a reason, the member uploads again, is approved, and the blocked withdrawal goes through', async () => {
    const admin = await signedInAdmin(app, 'support');
    const superadmin = await signedInAdmin(app);
    const put = await superadmin.client.put(
      '/api/admin/settings',
      { kyc_withdrawal_threshold: 50 },
      { token: superadmin.token },
    );
    expect(put.statusCode).toBe(200);
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 200);
    expect((await stateOf(member)).withdrawal_limit.threshold).toBe(50);
    const withdraw = (amount: number) =>
      member.client.post(
        '/api/withdrawal',
        { amount, withdrawal_method: 'crypto', destination: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
        { token: member.token },
      );
    const blocked = await withdraw(60);
    expect(blocked.statusCode).toBe(422);
    expect(errorOf(blocked).message).toBe(KYC_MESSAGES.verificationRequired);
    expect((await withdraw(50)).statusCode).toBe(201);

    await submitted(member);
    const queue = await admin.client.get('/api/admin/kyc', { token: admin.token });
    expect(queue.json<{ data: Array<{ user_id: number }> }>().data.map((row) => row.user_id)).toContain(
      member.user.id,
    );
    const detail = await admin.client.get(`/api/admin/kyc/${member.user.id}`, { token: admin.token });
    expect(detail.statusCode).toBe(200);
    const { documents } = detail.json<{ documents: Array<{ id: number }> }>();
    expect(documents).toHaveLength(3);
    const inline = await admin.client.get(`/api/admin/kyc/documents/${documents[0]!.id}`, {
      token: admin.token,
    });
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('image/jpeg');
    // Who opened it is on record: the document, its owner and side, never its content.
    const [viewed] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'kyc.document_viewed'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(viewed).toMatchObject({
      actorId: admin.user.id,
      subjectType: 'kyc_document',
      subjectId: String(documents[0]!.id),
      after: { user_id: member.user.id, side: 'identity_front' },
    });

    const noReason = await admin.client.post(
      `/api/admin/kyc/${member.user.id}/reject`,
      { reason: ' ' },
      { token: admin.token },
    );
    expect(noReason.statusCode).toBe(400);
    const reason = 'The photo is blurred; upload a sharper picture of the front.';
    const reject = await admin.client.post(
      `/api/admin/kyc/${member.user.id}/reject`,
      { reason },
      { token: admin.token },
    );
    expect(reject.statusCode).toBe(200);
    expect(await stateOf(member)).toMatchObject({ status: 'rejected', reason });
    const again = await admin.client.post(
      `/api/admin/kyc/${member.user.id}/approve`,
      {},
      { token: admin.token },
    );
    expect(again.statusCode).toBe(409);

    await submitted(member);
    const approve = await admin.client.post(
      `/api/admin/kyc/${member.user.id}/approve`,
      {},
      { token: admin.token },
    );
    expect(approve.statusCode).toBe(200);
    expect((await stateOf(member)).status).toBe('approved');
    expect((await withdraw(60)).statusCode).toBe(201);

    // The identity card expires on 2030-01-01: the day after, the verification is expired and the
    // limit applies again.
    const today = clock.now();
    clock.set(new Date('2030-01-02T12:00:00Z'));
    member.token = await signIn(member.client, member.email);
    expect((await stateOf(member)).status).toBe('expired');
    const expired = await withdraw(60);
    expect(expired.statusCode).toBe(422);
    clock.set(today);

    const audit = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(member.user.id)));
    expect(audit.map((row) => row.action).filter((action) => action.startsWith('kyc.'))).toEqual([
      'kyc.rejected',
      'kyc.approved',
    ]);
    await superadmin.client.put(
      '/api/admin/settings',
      { kyc_withdrawal_threshold: null },
      { token: superadmin.token },
    );
  });

  it('a member token on every admin route: 403; none: 401; a finance admin: 403; unknown: 404', async () => {
    const member = await signedInMember(app);
    const finance = await signedInAdmin(app, 'finance');
    const support = await signedInAdmin(app, 'support');
    const routes: Array<['GET' | 'POST', string, unknown]> = [
      ['GET', '/api/admin/kyc', undefined],
      ['GET', `/api/admin/kyc/${member.user.id}`, undefined],
      ['GET', '/api/admin/kyc/documents/1', undefined],
      ['POST', `/api/admin/kyc/${member.user.id}/approve`, {}],
      ['POST', `/api/admin/kyc/${member.user.id}/reject`, { reason: 'x' }],
    ];
    for (const [method, url, body] of routes) {
      expect((await member.client.request(method, url, body, { token: member.token })).statusCode).toBe(403);
      expect((await member.client.request(method, url, body)).statusCode).toBe(401);
      expect((await finance.client.request(method, url, body, { token: finance.token })).statusCode).toBe(
        403,
      );
    }
    expect(
      (await support.client.get(`/api/admin/kyc/${member.user.id}`, { token: support.token })).statusCode,
    ).toBe(404);
    expect(
      (await support.client.get('/api/admin/kyc/documents/999999', { token: support.token })).statusCode,
    ).toBe(404);
  });
});
