import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { kycBlobs, type DbOrTx } from '@app/db';
import { SealedDataUnreadableError } from '../../lib/crypto';
import { s3Store, type S3StoreConfig } from './s3-store';

/**
 * Where identity documents live (decisions 180, 190): one interface; the database (a table of sealed
 * blobs) by default so every node reads them, a directory (KYC_STORAGE_DIR) or an S3-compatible bucket
 * (KYC_S3_BUCKET, s3-store.ts). Every file is sealed with the deployment's key (AES-256-GCM, bound to
 * its key) before it reaches the store, so the stored bytes are never the file.
 */
export interface DocumentStore {
  /** Writes in the caller's transaction (the database), so a rollback takes them back; a directory or a bucket does not. */
  readonly transactional: boolean;
  put(db: DbOrTx, key: string, sealed: Buffer, now: Date): Promise<void>;
  get(db: DbOrTx, key: string): Promise<Buffer | null>;
  /** Overwrites a stored blob with the same file sealed anew (a key rotation, document-reseal.ts). */
  replace(db: DbOrTx, key: string, sealed: Buffer): Promise<void>;
  remove(db: DbOrTx, key: string): Promise<void>;
}

export const databaseStore: DocumentStore = {
  transactional: true,
  async put(db, key, sealed, now) {
    await db.insert(kycBlobs).values({ key, sealed, createdAt: now });
  },
  async get(db, key) {
    const [row] = await db.select({ sealed: kycBlobs.sealed }).from(kycBlobs).where(eq(kycBlobs.key, key));
    return row ? Buffer.from(row.sealed) : null;
  },
  async replace(db, key, sealed) {
    await db.update(kycBlobs).set({ sealed }).where(eq(kycBlobs.key, key));
  },
  async remove(db, key) {
    await db.delete(kycBlobs).where(eq(kycBlobs.key, key));
  },
};

/** A directory (a shared volume when there are several nodes); the key is ours, never a member's name. */
export function directoryStore(root: string): DocumentStore {
  const pathOf = (key: string) => join(root, key.replace(/[^a-z0-9-]/gu, ''));
  return {
    transactional: false,
    async put(_db, key, sealed) {
      await mkdir(root, { recursive: true, mode: 0o700 });
      await writeFile(pathOf(key), sealed, { mode: 0o600, flag: 'wx' });
    },
    async get(_db, key) {
      try {
        return await readFile(pathOf(key));
      } catch {
        return null;
      }
    },
    async replace(_db, key, sealed) {
      // A whole new file renamed over the old one: a reader sees either, never half of one.
      const temporary = `${pathOf(key)}.${randomUUID()}.tmp`;
      await writeFile(temporary, sealed, { mode: 0o600, flag: 'wx' });
      await rename(temporary, pathOf(key));
    },
    async remove(_db, key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** One client per configuration: it keeps its signing keys (one per day) between requests. */
const bucketStores = new WeakMap<S3StoreConfig, DocumentStore>();

/** The configured store: a bucket, a directory, or (neither set) the database. */
export function documentStoreFor(config: {
  kycStorageDir: string | undefined;
  kycS3: S3StoreConfig | undefined;
}): DocumentStore {
  if (config.kycS3) {
    let store = bucketStores.get(config.kycS3);
    if (!store) bucketStores.set(config.kycS3, (store = s3Store(config.kycS3)));
    return store;
  }
  return config.kycStorageDir ? directoryStore(config.kycStorageDir) : databaseStore;
}

export const newStorageKey = (): string => randomUUID();

/** iv (12) | tag (16) | ciphertext; the additional data binds the file to its key. */
export function sealBytes(appKey: Buffer, key: string, plain: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', appKey, iv);
  cipher.setAAD(Buffer.from(`kyc_documents:${key}`, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function openBytes(appKey: Buffer, key: string, sealed: Buffer): Buffer {
  try {
    const decipher = createDecipheriv('aes-256-gcm', appKey, sealed.subarray(0, 12));
    decipher.setAuthTag(sealed.subarray(12, 28));
    decipher.setAAD(Buffer.from(`kyc_documents:${key}`, 'utf8'));
    return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]);
  } catch {
    throw new SealedDataUnreadableError();
  }
}
