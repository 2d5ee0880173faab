import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { kycDocuments } from '@app/db';
import type { KycUploadResponse } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { signedInMember, type Member } from '../../../test/money';
import { jpegWithExif, pngWithText } from './test-files';

/**
 * A directory or a bucket does not roll back (decision 190): a replaced draft's file goes only once
 * the replacement is committed, and a new file whose row was not committed goes too.
 */
const directory = await mkdtemp(join(tmpdir(), 'kyc-upload-'));
const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000', KYC_STORAGE_DIR: directory });
const { db } = app.deps.database;

const upload = (member: Member, body: Buffer) =>
  member.client.post('/api/kyc/documents/identity_front', body, {
    token: member.token,
    headers: { 'content-type': 'application/octet-stream' },
  });

/** Every commit that wrote a document fails from now until `restore` (a deferred check at commit). */
async function failingCommits() {
  await db.execute(sql`create function kyc_test_fail() returns trigger language plpgsql as $$
    begin raise exception 'commit refused by the test'; end $$`);
  await db.execute(sql`create constraint trigger kyc_test_fail after insert on kyc_documents
    deferrable initially deferred for each row execute function kyc_test_fail()`);
  return async () => {
    await db.execute(sql`drop trigger kyc_test_fail on kyc_documents`);
    await db.execute(sql`drop function kyc_test_fail()`);
  };
}

describe('a draft replaced in a directory store', () => {
  it('keeps the old file when the replacement fails at commit, and leaves no new file behind', async () => {
    const member = await signedInMember(app);
    const first = await upload(member, jpegWithExif());
    expect(first.statusCode).toBe(201);
    const { document } = first.json<KycUploadResponse>();
    const before = await readdir(directory);

    const restore = await failingCommits();
    try {
      expect((await upload(member, pngWithText())).statusCode).toBe(500);
    } finally {
      await restore();
    }
    // The old draft is still the member's, and its file still opens.
    expect(await readdir(directory)).toEqual(before);
    const rows = await db.select().from(kycDocuments).where(eq(kycDocuments.userId, member.user.id));
    expect(rows.map((row) => row.id)).toEqual([document.id]);
    const back = await member.client.get(`/api/kyc/documents/${document.id}`, { token: member.token });
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('image/jpeg');

    // Replaced for real: the old file goes, the new one is the only one left of this member's.
    const second = await upload(member, pngWithText());
    expect(second.statusCode).toBe(201);
    const after = await readdir(directory);
    expect(after).toHaveLength(before.length);
    expect(after).not.toEqual(before);
  });
});
