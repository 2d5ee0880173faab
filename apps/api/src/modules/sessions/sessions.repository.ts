import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { apiTokens, type DbOrTx } from '@app/db';

export interface SessionRow {
  id: number;
  userAgent: string | null;
  ip: string | null;
  createdAt: Date;
  lastUsedAt: Date;
}

/** What keeps a member token alive: not revoked, not idle past its expiry. */
const live = (userId: number, now: Date) =>
  and(
    eq(apiTokens.userId, userId),
    eq(apiTokens.kind, 'member'),
    isNull(apiTokens.revokedAt),
    gt(apiTokens.expiresAt, now),
  );

/** A member's live sessions, most recently used first (api_tokens_user_idx finds them). */
export async function listLive(db: DbOrTx, userId: number, now: Date): Promise<SessionRow[]> {
  return db
    .select({
      id: apiTokens.id,
      userAgent: apiTokens.userAgent,
      ip: apiTokens.ip,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .where(live(userId, now))
    .orderBy(desc(apiTokens.lastUsedAt), desc(apiTokens.id));
}

/** Revokes one live session of the member; false when it is not theirs or not live. */
export async function revokeOne(db: DbOrTx, userId: number, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(live(userId, now), eq(apiTokens.id, id)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/** Revokes every live session of the member but `keepId`; how many. */
export async function revokeOthers(db: DbOrTx, userId: number, keepId: number, now: Date): Promise<number> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(live(userId, now), ne(apiTokens.id, keepId)))
    .returning({ id: apiTokens.id });
  return rows.length;
}
