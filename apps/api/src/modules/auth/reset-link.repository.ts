import { passwordResetTokens, type DbOrTx } from '@app/db';
import { and, eq, exists, gt, lt, sql } from 'drizzle-orm';

/**
 * The member's forgot-password links (decision 238): each stored as its sha256 alone, several live at
 * once, all ended together when one sets a password.
 */

export async function storeResetLink(
  db: DbOrTx,
  link: { userId: number; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(link);
}

/** The member's link `tokenHash`, still within its hour (by the primary key). */
const liveLink = (userId: number, tokenHash: string, now: Date) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    eq(passwordResetTokens.userId, userId),
    gt(passwordResetTokens.expiresAt, now),
  );

/** Whether `tokenHash` is one of the member's links and still within its hour. */
export async function liveResetLink(
  db: DbOrTx,
  userId: number,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(liveLink(userId, tokenHash, now));
  return row !== undefined;
}

/**
 * Ends every link of the member, only when `tokenHash` is still one of them and live; true when it
 * did. A reset whose link was ended meanwhile (a newer link mailed by support after the password was
 * made unusable) ends nothing. Of two resets at once, the second waits for the first's delete and
 * then finds the rows gone.
 */
export async function takeResetLinks(
  db: DbOrTx,
  userId: number,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const own = db
    .select({ one: sql`1` })
    .from(passwordResetTokens)
    .where(liveLink(userId, tokenHash, now));
  const ended = await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), exists(own)))
    .returning({ tokenHash: passwordResetTokens.tokenHash });
  return ended.some((row) => row.tokenHash === tokenHash);
}

/** Ends every link of the member (the password or the address changed since they were mailed). */
export async function dropResetLinks(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

/** The clean-up's delete of links that expired before `before`, through password_reset_tokens_expires_idx. */
export function resetLinksPrune(db: DbOrTx, before: Date) {
  return db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, before));
}
