import { TOKEN_IDLE_DAYS, TOKEN_REMEMBER_DAYS } from '@app/shared';
import type { AuthUser, DbOrTx, Tx } from '@app/db';
import { randomSecret, safeEqual, sha256Hex } from '../../lib/crypto';
import { endUserChallenges } from './challenge.repository';
import * as tokens from './token.repository';

export type TokenKind = 'member' | 'admin';

export interface VerifiedToken {
  tokenId: number;
  /** The user without credentials (decision 148). */
  user: AuthUser;
  kind: TokenKind;
  /**
   * When the caller last proved who they are on this token: the sign-in, then each reauthentication
   * (an admin's second factor, a member's password). Sudo mode reads it (decisions 120, 230).
   */
  reauthAt: Date | null;
}

/** Touching last_used_at on every request would be a write per read; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Issues a bearer token "<id>|<secret>"; only sha256(secret) is stored (DESIGN §6). Called only once the
 * caller has signed in.
 */
export async function issueToken(
  db: DbOrTx,
  userId: number,
  kind: TokenKind,
  now: Date,
  remember = false,
  /** Where the sign-in came from, kept for the member's sessions list. */
  origin: { ip: string; userAgent: string | null } | null = null,
  /** Admin sessions: idle timeout in minutes and absolute end. */
  admin: { idleMinutes: number; absoluteExpiresAt: Date } | null = null,
): Promise<string> {
  const secret = randomSecret(32);
  const days = remember ? TOKEN_REMEMBER_DAYS : TOKEN_IDLE_DAYS;
  const id = await tokens.insertToken(db, {
    userId,
    kind,
    secretHash: sha256Hex(secret),
    idleDays: days,
    now,
    userAgent: origin?.userAgent ?? null,
    ip: origin?.ip ?? null,
    idleMinutes: admin?.idleMinutes ?? null,
    absoluteExpiresAt: admin?.absoluteExpiresAt ?? new Date(now.getTime() + days * 86_400_000),
    // A token is issued only to a caller who has just proved who they are (password, and a second
    // factor where one is on): the sign-in opens the sudo-mode window.
    reauthAt: now,
  });
  return `${id}|${secret}`;
}

/** The largest token id (a PostgreSQL `serial`). */
const MAX_TOKEN_ID = 2_147_483_647;

/** `"<id>|<secret>"`, or null. An id the column cannot hold is refused here, before any query. */
export function parseToken(raw: string): { id: number; secret: string } | null {
  const match = /^(\d{1,10})\|([A-Za-z0-9_-]{20,100})$/.exec(raw);
  if (!match) return null;
  const id = Number(match[1]);
  if (id < 1 || id > MAX_TOKEN_ID) return null;
  return { id, secret: match[2] ?? '' };
}

/**
 * Checks a bearer token: exists, secret matches, not revoked, not idle past its expiry. Resolves who is
 * calling and nothing else; a route reads what it answers through its own service.
 */
export async function verifyToken(db: DbOrTx, raw: string, now: Date): Promise<VerifiedToken | null> {
  const parsed = parseToken(raw);
  if (!parsed) return null;
  const found = await tokens.findTokenWithUser(db, parsed.id);
  if (!found) return null;
  const { token: row, user } = found;
  if (row.revokedAt || row.expiresAt.getTime() <= now.getTime()) return null;
  if (!safeEqual(row.secretHash, sha256Hex(parsed.secret))) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await tokens.touchToken(db, row.id, now, row);
  }
  return { tokenId: row.id, user, kind: row.kind, reauthAt: row.reauthAt };
}

/**
 * Whether the session is still live, held so until the transaction ends: a request that must not
 * outlive its session takes this first; ending the session (revokeUserTokens) waits for it.
 */
export function holdLiveSession(tx: Tx, tokenId: number): Promise<boolean> {
  return tokens.holdIfTokenLive(tx, tokenId);
}

export const revokeToken = tokens.revokeToken;
export const markReauthenticated = tokens.markReauthenticated;
/**
 * Ends every live token of a user, except `keepId` when given, and every sign-in of theirs still
 * waiting for its second factor: a password change or reset, a suspension or a closure leaves no way
 * in that began before it. Answers how many tokens it ended.
 */
export async function revokeUserTokens(
  db: DbOrTx,
  userId: number,
  now: Date,
  keepId?: number,
): Promise<number> {
  await endUserChallenges(db, userId);
  return tokens.revokeUserTokens(db, userId, now, keepId);
}

/**
 * Decision 217: a token that ended (expired or revoked) more than this long ago is deleted by the
 * clean-up job. Until then it shows in the member's data export and the back office's member page.
 */
export const ENDED_TOKEN_RETENTION_DAYS = 90;
/** Tokens deleted per run of the clean-up job (once a minute): a backlog drains, a run stays short. */
export const ENDED_TOKEN_PRUNE_BATCH = 1000;

/** Deletes one batch of tokens ended more than ENDED_TOKEN_RETENTION_DAYS ago; answers how many. */
export function pruneEndedTokens(db: DbOrTx, now: Date): Promise<number> {
  const before = new Date(now.getTime() - ENDED_TOKEN_RETENTION_DAYS * 86_400_000);
  return tokens.deleteEndedBefore(db, before, ENDED_TOKEN_PRUNE_BATCH);
}
