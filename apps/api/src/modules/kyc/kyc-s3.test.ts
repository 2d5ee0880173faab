import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AwsClient } from 'aws4fetch';
import { eq } from 'drizzle-orm';
import { kycBlobs, kycDocuments } from '@app/db';
import { KYC_MESSAGES, type KycActionResponse, type KycUploadResponse } from '@app/shared';
import { buildApp } from '../../app';
import { FixedClock } from '../../clock';
import { loadConfig, type ConfigError } from '../../config';
import { ApiClient, createTestApp, TEST_NOW } from '../../../test/helpers';
import { errorOf } from '../../../test/accounts';
import { fakeS3 } from '../../../test/fake-s3';
import { signedInAdmin, signedInMember, type Member } from '../../../test/money';
import { openBytes } from './document-store';
import { jpegWithExif, pngWithText, tinyPdf } from './test-files';

const BUCKET = 'kyc-documents';
const ACCESS_KEY = 'AKIAFAKEKYCSTORE';
const SECRET = 'fake-secret-for-the-kyc-bucket-0123456789';
const fake = await fakeS3([BUCKET], { [ACCESS_KEY]: SECRET });
const bucketEnv = (secret = SECRET, bucket = BUCKET) => ({
  RATE_LIMIT_WRITES_PER_MINUTE: '100000',
  KYC_S3_BUCKET: bucket,
  KYC_S3_ENDPOINT: fake.endpoint,
  KYC_S3_REGION: 'eu-west-1',
  KYC_S3_ACCESS_KEY_ID: ACCESS_KEY,
  KYC_S3_SECRET_ACCESS_KEY: secret,
  KYC_S3_PREFIX: 'identity/',
});
/** The app's log lines, at warn and above (a file left in the bucket is said there). */
const logLines: Array<Record<string, unknown>> = [];
const { app } = await createTestApp(
  { ...bucketEnv(), LOG_LEVEL: 'warn' },
  { logStream: { write: (line) => logLines.push(JSON.parse(line) as Record<string, unknown>) } },
);
const { db } = app.deps.database;

const upload = (member: Member, side: string, body: Buffer) =>
  member.client.post(`/api/kyc/documents/${side}`, body, {
    token: member.token,
    headers: { 'content-type': 'application/octet-stream' },
  });
const objectOf = (storageKey: string) => fake.objects.get(`${BUCKET}/identity/${storageKey}`);
/** The same deployment (database, key) started with another bucket configuration. */
async function withBucketConfig(
  env: Record<string, string>,
  run: (other: Member, otherApp: FastifyInstance) => Promise<void>,
) {
  const config = loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000', ...env });
  const other = await buildApp({
    config,
    database: app.deps.database,
    clock: new FixedClock(TEST_NOW),
    appKey: app.deps.appKey,
  });
  try {
    await other.ready();
    const member = await signedInMember(app);
    await run({ ...member, client: new ApiClient(other) }, other);
  } finally {
    await other.close();
  }
}
const documentsOf = (userId: number) => db.select().from(kycDocuments).where(eq(kycDocuments.userId, userId));

