import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { kycBlobs, kycDocuments } from '@app/db';
import { buildApp } from '../../app';
import { DeploymentKeyError, settleDeploymentKey } from '../../keys/deployment-key';
import { ApiClient, createTestApp, TEST_NOW, type TestApp } from '../../../test/helpers';
import { fakeS3 } from '../../../test/fake-s3';
import { signedInAdmin, signedInMember, type Member } from '../../../test/money';
import { documentStoreFor, openBytes, sealBytes, type DocumentStore } from './document-store';
import { DocumentResealError, resealDocuments } from './document-reseal';
import { jpegWithExif, pngWithText, tinyPdf } from './test-files';

const BUCKET = 'kyc-rotation';
const fake = await fakeS3([BUCKET], { AKIAROTATION: 'rotation-secret-0123456789' });
const directory = await mkdtemp(join(tmpdir(), 'kyc-reseal-'));

/** Each store of decision 190, and every blob it holds (by storage key), whatever a row says. */
const STORES: Record<
  string,
  { env: Record<string, string>; blobs(app: TestApp): Promise<Map<string, Buffer>> }
> = {
  database: {
    env: {},
    blobs: async ({ app }) =>
      new Map(
        (await app.deps.database.db.select().from(kycBlobs)).map((row) => [row.key, Buffer.from(row.sealed)]),
      ),
  },
  directory: {
    env: { KYC_STORAGE_DIR: directory },
    blobs: async () =>
      new Map(
        await Promise.all(
          (await readdir(directory)).map(
            async (name) => [name, await readFile(join(directory, name))] as const,
          ),
        ),
      ),
  },
  bucket: {
    env: {
      KYC_S3_BUCKET: BUCKET,
      KYC_S3_ENDPOINT: fake.endpoint,
      KYC_S3_ACCESS_KEY_ID: 'AKIAROTATION',
      KYC_S3_SECRET_ACCESS_KEY: 'rotation-secret-0123456789',
    },
    blobs: async () =>
      new Map([...fake.objects].map(([name, bytes]) => [name.slice(BUCKET.length + 1), bytes] as const)),
  },
};

/** Each builds its own deployment (database, store, two nodes) and signs two people in: slow on a busy machine. */
const ROTATION_TIMEOUT = 180_000;

const FILES = { identity_front: jpegWithExif(), identity_back: pngWithText(), proof_of_address: tinyPdf() };

async function uploadAll(test: TestApp, count: number): Promise<Member[]> {
  const members: Member[] = [];
  for (let i = 0; i < count; i += 1) members.push(await signedInMember(test.app));
  for (const member of members)
    for (const [side, bytes] of Object.entries(FILES)) {
      const response = await member.client.post(`/api/kyc/documents/${side}`, bytes, {
        token: member.token,
        headers: { 'content-type': 'application/octet-stream' },
      });
      expect(response.statusCode).toBe(201);
    }
  // Sent for review: the back office opens what a member sent, never a draft (decision 227).
  for (const member of members) {
    const sent = await member.client.post(
      '/api/kyc/submit',
      { document_type: 'id_card' },
      { token: member.token },
    );
    expect(sent.statusCode).toBe(200);
  }
  return members;
}

const opens = (key: Buffer, storageKey: string, sealed: Buffer) => {
  try {
    openBytes(key, storageKey, sealed);
    return true;
  } catch {
    return false;
  }
};

