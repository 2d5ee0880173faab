import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, lt } from 'drizzle-orm';
import { idempotencyKeys, type DbOrTx } from '@app/db';
import { AppError } from '../errors';
import { sha256Hex } from '../lib/crypto';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** POST money routes: honour the Idempotency-Key header (DESIGN §5). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: { userId: number; key: string } | null;
  }
}

const KEY_PATTERN = /^[\w.:-]{1,200}$/;
/** A key still in flight after this long: its request died or is still running; either way its outcome is unknown. */
const ABANDONED_AFTER_MS = 60_000;
export const IDEMPOTENCY_OUTCOME_UNKNOWN =
  'The request sent with this Idempotency-Key has not answered for a minute: it may still be running or it was interrupted, so whether it was carried out is unknown. Check your activity before sending it again with a new key.';
/** Stored answers are kept this long (then pruned by the deposit-expiry job). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * Idempotency-Key on POST money routes: the same key with the same body gets the stored answer, byte
 * for byte; another body gets 422; a request still in flight with that key, or one that died in
 * flight, gets 409. Keys are per user. A 503 or 429 answer is not stored (the key is released so the
 * client can retry); every other answer is, a 500 included (decision 213).
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotency', null);
  const claimKey = keyClaimer(app);
  const storeAnswer = answerStorer(app);

  // On the idempotent routes only, ahead of their own hooks: as global hooks, both ran (and returned
  // at once) on every request of every other route (decision 006).
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const own = (hooks: unknown): unknown[] =>
      hooks === undefined ? [] : Array.isArray(hooks) ? (hooks as unknown[]) : [hooks];
    route.preHandler = [claimKey, ...own(route.preHandler)] as typeof route.preHandler;
    route.onSend = [storeAnswer, ...own(route.onSend)] as typeof route.onSend;
  });
}

/** The preHandler: claims the request's key for its user, or answers from the key's stored answer. */
function keyClaimer(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers['idempotency-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (key === undefined || !request.auth) return;
    if (!KEY_PATTERN.test(key)) {
      throw AppError.validation(
        'Idempotency-Key',
        'Idempotency-Key must be 1 to 200 letters, digits or . _ : -',
      );
    }
    const userId = request.auth.user.id;
    const { db } = app.deps.database;
    const now = app.deps.clock.now();
    const requestHash = sha256Hex(
      JSON.stringify([request.method, request.routeOptions.url, request.params, canonical(request.body)]),
    );
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash, status: 'in_flight', createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length === 0) {
      return reuseKey(db, reply, { userId, key, requestHash, now });
    }
    request.idempotency = { userId, key };
  };
}

/**
 * A key the user has used already: its stored answer replayed (the reply, sent); a different body, a
 * request still in flight, or one that died in flight is refused.
 */
async function reuseKey(
  db: DbOrTx,
  reply: FastifyReply,
  { userId, key, requestHash, now }: { userId: number; key: string; requestHash: string; now: Date },
): Promise<FastifyReply> {
  const [stored] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!stored) throw new AppError('CONFLICT', 'This request is being processed. Please try again.');
  if (stored.requestHash !== requestHash) {
    throw new AppError('IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was used for a different request.');
  }
  if (stored.status === 'done' && stored.responseStatus !== null && stored.responseBody !== null) {
    void reply.header('idempotent-replayed', 'true');
    for (const [name, value] of Object.entries(stored.responseHeaders ?? {})) void reply.header(name, value);
    return reply.status(stored.responseStatus).send(stored.responseBody);
  }
  // A key in flight this long belongs to a request whose process died: it may have committed before
  // it died, so it is never run again (decision 213); the member checks the outcome and uses a new key.
  const abandoned = now.getTime() - stored.createdAt.getTime() > ABANDONED_AFTER_MS;
  if (abandoned) throw new AppError('CONFLICT', IDEMPOTENCY_OUTCOME_UNKNOWN);
  throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still in flight.');
}

/** The onSend hook: stores the claimed key's answer, or releases the key after a 503 or 429. */
function answerStorer(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    const { db } = app.deps.database;
    const where = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
    // 503 is a refusal (no database connection in time, a gateway down): the client may retry with the
    // key. A 500 is stored like any answer: the handler had begun and its outcome is unknown.
    // A 429 is the rate limit's refusal, made before the handler ran.
    if (reply.statusCode === 503 || reply.statusCode === 429 || typeof payload !== 'string') {
      await db.delete(idempotencyKeys).where(where);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    await db
      .update(idempotencyKeys)
      .set({
        status: 'done',
        responseStatus: reply.statusCode,
        responseBody: payload,
        responseHeaders: typeof contentType === 'string' ? { 'content-type': contentType } : {},
      })
      .where(where);
    return payload;
  };
}

/** Removes stored answers older than the TTL (run by the deposit-expiry job). */
export async function pruneIdempotencyKeys(db: DbOrTx, now: Date): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
}
