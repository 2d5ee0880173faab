/**
 * The document store (an S3-compatible bucket, decision 190) refused or did not answer: a wrong
 * credential, a missing bucket, a network fault. The API answers it as 503 GATEWAY_UNAVAILABLE with a
 * message for the member, and logs what the bucket said (its status and S3 error code), never a key.
 */
export class DocumentStorageError extends Error {
  constructor(
    readonly operation: 'put' | 'get' | 'remove',
    /** The bucket's HTTP status; null when it did not answer. */
    readonly status: number | null,
    /** The S3 error code of the answer (`SignatureDoesNotMatch`, `NoSuchBucket`...), when it gave one. */
    readonly s3Code: string | null,
    options?: { cause?: unknown },
  ) {
    super(
      `Document storage ${operation} failed: ${status === null ? 'no answer' : `HTTP ${status}`}${s3Code ? ` ${s3Code}` : ''}`,
      options,
    );
    this.name = 'DocumentStorageError';
  }
}
