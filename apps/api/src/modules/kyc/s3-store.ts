import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { DocumentStorageError } from '../../lib/document-storage-error';
import type { DocumentStore } from './document-store';

/** An S3-compatible bucket (AWS S3, MinIO, Ceph, R2...), addressed path-style (decision 190). */
export interface S3StoreConfig {
  /** The service's base URL, e.g. https://s3.eu-west-1.amazonaws.com or http://minio:9000. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prepended to every object's name ('' or e.g. 'kyc/'). */
  prefix: string;
  /** How long one request may take before the store reports it unavailable. */
  timeoutMs: number;
}

type Operation = DocumentStorageError['operation'];

/** The S3 error code of an error answer's XML body (`<Code>SignatureDoesNotMatch</Code>`). */
async function s3CodeOf(response: Response): Promise<string | null> {
  const text = await response.text().catch(() => '');
  return /<Code>([^<]{1,100})<\/Code>/u.exec(text)?.[1] ?? null;
}

/**
 * The third store of decision 180: the same sealed bytes as the table and the directory, as objects
 * of a bucket. Requests are signed with AWS Signature V4 by `aws4fetch` (its documented AwsClient),
 * the payload's SHA-256 signed with them, so the bucket refuses a body altered on the way. A refusal
 * or a silence is a DocumentStorageError (503 to the member, the S3 code in the log).
 */
export function s3Store(config: S3StoreConfig): DocumentStore {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: 's3',
    region: config.region,
    // aws4fetch retries 5xx and 429 with a growing pause; two retries keep a member's wait short.
    retries: 2,
  });
  const base = `${config.endpoint.replace(/\/+$/u, '')}/${encodeURIComponent(config.bucket)}/`;
  // The key is ours (a UUID), never a member's file name; the same filter as the directory store.
  const urlOf = (key: string) => `${base}${config.prefix}${key.replace(/[^a-z0-9-]/gu, '')}`;

  async function call(operation: Operation, key: string, init: RequestInit): Promise<Response> {
    try {
      return await client.fetch(urlOf(key), { ...init, signal: AbortSignal.timeout(config.timeoutMs) });
    } catch (error) {
      throw new DocumentStorageError(operation, null, null, { cause: error });
    }
  }
  async function fail(operation: Operation, response: Response): Promise<never> {
    throw new DocumentStorageError(operation, response.status, await s3CodeOf(response));
  }
  async function write(key: string, sealed: Buffer): Promise<void> {
    const response = await call('put', key, {
      method: 'PUT',
      body: Uint8Array.from(sealed),
      headers: {
        'content-type': 'application/octet-stream',
        'x-amz-content-sha256': createHash('sha256').update(sealed).digest('hex'),
      },
    });
    if (!response.ok) return fail('put', response);
    await response.body?.cancel();
  }

  return {
    transactional: false,
    async put(_db, key, sealed) {
      await write(key, sealed);
    },
    async get(_db, key) {
      const response = await call('get', key, { method: 'GET' });
      if (response.status === 404) {
        const code = await s3CodeOf(response);
        if (code === null || code === 'NoSuchKey') return null;
        throw new DocumentStorageError('get', 404, code); // NoSuchBucket: a configuration fault
      }
      if (!response.ok) return fail('get', response);
      return Buffer.from(await response.arrayBuffer());
    },
    async replace(_db, key, sealed) {
      await write(key, sealed);
    },
    async remove(_db, key) {
      const response = await call('remove', key, { method: 'DELETE' });
      // S3 answers 204 whether or not the object existed.
      if (!response.ok) return fail('remove', response);
      await response.body?.cancel();
    },
  };
}
