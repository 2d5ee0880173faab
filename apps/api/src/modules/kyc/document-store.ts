import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { kycBlobs, type DbOrTx } from '@app/db';
import { SealedDataUnreadableError } from '../../lib/crypto';

/**
 * Where identity documents live (decision 180): one interface; the database (a table of sealed
 * blobs) by default so every node reads them, or a directory (KYC_STORAGE_DIR). Every file is sealed
 * with the deployment's key (AES-256-GCM, bound to its key), so the stored bytes are never the file.
 */
export interface DocumentStore {
  put(db: DbOrTx, key: string, sealed: Buffer, now: Date): Promise<void>;
  get(db: DbOrTx, key: string): Promise<Buffer | null>;
  remove(db: DbOrTx, key: string): Promise<void>;
}

export const databaseStore: DocumentStore = {
  async put(db, key, sealed, now) {
    await db.insert(kycBlobs).values({ key, sealed, createdAt: now });
  },
  async get(db, key) {
    const [row] = await db.select({ sealed: kycBlobs.sealed }).from(kycBlobs).where(eq(kycBlobs.key, key));
    return row ? Buffer.from(row.sealed) : null;
  },
  async remove(db, key) {
    await db.delete(kycBlobs).where(eq(kycBlobs.key, key));
  },
};

/** A directory (a shared volume when there are several nodes); the key is ours, never a member's name. */
export function directoryStore(root: string): DocumentStore {
  const pathOf = (key: string) => join(root, key.replace(/[^a-z0-9-]/gu, ''));
  return {
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
    async remove(_db, key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

export function documentStoreFor(dir: string | undefined): DocumentStore {
  return dir ? directoryStore(dir) : databaseStore;
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
