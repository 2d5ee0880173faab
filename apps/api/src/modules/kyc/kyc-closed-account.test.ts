import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, kycBlobs, kycDocuments, kycVerifications, users } from '@app/db';
import { KYC_MESSAGES, type AdminKycListResponse, type KycUploadResponse } from '@app/shared';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { PASSWORD, errorOf } from '../../../test/accounts';
import { signedInAdmin, signedInMember, type Member } from '../../../test/money';
import { closedAccountErasureJob } from '../account/closed-account-erasure.job';
import { databaseStore, type DocumentStore } from './document-store';
import { jpegWithExif, pngWithText, tinyPdf } from './test-files';

/** Decision 227: a closed account's identity documents, out of the back office, then erased. */
const directory = await mkdtemp(join(tmpdir(), 'kyc-closed-'));
const STORES = {
  database: await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' }),
  directory: await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000', KYC_STORAGE_DIR: directory }),
};
const { app } = STORES.database;
const { db } = app.deps.database;
const reviewer = await signedInAdmin(app, 'support');

async function upload(member: Member, side: string, body: Buffer): Promise<number> {
  const response = await member.client.post(`/api/kyc/documents/${side}`, body, {
    token: member.token,
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(response.statusCode).toBe(201);
  return response.json<KycUploadResponse>().document.id;
}

/** Three files sent for review; answers their ids. */
async function submit(member: Member): Promise<number[]> {
  const ids = [
    await upload(member, 'identity_front', jpegWithExif()),
    await upload(member, 'identity_back', pngWithText()),
    await upload(member, 'proof_of_address', tinyPdf()),
  ];
  const response = await member.client.post(
    '/api/kyc/submit',
    { document_type: 'id_card' },
    { token: member.token },
  );
  expect(response.statusCode).toBe(200);
  return ids;
}

async function close(member: Member): Promise<Date> {
  const response = await member.client.post(
    '/api/account/close',
    { password: PASSWORD },
    { token: member.token },
  );
  expect(response.statusCode).toBe(200);
  return new Date(response.json<{ retain_until: string }>().retain_until);
}

const reviewerGet = (url: string) => reviewer.client.get(url, { token: reviewer.token });
const queued = async () =>
  (await reviewerGet('/api/admin/kyc?status=submitted&per_page=100')).json<AdminKycListResponse>().data;
const documentsOf = (test: TestApp, userId: number) =>
  test.app.deps.database.db.select().from(kycDocuments).where(eq(kycDocuments.userId, userId));

async function runErasure(test: TestApp, at: Date): Promise<void> {
  const erasure = test.app.deps.jobs.list().find((job) => job.name === 'closed-account-erasure');
  expect(erasure).toBeDefined();
  const now = test.clock.now();
  try {
    test.clock.set(at);
    await erasure!.run({ database: test.app.deps.database, clock: test.clock });
  } finally {
    test.clock.set(now);
  }
}

describe('a verification waiting for review when the account closes', () => {
  it('leaves the queue; its detail, decision and files are 404 to the back office; the files are kept sealed', async () => {
    const member = await signedInMember(app);
    const ids = await submit(member);
    expect((await queued()).map((item) => item.user_id)).toContain(member.user.id);
    expect((await reviewerGet(`/api/admin/kyc/documents/${ids[0]}`)).statusCode).toBe(200);

    await close(member);
    expect((await queued()).map((item) => item.user_id)).not.toContain(member.user.id);
    const detail = await reviewerGet(`/api/admin/kyc/${member.user.id}`);
    expect(detail.statusCode).toBe(404);
    expect(errorOf(detail).message).toBe(KYC_MESSAGES.verificationNotFound);
    const approve = await reviewer.client.post(
      `/api/admin/kyc/${member.user.id}/approve`,
      {},
      { token: reviewer.token },
    );
    expect(approve.statusCode).toBe(404);
    for (const id of ids) expect((await reviewerGet(`/api/admin/kyc/documents/${id}`)).statusCode).toBe(404);
    // Kept for the retention period, archived, still sealed in the store.
    const rows = await documentsOf(STORES.database, member.user.id);
    expect(rows.map((row) => row.state)).toEqual(['archived', 'archived', 'archived']);
    for (const row of rows)
      expect(await db.select().from(kycBlobs).where(eq(kycBlobs.key, row.storageKey))).toHaveLength(1);
  });

  it('an approved verification leaves the approved list as well, and its decision stays in the audit log', async () => {
    const member = await signedInMember(app);
    await submit(member);
    const decided = await reviewer.client.post(
      `/api/admin/kyc/${member.user.id}/approve`,
      {},
      { token: reviewer.token },
    );
    expect(decided.statusCode).toBe(200);
    await close(member);
    const approved = await reviewerGet('/api/admin/kyc?status=approved&per_page=100');
    expect(approved.json<AdminKycListResponse>().data.map((item) => item.user_id)).not.toContain(
      member.user.id,
    );
    expect(
      await db.select().from(kycVerifications).where(eq(kycVerifications.userId, member.user.id)),
    ).toEqual([]);
    const decisions = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(eq(auditLog.subjectType, 'kyc_verification'), eq(auditLog.subjectId, String(member.user.id))),
      );
    expect(decisions.map((row) => row.action)).toEqual(['kyc.approved']);
  });
});

describe('the back office opens only what a member sent', () => {
  it('a draft the member has not sent is 404; once sent, it opens', async () => {
    const member = await signedInMember(app);
    const draft = await upload(member, 'identity_front', jpegWithExif());
    const before = await reviewerGet(`/api/admin/kyc/documents/${draft}`);
    expect(before.statusCode).toBe(404);
    expect(errorOf(before).message).toBe(KYC_MESSAGES.notFound);
    await upload(member, 'identity_back', pngWithText());
    await upload(member, 'proof_of_address', tinyPdf());
    const sent = await member.client.post(
      '/api/kyc/submit',
      { document_type: 'id_card' },
      { token: member.token },
    );
    expect(sent.statusCode).toBe(200);
    expect((await reviewerGet(`/api/admin/kyc/documents/${draft}`)).statusCode).toBe(200);
  });
});

describe('the end of the retention period', () => {
  it.each(Object.keys(STORES) as (keyof typeof STORES)[])(
    'the %s store: every file, sent or draft, is erased with the sealed identity, not a day before',
    async (name) => {
      const test = STORES[name];
      const member = await signedInMember(test.app);
      await submit(member);
      // Turned down, and a new draft begun: three files sent, one not.
      const admin = await signedInAdmin(test.app, 'support');
      const rejected = await admin.client.post(
        `/api/admin/kyc/${member.user.id}/reject`,
        { reason: 'The photo is blurred.' },
        { token: admin.token },
      );
      expect(rejected.statusCode).toBe(200);
      await upload(member, 'identity_front', jpegWithExif());
      const retainUntil = await close(member);
      const { db: storeDb } = test.app.deps.database;
      const keys = (await documentsOf(test, member.user.id)).map((document) => document.storageKey);
      expect(keys).toHaveLength(4);
      // How many of the member's files the store still holds.
      const stored = async () => {
        const held =
          name === 'directory'
            ? await readdir(directory)
            : (await storeDb.select({ key: kycBlobs.key }).from(kycBlobs)).map((blob) => blob.key);
        return keys.filter((key) => held.includes(key)).length;
      };
      expect(await stored()).toBe(4);

      await runErasure(test, new Date(retainUntil.getTime() - 86_400_000));
      expect((await documentsOf(test, member.user.id)).length).toBe(4);
      expect(await stored()).toBe(4);

      await runErasure(test, new Date(retainUntil.getTime() + 1000));
      expect(await documentsOf(test, member.user.id)).toEqual([]);
      expect(await stored()).toBe(0);
      const [row] = await storeDb.select().from(users).where(eq(users.id, member.user.id));
      expect(row).toMatchObject({ status: 'closed', closedIdentityEnc: null });
    },
  );
});

describe('an account the erasure cannot finish', () => {
  it('does not hold up the others: they are erased, it is reported and tried again next run', async () => {
    const stuck = await signedInMember(app);
    const fine = await signedInMember(app);
    await submit(stuck);
    await submit(fine);
    await close(stuck);
    const retainUntil = await close(fine);
    const stuckKeys = new Set(
      (await documentsOf(STORES.database, stuck.user.id)).map((row) => row.storageKey),
    );
    // A store that refuses to remove the stuck account's files (a bucket's permissions, say).
    const refusing: DocumentStore = {
      ...databaseStore,
      remove: (db, key) =>
        stuckKeys.has(key) ? Promise.reject(new Error('AccessDenied')) : databaseStore.remove(db, key),
    };
    const later = new Date(retainUntil.getTime() + 1000);
    const clockAt = { now: () => later } as typeof app.deps.clock;
    await expect(
      closedAccountErasureJob(refusing).run({ database: app.deps.database, clock: clockAt }),
    ).rejects.toThrow('1 closed account(s) not erased');
    expect(await documentsOf(STORES.database, fine.user.id)).toEqual([]);
    const rowOf = async (member: Member) =>
      (await db.select().from(users).where(eq(users.id, member.user.id)))[0]!;
    expect((await rowOf(fine)).closedIdentityEnc).toBeNull();
    // The stuck one is untouched (its transaction rolled back), and the next run erases it.
    expect(await documentsOf(STORES.database, stuck.user.id)).toHaveLength(3);
    expect((await rowOf(stuck)).closedIdentityEnc).not.toBeNull();
    await closedAccountErasureJob(databaseStore).run({ database: app.deps.database, clock: clockAt });
    expect(await documentsOf(STORES.database, stuck.user.id)).toEqual([]);
    expect((await rowOf(stuck)).closedIdentityEnc).toBeNull();
  });
});