describe('re-sealing identity documents on key rotation (decision 190)', () => {
  it.each(Object.keys(STORES))(
    'the %s store: documents sealed under key A open under key B, and no blob is left under A',
    async (name) => {
      const store = STORES[name]!;
      const test = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000', ...store.env });
      const { database } = test.app.deps;
      const keyA = test.app.deps.appKey;
      const keyB = randomBytes(32);
      const documents = documentStoreFor(test.config);
      const settle = (key: Buffer, previous?: Buffer) =>
        settleDeploymentKey(database, { key, previous, now: TEST_NOW, source: 'APP_KEY', documents });
      expect(await settle(keyA)).toEqual({ kind: 'recorded' });
      await uploadAll(test, 1);
      const admin = await signedInAdmin(test.app, 'support');
      const rows = await database.db.select().from(kycDocuments).orderBy(asc(kycDocuments.id));
      expect(rows).toHaveLength(3);
      const before = await store.blobs(test);
      expect(rows.every((row) => opens(keyA, row.storageKey, before.get(row.storageKey)!))).toBe(true);

      // The rotation (a start with APP_KEY=B, APP_KEY_PREVIOUS=A) re-seals the three files.
      const rotated = await settle(keyB, keyA);
      expect(rotated.kind).toBe('rotated');
      expect(rotated.kind === 'rotated' && rotated.resealed).toBeGreaterThanOrEqual(3);
      const after = await store.blobs(test);
      expect(after.size).toBe(3);
      for (const [storageKey, sealed] of after) {
        expect(opens(keyA, storageKey, sealed)).toBe(false);
        expect(opens(keyB, storageKey, sealed)).toBe(true);
      }
      // Run again: nothing left to do.
      expect(await settle(keyB, keyA)).toEqual({ kind: 'matched' });

      // A node on key B serves every document as it was uploaded.
      const onB = await buildApp({ config: test.config, database, clock: test.clock, appKey: keyB });
      try {
        await onB.ready();
        const client = new ApiClient(onB);
        for (const row of rows) {
          const response = await client.get(`/api/admin/kyc/documents/${row.id}`, { token: admin.token });
          expect(response.statusCode).toBe(200);
          if (row.side === 'proof_of_address') expect(response.rawPayload.equals(tinyPdf())).toBe(true);
          expect(response.rawPayload.length).toBe(row.size);
        }
      } finally {
        await onB.close();
      }
    },
    ROTATION_TIMEOUT,
  );

  it(
    'works in batches, resumes after an interruption, and stops at a file under neither key',
    async () => {
      const test = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
      const { db } = test.app.deps.database;
      const keyA = test.app.deps.appKey;
      const keyB = randomBytes(32);
      await uploadAll(test, 2);
      const store = documentStoreFor(test.config);
      let replaced = 0;
      const failing: DocumentStore = {
        ...store,
        async replace(tx, key, sealed) {
          if (replaced === 4) throw new Error('the store went away');
          replaced += 1;
          await store.replace(tx, key, sealed);
        },
      };
      const keys = { key: keyB, previous: keyA };
      await expect(resealDocuments(db, failing, keys, { batch: 2 })).rejects.toThrow('the store went away');
      const batches: number[] = [];
      const outcome = await resealDocuments(db, store, keys, {
        batch: 2,
        onBatch: (so) => batches.push(so.resealed + so.current),
      });
      expect(outcome).toEqual({ resealed: 2, current: 4, missing: 0 });
      expect(batches).toEqual([2, 4, 6]);
      expect(await resealDocuments(db, store, keys)).toEqual({ resealed: 0, current: 6, missing: 0 });

      const [row] = await db.select().from(kycDocuments).orderBy(asc(kycDocuments.id)).limit(1);
      await store.replace(db, row!.storageKey, sealBytes(randomBytes(32), row!.storageKey, tinyPdf()));
      const error = await resealDocuments(db, store, keys).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DocumentResealError);
      expect((error as Error).message).toContain(`kyc_documents row ${row!.id}`);
      const settled = await settleDeploymentKey(test.app.deps.database, {
        key: keyB,
        previous: keyA,
        now: TEST_NOW,
        source: 'APP_KEY',
        documents: store,
      }).catch((caught: unknown) => caught);
      expect(settled).toBeInstanceOf(DeploymentKeyError);
    },
    ROTATION_TIMEOUT,
  );
});
