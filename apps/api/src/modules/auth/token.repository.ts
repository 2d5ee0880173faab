import { and, asc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import { apiTokens, authUserColumns, preparedPerDb, users, type DbOrTx, type Tx } from '@app/db';

export async function insertToken(
  db: DbOrTx,
  values: {
    userId: number;
    kind: 'member' | 'admin';
    secretHash: string;
    idleDays: number;
    now: Date;
    userAgent?: string | null;
    ip?: string | null;
    /** Admin sessions: idle timeout in minutes (overrides idleDays), absolute end, second factor time. */
    idleMinutes?: number | null;
    absoluteExpiresAt?: Date | null;
    reauthAt?: Date | null;
  },
): Promise<number> {
  const expiresAt = nextExpiry(values.now, {
    idleDays: values.idleDays,
    idleMinutes: values.idleMinutes ?? null,
    absoluteExpiresAt: values.absoluteExpiresAt ?? null,
  });
  const [row] = await db
    .insert(apiTokens)
    .values({
      userId: values.userId,
      kind: values.kind,
      secretHash: values.secretHash,
      idleDays: values.idleDays,
      createdAt: values.now,
      lastUsedAt: values.now,
      expiresAt,
      userAgent: values.userAgent ?? null,
      ip: values.ip ?? null,
      idleMinutes: values.idleMinutes ?? null,
      absoluteExpiresAt: values.absoluteExpiresAt ?? null,
      reauthAt: values.reauthAt ?? null,
    })
    .returning({ id: apiTokens.id });
  if (!row) throw new Error('token insert returned nothing');
  return row.id;
}

/**
 * When a token used at `now` expires: its idle period from now (minutes for admin sessions, days for
 * members), never past its absolute end.
 */
export function nextExpiry(
  now: Date,
  token: { idleDays: number; idleMinutes: number | null; absoluteExpiresAt: Date | null },
): Date {
  const idleMs = token.idleMinutes !== null ? token.idleMinutes * 60_000 : token.idleDays * 86_400_000;
  const idle = now.getTime() + idleMs;
  const absolute = token.absoluteExpiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
  return new Date(Math.min(idle, absolute));
}

/**
 * The token columns a request's check reads: not its owner (the user's row comes with it), nor what
 * only the sessions list shows (user agent, IP, creation time) (decision 148).
 */
const tokenCheckColumns = {
  id: apiTokens.id,
  kind: apiTokens.kind,
  secretHash: apiTokens.secretHash,
  idleDays: apiTokens.idleDays,
  lastUsedAt: apiTokens.lastUsedAt,
  expiresAt: apiTokens.expiresAt,
  revokedAt: apiTokens.revokedAt,
  idleMinutes: apiTokens.idleMinutes,
  absoluteExpiresAt: apiTokens.absoluteExpiresAt,
  reauthAt: apiTokens.reauthAt,
};

/** A token with its owner: every authenticated request reads both, in one prepared statement. */
const tokenWithUser = preparedPerDb((db) =>
  db
    .select({ token: tokenCheckColumns, user: authUserColumns })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.id, sql.placeholder('id')))
    .prepare('token_with_user'),
);

export type TokenWithUser = Awaited<ReturnType<ReturnType<typeof tokenWithUser>['execute']>>[number];

export async function findTokenWithUser(db: DbOrTx, id: number): Promise<TokenWithUser | undefined> {
  const [row] = await tokenWithUser(db).execute({ id });
  return row;
}

export async function touchToken(
  db: DbOrTx,
  id: number,
  now: Date,
  token: { idleDays: number; idleMinutes: number | null; absoluteExpiresAt: Date | null },
): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now, expiresAt: nextExpiry(now, token) })
    .where(eq(apiTokens.id, id));
}

/** Admin sessions: a second factor was just given on this token (opens the re-authentication window). */
export async function markReauthenticated(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db.update(apiTokens).set({ reauthAt: now }).where(eq(apiTokens.id, id));
}

/**
 * Whether the token is still live (not revoked), its row then held FOR SHARE until the transaction
 * ends: a revocation (an update of the row) waits for it, or has committed before and the answer is false.
 */
export async function holdIfTokenLive(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .for('share');
  return row !== undefined;
}

export async function revokeToken(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)));
}

/** Revokes every live token of a user, except `keepId` when given; answers how many it ended. */
export async function revokeUserTokens(
  db: DbOrTx,
  userId: number,
  now: Date,
  keepId?: number,
): Promise<number> {
  const conditions = [eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)];
  if (keepId !== undefined) conditions.push(ne(apiTokens.id, keepId));
  const revoked = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(...conditions))
    .returning({ id: apiTokens.id });
  return revoked.length;
}

/**
 * A statement of deleteEndedBefore: up to `limit` tokens that expired (or were revoked) before
 * `before`, oldest first through api_tokens_expires_idx (api_tokens_revoked_idx), deleted by key. One
 * statement per column: an `or` of the two, planned generically, read the whole table, as did an
 * `in (select …)` around it (decision 232).
 */
export function endedTokensPrune(db: DbOrTx, ended: 'expiresAt' | 'revokedAt', before: Date, limit: number) {
  const column = apiTokens[ended];
  const batch = db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .where(lt(column, before))
    .orderBy(asc(column))
    .limit(limit);
  return db
    .delete(apiTokens)
    .where(sql`${apiTokens.id} = any(array(${batch}))`)
    .returning({ id: apiTokens.id });
}

/** Deletes tokens that ended (expired or were revoked) before `before`, at most `limit` a call. Answers how many. */
export async function deleteEndedBefore(db: DbOrTx, before: Date, limit: number): Promise<number> {
  const expired = (await endedTokensPrune(db, 'expiresAt', before, limit)).length;
  if (expired >= limit) return expired;
  return expired + (await endedTokensPrune(db, 'revokedAt', before, limit - expired)).length;
}