describe('identity documents in an S3-compatible bucket (decision 190)', () => {
  it('stores each file sealed in the bucket, and the reviewer reads the original back', async () => {
    const member = await signedInMember(app);
    const files = {
      identity_front: jpegWithExif(),
      identity_back: pngWithText(),
      proof_of_address: tinyPdf(),
    };
    for (const [side, bytes] of Object.entries(files))
      expect((await upload(member, side, bytes)).statusCode).toBe(201);
    const submit = await member.client.post(
      '/api/kyc/submit',
      { document_type: 'id_card', document_expires_on: '2030-01-01' },
      { token: member.token },
    );
    expect(submit.json<KycActionResponse>().message).toBe(KYC_MESSAGES.submitted);

    const rows = await documentsOf(member.user.id);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const object = objectOf(row.storageKey);
      expect(object).toBeDefined();
      // The bucket holds the sealed bytes only: not the file, nothing of it readable.
      expect(object!.includes(Buffer.from('%PDF-'))).toBe(false);
      expect(object!.includes(Buffer.from('JFIF'))).toBe(false);
      expect(object!.includes(Buffer.from('IHDR'))).toBe(false);
      expect(openBytes(app.deps.appKey, row.storageKey, object!).length).toBe(row.size);
      expect(await db.select().from(kycBlobs).where(eq(kycBlobs.key, row.storageKey))).toEqual([]);
    }

    const admin = await signedInAdmin(app, 'support');
    const pdf = rows.find((row) => row.side === 'proof_of_address')!;
    const inline = await admin.client.get(`/api/admin/kyc/documents/${pdf.id}`, { token: admin.token });
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.rawPayload.equals(tinyPdf())).toBe(true);
    const front = rows.find((row) => row.side === 'identity_front')!;
    const image = await admin.client.get(`/api/admin/kyc/documents/${front.id}`, { token: admin.token });
    expect(image.rawPayload.includes(Buffer.from('JFIF'))).toBe(true);
    expect(image.rawPayload.includes(Buffer.from('GPS 51.5N'))).toBe(false); // metadata stripped first
    // Every request the app made was signed and accepted.
    expect(fake.requests.filter((request) => request.status >= 400 && request.status !== 404)).toEqual([]);
  });

  it('deletes the replaced draft’s object from the bucket', async () => {
    const member = await signedInMember(app);
    const first = (await upload(member, 'identity_front', pngWithText())).json<KycUploadResponse>();
    const [before] = await documentsOf(member.user.id);
    expect(objectOf(before!.storageKey)).toBeDefined();
    const second = (await upload(member, 'identity_front', tinyPdf())).json<KycUploadResponse>();
    expect(second.document.id).not.toBe(first.document.id);
    expect(objectOf(before!.storageKey)).toBeUndefined();
    const [after] = await documentsOf(member.user.id);
    const back = await member.client.get(`/api/kyc/documents/${after!.id}`, { token: member.token });
    expect(back.rawPayload.equals(tinyPdf())).toBe(true);
  });

  it('keeps the draft it was replacing, file and all, when the new file cannot be stored', async () => {
    const member = await signedInMember(app);
    expect((await upload(member, 'identity_front', pngWithText())).statusCode).toBe(201);
    const [before] = await documentsOf(member.user.id);
    fake.failNext = { method: 'PUT', count: Infinity };
    try {
      const refused = await upload(member, 'identity_front', tinyPdf());
      expect(refused.statusCode).toBe(503);
    } finally {
      fake.failNext = null;
    }
    // The old draft's row is back with the rollback, and its file is still in the bucket to read.
    expect(await documentsOf(member.user.id)).toEqual([before]);
    expect(objectOf(before!.storageKey)).toBeDefined();
    const back = await member.client.get(`/api/kyc/documents/${before!.id}`, { token: member.token });
    expect(back.statusCode).toBe(200);
  });

  it('keeps the new draft when the old file cannot be removed, and says which file was left', async () => {
    const member = await signedInMember(app);
    expect((await upload(member, 'identity_front', pngWithText())).statusCode).toBe(201);
    const [before] = await documentsOf(member.user.id);
    const objects = [...fake.objects.keys()];
    // The replaced draft's removal fails through the client's three tries, after the new draft was
    // committed: the member's upload stands, the old object stays, and the log names it.
    fake.failNext = { method: 'DELETE', count: 3 };
    const seen = logLines.length;
    try {
      expect((await upload(member, 'identity_front', tinyPdf())).statusCode).toBe(201);
    } finally {
      fake.failNext = null;
    }
    const [after] = await documentsOf(member.user.id);
    expect(after?.mime).toBe('application/pdf');
    expect(objectOf(before!.storageKey)).toBeDefined();
    expect(fake.objects.size).toBe(objects.length + 1);
    expect(logLines.slice(seen)).toEqual([
      expect.objectContaining({
        msg: 'kyc: a document file no row points at could not be removed; remove it by hand',
        storage_key: before!.storageKey,
      }),
    ]);
  });

  it('a wrong secret is refused by the bucket: 503 with a clear message, nothing stored', async () => {
    await withBucketConfig(bucketEnv('not-the-secret-of-this-access-key-000000'), async (member) => {
      const objects = fake.objects.size;
      const seen = fake.requests.length;
      const response = await upload(member, 'identity_front', tinyPdf());
      expect(response.statusCode).toBe(503);
      expect(errorOf(response)).toMatchObject({
        code: 'GATEWAY_UNAVAILABLE',
        message: KYC_MESSAGES.storageUnavailable,
      });
      expect(fake.requests.slice(seen).map((request) => request.code)).toEqual(['SignatureDoesNotMatch']);
      expect(fake.objects.size).toBe(objects);
      expect(await documentsOf(member.user.id)).toEqual([]);
      const submit = await member.client.post(
        '/api/kyc/submit',
        { document_type: 'passport' },
        { token: member.token },
      );
      expect(submit.statusCode).toBe(400); // no draft was kept: the verification cannot be submitted
    });
  });

  it('a missing bucket is a 503 too, and reading through it never answers an empty file', async () => {
    const member = await signedInMember(app);
    expect((await upload(member, 'proof_of_address', tinyPdf())).statusCode).toBe(201);
    const [stored] = await documentsOf(member.user.id);
    await withBucketConfig(bucketEnv(SECRET, 'no-such-bucket'), async (other, otherApp) => {
      const response = await upload(other, 'proof_of_address', tinyPdf());
      expect(response.statusCode).toBe(503);
      expect(fake.requests.at(-1)?.code).toBe('NoSuchBucket');
      const read = await new ApiClient(otherApp).get(`/api/kyc/documents/${stored!.id}`, {
        token: member.token,
      });
      expect(read.statusCode).toBe(503);
      expect(errorOf(read).code).toBe('GATEWAY_UNAVAILABLE');
    });
  });
});

