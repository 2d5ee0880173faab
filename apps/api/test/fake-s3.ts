import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AwsV4Signer } from 'aws4fetch';
import { openApps } from './open-apps';

/**
 * A local S3-compatible server for the bucket store's tests (decision 190): path-style PUT, GET, HEAD
 * and DELETE of objects on 127.0.0.1, answering with S3's statuses and XML error codes. Like S3 it
 * refuses a request without a well-formed AWS Signature V4 `Authorization` header (403), recomputes the
 * signature with the secret of the access key named in it (aws4fetch's AwsV4Signer over the signed
 * headers the request lists) and refuses a mismatch (403 SignatureDoesNotMatch), and checks the signed
 * payload hash against the body (400 XAmzContentSHA256Mismatch).
 */

export interface FakeS3Request {
  method: string;
  path: string;
  status: number;
  code: string | null;
}

export interface FakeS3 {
  endpoint: string;
  /** Objects by `bucket/key`, as stored (the bytes the bucket holds). */
  objects: Map<string, Buffer>;
  requests: FakeS3Request[];
  /** Makes the next answers fail with this HTTP status (0: normal). */
  failWith: number;
  /**
   * Makes the next `count` requests of `method` only fail with 503 (null: none), e.g. a full bucket's
   * PUT, or a DELETE refused through every retry of the client.
   */
  failNext: { method: string; count: number } | null;
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/\s,]+)\/(\d{8})\/([a-z0-9-]+)\/(s3)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/u;

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Null when the request is signed with a known key's secret; else S3's refusal. */
async function refusal(
  request: IncomingMessage,
  body: Buffer,
  credentials: Record<string, string>,
): Promise<[number, string] | null> {
  const header = request.headers.authorization;
  if (!header) return [403, 'AccessDenied'];
  const match = AUTHORIZATION.exec(header);
  if (!match) return [400, 'AuthorizationHeaderMalformed'];
  const [, accessKeyId, day, region, service, signedHeaders, signature] = match as unknown as string[];
  const secret = credentials[accessKeyId!];
  if (secret === undefined) return [403, 'InvalidAccessKeyId'];
  const datetime = String(request.headers['x-amz-date'] ?? '');
  const names = signedHeaders!.split(';');
  if (!/^\d{8}T\d{6}Z$/u.test(datetime) || datetime.slice(0, 8) !== day) return [403, 'AccessDenied'];
  if (!['host', 'x-amz-date', 'x-amz-content-sha256'].every((name) => names.includes(name)))
    return [400, 'AuthorizationHeaderMalformed'];
  const payloadHash = String(request.headers['x-amz-content-sha256']);
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== createHash('sha256').update(body).digest('hex'))
    return [400, 'XAmzContentSHA256Mismatch'];
  const headers = new Headers();
  for (const name of names) {
    const value = request.headers[name];
    if (name !== 'host' && value !== undefined)
      headers.set(name, Array.isArray(value) ? value.join(',') : value);
  }
  const expected = await new AwsV4Signer({
    method: request.method ?? 'GET',
    url: `http://${request.headers.host}${request.url}`,
    headers,
    accessKeyId: accessKeyId!,
    secretAccessKey: secret,
    service: service!,
    region: region!,
    datetime,
  }).signature();
  return expected === signature ? null : [403, 'SignatureDoesNotMatch'];
}

function sendError(response: ServerResponse, status: number, code: string, head = false): void {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(
    head ? undefined : `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code></Error>`,
  );
}

/** Starts the fake with these buckets and access keys (`{ accessKeyId: secret }`); closed after the file. */
export async function fakeS3(buckets: string[], credentials: Record<string, string>): Promise<FakeS3> {
  const fake: FakeS3 = { endpoint: '', objects: new Map(), requests: [], failWith: 0, failNext: null };
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const answer = (status: number, code: string | null = null) => {
      fake.requests.push({ method, path, status, code });
      if (code) sendError(response, status, code, method === 'HEAD');
      return status;
    };
    if (fake.failWith) return answer(fake.failWith, 'ServiceUnavailable');
    if (fake.failNext?.method === method && fake.failNext.count > 0) {
      fake.failNext.count -= 1;
      return answer(503, 'ServiceUnavailable');
    }
    const refused = await refusal(request, body, credentials);
    if (refused) return answer(...refused);
    const [, bucket, ...rest] = path.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (!bucket || !buckets.includes(bucket)) return answer(404, 'NoSuchBucket');
    if (!key) return answer(400, 'InvalidRequest'); // listing a bucket is not part of the fake
    const name = `${bucket}/${key}`;
    const stored = fake.objects.get(name);
    const etag = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;
    if (method === 'PUT') {
      fake.objects.set(name, body);
      answer(200);
      response.writeHead(200, { etag: etag(body) }).end();
    } else if (method === 'GET' || method === 'HEAD') {
      if (!stored) return answer(404, 'NoSuchKey');
      answer(200);
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': String(stored.length),
        etag: etag(stored),
      });
      response.end(method === 'GET' ? stored : undefined);
    } else if (method === 'DELETE') {
      fake.objects.delete(name);
      answer(204);
      response.writeHead(204).end();
    } else {
      answer(405, 'MethodNotAllowed');
    }
    return 200;
  };
  const server = createServer((request, response) => {
    handle(request, response).catch(() => sendError(response, 500, 'InternalError'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // Closed after the file (test/setup.ts's closeTestApps), as the other fakes (decision 168).
  openApps.add(() => new Promise<void>((resolve) => server.close(() => resolve())));
  fake.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
