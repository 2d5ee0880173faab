import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { apiTokens, preparedPerDb, userProfiles, users, type DbOrTx } from '@app/db';
import { accountFigureFields } from '../../ledger/ledger';

export async function insertToken(
  db: DbOrTx,
  values: { userId: number; kind: 'member' | 'admin'; secretHash: string; idleDays: number; now: Date },
): Promise<number> {
  const expiresAt = new Date(values.now.getTime() + values.idleDays * 86_400_000);
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
    })
    .returning({ id: apiTokens.id });
  if (!row) throw new Error('token insert returned nothing');
  return row.id;
}

/** A token with its owner in one round trip (every authenticated request reads both). */
const tokenWithUser = preparedPerDb((db) =>
  db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.id, sql.placeholder('id')))
    .limit(1)
    .prepare('token_with_user'),
);

export async function findTokenWithUser(db: DbOrTx, id: number) {
  const [row] = await tokenWithUser(db).execute({ id });
  return row ?? null;
}

const tokenWithAccount = preparedPerDb((db) =>
  db
    .select({ token: apiTokens, user: users, profile: userProfiles, ...accountFigureFields })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(apiTokens.id, sql.placeholder('id')))
    .limit(1)
    .prepare('token_with_account'),
);

/** A token with its owner, the owner's profile and money figures: GET /api/me in one round trip. */
export async function findTokenWithAccount(db: DbOrTx, id: number) {
  const [row] = await tokenWithAccount(db).execute({ id });
  return row ?? null;
}

export async function touchToken(db: DbOrTx, id: number, now: Date, idleDays: number): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + idleDays * 86_400_000) })
    .where(eq(apiTokens.id, id));
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
