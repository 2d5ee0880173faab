import Bowser from 'bowser';
import type { DbOrTx } from '@app/db';
import {
  SESSION_MESSAGES,
  type Session,
  type SessionListResponse,
  type SessionRevokeResponse,
} from '@app/shared';
import { AppError } from '../../errors';
import * as repository from './sessions.repository';

/** Browser, system and device kind from a user agent (bowser, decision 095); nulls when unknown. */
export function describeAgent(userAgent: string | null): Pick<Session, 'browser' | 'os' | 'device_type'> {
  if (!userAgent) return { browser: null, os: null, device_type: null };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : null;
  const os = parsed.os.name
    ? [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ')
    : null;
  return { browser, os, device_type: parsed.platform.type ?? null };
}

/** GET /api/sessions: the member's signed-in sessions, the current one marked. */
export async function listSessions(
  db: DbOrTx,
  userId: number,
  currentTokenId: number,
  now: Date,
): Promise<SessionListResponse> {
  const rows = await repository.listLive(db, userId, now);
  return {
    data: rows.map((row) => ({
      id: row.id,
      ...describeAgent(row.userAgent),
      ip: row.ip,
      created_at: row.createdAt.toISOString(),
      last_used_at: row.lastUsedAt.toISOString(),
      current: row.id === currentTokenId,
    })),
  };
}

/**
 * DELETE /api/sessions/:id: signs that session out at once (the token read has no cache, so its next
 * request is refused). Another member's session, or one already ended, is a 404.
 */
export async function revokeSession(
  db: DbOrTx,
  userId: number,
  id: number,
  now: Date,
): Promise<SessionRevokeResponse> {
  if (!(await repository.revokeOne(db, userId, id, now))) throw AppError.notFound(SESSION_MESSAGES.notFound);
  return { message: SESSION_MESSAGES.revoked, revoked: 1 };
}

/** DELETE /api/sessions/others: every session but the one making the request. */
export async function revokeOtherSessions(
  db: DbOrTx,
  userId: number,
  currentTokenId: number,
  now: Date,
): Promise<SessionRevokeResponse> {
  const revoked = await repository.revokeOthers(db, userId, currentTokenId, now);
  return { message: SESSION_MESSAGES.othersRevoked, revoked };
}
