import { TOKEN_IDLE_DAYS, TOKEN_REMEMBER_DAYS } from '@app/shared';
import { type AuthUser, type DbOrTx, preparedPerDb, type UserProfileRow } from '@app/db';
import { createBatchLoader } from '../../lib/batch-loader';
import { toAccountFigures, type AccountFigures } from '../../ledger/ledger';
import { randomSecret, safeEqual, sha256Hex } from '../../lib/crypto';
import * as tokens from './token.repository';

export type TokenKind = 'member' | 'admin';

export interface VerifiedToken {
  tokenId: number;
  /** The user without credentials (decision 148). */
  user: AuthUser;
  kind: TokenKind;
  /** Admin sessions: when a second factor was last given on this token. */
  reauthAt: Date | null;
  /** With `withAccount`: the owner's profile and money figures, read in the same statement. */
  account?: MemberAccount;
}

/** The profile's columns GET /api/me shows. */
export type AccountProfile = Pick<UserProfileRow, 'userId' | 'country' | 'personalEnc'>;

export interface MemberAccount {
  profile: AccountProfile | null;
  figures: AccountFigures;
}

/** Touching last_used_at on every request would be a write per read; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Token reads of requests that arrive together go to the database as one statement (decision 006).
 * Four batches at once per database handle: on PostgreSQL more gained nothing in bench/me.ts (18–19k
 * requests/s from 4 to 16) and the rest of the pool stays free for other work; on PGlite, which runs
 * one statement at a time, the number makes no difference.
 */
const BATCHING = { maxInFlight: 4, maxBatch: 64 };

const loadTokenWithUser = preparedPerDb((db) =>
  createBatchLoader<number, tokens.TokenWithUser>((ids) => tokens.findTokensWithUser(db, ids), {
    ...BATCHING,
    copy: tokens.tokenWithUserCopy(db),
  }),
);
const loadTokenWithAccount = preparedPerDb((db) =>
  createBatchLoader<number, tokens.TokenWithAccount>((ids) => tokens.findTokensWithAccount(db, ids), {
    ...BATCHING,
    copy: tokens.tokenWithAccountCopy(db),
  }),
);

/** Issues a bearer token "<id>|<secret>"; only sha256(secret) is stored (DESIGN §6). */
export async function issueToken(
  db: DbOrTx,
  userId: number,
  kind: TokenKind,
  now: Date,
  remember = false,
  /** Where the sign-in came from, kept for the member's sessions list. */
  origin: { ip: string; userAgent: string | null } | null = null,
  /** Admin sessions: idle timeout in minutes, absolute end, and the time of the second factor. */
  admin: { idleMinutes: number; absoluteExpiresAt: Date; reauthAt: Date } | null = null,
): Promise<string> {
  const secret = randomSecret(32);
  const id = await tokens.insertToken(db, {
    userId,
    kind,
    secretHash: sha256Hex(secret),
    idleDays: remember ? TOKEN_REMEMBER_DAYS : TOKEN_IDLE_DAYS,
    now,
    userAgent: origin?.userAgent ?? null,
    ip: origin?.ip ?? null,
    idleMinutes: admin?.idleMinutes ?? null,
    absoluteExpiresAt: admin?.absoluteExpiresAt ?? null,
    reauthAt: admin?.reauthAt ?? null,
  });
  return `${id}|${secret}`;
}

/** The largest token id (a PostgreSQL `serial`). */
const MAX_TOKEN_ID = 2_147_483_647;

/**
 * `"<id>|<secret>"`, or null. An id the column cannot hold is refused here: in a batched read it would
 * fail the statement, and with it the other requests of the batch.
 */
export function parseToken(raw: string): { id: number; secret: string } | null {
  const match = /^(\d{1,10})\|([A-Za-z0-9_-]{20,100})$/.exec(raw);
  if (!match) return null;
  const id = Number(match[1]);
  if (id < 1 || id > MAX_TOKEN_ID) return null;
  return { id, secret: match[2] ?? '' };
}

/**
 * Checks a bearer token: exists, secret matches, not revoked, not idle past its expiry. The check after
 * the read runs in the turn the read ends, and waits again only to touch the token (once a minute):
 * one promise a request, the read's (decision 149).
 */
export function verifyToken(
  db: DbOrTx,
  raw: string,
  now: Date,
  withAccount = false,
): Promise<VerifiedToken | null> {
  const parsed = parseToken(raw);
  if (!parsed) return Promise.resolve(null);
  if (withAccount) {
    return loadTokenWithAccount(db)(parsed.id).then((found) =>
      checkToken(db, parsed.secret, now, found, found),
    );
  }
  return loadTokenWithUser(db)(parsed.id).then((found) => checkToken(db, parsed.secret, now, found));
}

function checkToken(
  db: DbOrTx,
  secret: string,
  now: Date,
  found: tokens.TokenWithUser | undefined,
  withFigures?: tokens.TokenWithAccount,
): VerifiedToken | null | Promise<VerifiedToken> {
  if (!found) return null;
  const { token: row, user } = found;
  if (row.revokedAt || row.expiresAt.getTime() <= now.getTime()) return null;
  if (!safeEqual(row.secretHash, sha256Hex(secret))) return null;
  // Each shape in one literal: a key added afterwards cost 0.7 µs a request (a slow keyed store in
  // V8's optimized code; perf, decision 149).
  const verified: VerifiedToken = withFigures
    ? {
        tokenId: row.id,
        user,
        kind: row.kind,
        reauthAt: row.reauthAt,
        account: { profile: withFigures.profile, figures: toAccountFigures(withFigures) },
      }
    : { tokenId: row.id, user, kind: row.kind, reauthAt: row.reauthAt };
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    return tokens.touchToken(db, row.id, now, row).then(() => verified);
  }
  return verified;
}

export const revokeToken = tokens.revokeToken;
export const markReauthenticated = tokens.markReauthenticated;
export const revokeUserTokens = tokens.revokeUserTokens;
