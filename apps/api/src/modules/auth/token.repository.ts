import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  apiTokens,
  authUserColumns,
  compileRowMapping,
  jsonRow,
  preparedPerDb,
  rowCopy,
  userProfiles,
  users,
  type DbOrTx,
} from '@app/db';
import { accountFigureFields } from '../../ledger/ledger';

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

/** `ids` as one parameter: a PostgreSQL array literal, read the same way by node-postgres and PGlite. */
const idList = (ids: number[]) => `{${ids.join(',')}}`;

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

/**
 * The profile columns GET /api/me shows. The key column comes first: a left-joined object is null
 * when its first column is (Drizzle's rule, kept by compileRowMapping), and the country may be null.
 */
const accountProfileColumns = {
  userId: userProfiles.userId,
  country: userProfiles.country,
  personalEnc: userProfiles.personalEnc,
};

/**
 * Tokens with their owners in one round trip (every authenticated request reads both); several
 * requests' tokens at once when they arrive together (token.service, decision 006). Each row arrives as
 * one JSON value (`jsonRow`, decision 149).
 */
const tokensWithUser = preparedPerDb((db) =>
  compileRowMapping(
    db
      .select(jsonRow({ token: tokenCheckColumns, user: authUserColumns }))
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(sql`${apiTokens.id} = ANY(${sql.placeholder('ids')}::int[])`)
      .prepare('tokens_with_user'),
  ),
);

export type TokenWithUser = Awaited<ReturnType<ReturnType<typeof tokensWithUser>['execute']>>[number];

/** A copy of a token read for a further request of the same batch (the select's own row copy). */
export const tokenWithUserCopy = (db: DbOrTx) => rowCopy(tokensWithUser(db));

export async function findTokensWithUser(db: DbOrTx, ids: number[]): Promise<Map<number, TokenWithUser>> {
  const rows = await tokensWithUser(db).execute({ ids: idList(ids) });
  return new Map(rows.map((row) => [row.token.id, row]));
}

const tokensWithAccountFields = {
  token: tokenCheckColumns,
  user: authUserColumns,
  profile: accountProfileColumns,
  ...accountFigureFields,
};

/**
 * The select of GET /api/me's token read, its rows as one JSON value each (`jsonRow`), or with
 * `{ json: false }` as columns (for the test that compares the two mappings).
 */
export const tokensWithAccountSelect = (db: DbOrTx, { json = true } = {}) =>
  db
    .select(json ? jsonRow(tokensWithAccountFields) : tokensWithAccountFields)
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(sql`${apiTokens.id} = ANY(${sql.placeholder('ids')}::int[])`);

const tokensWithAccount = preparedPerDb((db) =>
  compileRowMapping(tokensWithAccountSelect(db).prepare('tokens_with_account')),
);

export type TokenWithAccount = Awaited<ReturnType<ReturnType<typeof tokensWithAccount>['execute']>>[number];

/** A copy of a token read with its account for a further request of the same batch. */
export const tokenWithAccountCopy = (db: DbOrTx) => rowCopy(tokensWithAccount(db));

/** Tokens with their owners, the owners' profiles and money figures: GET /api/me in one round trip. */
export async function findTokensWithAccount(
  db: DbOrTx,
  ids: number[],
): Promise<Map<number, TokenWithAccount>> {
  const rows = await tokensWithAccount(db).execute({ ids: idList(ids) });
  return new Map(rows.map((row) => [row.token.id, row]));
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

export async function revokeToken(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)));
}

/** Revokes every live token of a user, except `keepId` when given. */
export async function revokeUserTokens(
  db: DbOrTx,
  userId: number,
  now: Date,
  keepId?: number,
): Promise<void> {
  const conditions = [eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)];
  if (keepId !== undefined) conditions.push(ne(apiTokens.id, keepId));
  await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(...conditions));
}