describe('the fake bucket checks signatures as S3 does', () => {
  const url = `${fake.endpoint}/${BUCKET}/probe`;
  const signedPut = (secretAccessKey: string, body: string, hash = body) =>
    new AwsClient({
      accessKeyId: ACCESS_KEY,
      secretAccessKey,
      service: 's3',
      region: 'eu-west-1',
      retries: 0,
    }).fetch(url, {
      method: 'PUT',
      body,
      headers: { 'x-amz-content-sha256': createHash('sha256').update(hash).digest('hex') },
    });

  it('accepts a correctly signed request and refuses unsigned, wrongly signed and altered ones', async () => {
    expect((await signedPut(SECRET, 'sealed bytes')).status).toBe(200);
    expect(fake.objects.get(`${BUCKET}/probe`)?.toString()).toBe('sealed bytes');
    const unsigned = await fetch(url, { method: 'PUT', body: 'x' });
    expect([unsigned.status, await unsigned.text()]).toEqual([403, expect.stringContaining('AccessDenied')]);
    const wrong = await signedPut('another-secret', 'x');
    expect([wrong.status, await wrong.text()]).toEqual([
      403,
      expect.stringContaining('SignatureDoesNotMatch'),
    ]);
    const altered = await signedPut(SECRET, 'what arrived', 'what was signed');
    expect(altered.status).toBe(400);
    const malformed = await fetch(url, { headers: { authorization: 'AWS4-HMAC-SHA256 nonsense' } });
    expect(malformed.status).toBe(400);
    expect(fake.objects.get(`${BUCKET}/probe`)?.toString()).toBe('sealed bytes');
  });
});

describe('KYC_S3_* configuration', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig({ NODE_ENV: 'test', ...env });
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it('reads a bucket with its keys, and refuses half a configuration', () => {
    const config = loadConfig({ NODE_ENV: 'test', ...bucketEnv() });
    expect(config.kycS3).toMatchObject({ bucket: BUCKET, region: 'eu-west-1', prefix: 'identity/' });
    expect(
      loadConfig({
        NODE_ENV: 'test',
        KYC_S3_BUCKET: 'b-1',
        KYC_S3_ACCESS_KEY_ID: 'a',
        KYC_S3_SECRET_ACCESS_KEY: 's',
      }).kycS3?.endpoint,
    ).toBe('https://s3.us-east-1.amazonaws.com');
    expect(problems({ KYC_S3_BUCKET: 'b-1' })).toEqual([
      'KYC_S3_ACCESS_KEY_ID: required with KYC_S3_BUCKET',
      'KYC_S3_SECRET_ACCESS_KEY: required with KYC_S3_BUCKET',
    ]);
    expect(problems({ ...bucketEnv(), KYC_STORAGE_DIR: '/tmp/kyc' })).toEqual([
      'KYC_STORAGE_DIR: set either KYC_STORAGE_DIR or KYC_S3_BUCKET, not both',
    ]);
    expect(problems({ KYC_S3_SECRET_ACCESS_KEY: 's' })).toEqual([
      'KYC_S3_SECRET_ACCESS_KEY: is only read beside KYC_S3_BUCKET',
    ]);
    expect(problems({ ...bucketEnv(), KYC_S3_BUCKET: 'Not_A_Bucket' })[0]).toMatch(/^KYC_S3_BUCKET: /);
    expect(problems({ ...bucketEnv(), KYC_S3_PREFIX: '../up' })[0]).toMatch(/^KYC_S3_PREFIX: /);
  });
});
