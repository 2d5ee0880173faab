import type { z } from 'zod';
import type { AuditEntryResponse, AuditLogQuery, AuditLogResponse, QueueDecision } from '@app/shared';
import type { DbOrTx } from '@app/db';
import { csvField } from '../activity/activity.service';
import * as repository from './audit.repository';

/**
 * The audit log (DESIGN §6 "Admin", decisions 121 and 166): who (id and admin role) did what to which subject,
 * with before and after, the reason and the IP. Append-only (the database refuses UPDATE and DELETE).
 * Pass the action's transaction as `db`, so the entry commits or rolls back with the action; on an
 * admin route `{...auditActor(request), ...}` (plugins/auth.ts) fills actorId, actorRole and ip.
 * Callers pass facts only: never a password, token, code or secret.
 */
export function recordAudit(db: DbOrTx, entry: repository.AuditEntry): Promise<void> {
  return repository.insertEntry(db, entry);
}

/**
 * Whether this user has signed in from this IP before (a "new sign-in" is one from an unseen IP).
 * `action` is the code's constant (auth/security-events.ts), never input: it is written into the statement.
 */
export function hasSignedInFromIp(db: DbOrTx, userId: number, ip: string, action: string): Promise<boolean> {
  return repository.hasEntryFromIp(db, { subjectType: 'user', subjectId: String(userId), action, ip });
}

/**
 * The last decision on a subject, from its audit entries: who made it (null for the system or a
 * payment gateway), which action, when and with what reason (the back office's queues show it).
 */
export async function lastDecision(
  db: DbOrTx,
  subjectType: string,
  id: number,
  actions: string[],
): Promise<QueueDecision | null> {
  const row = await repository.lastEntryOf(db, subjectType, String(id), actions);
  if (!row) return null;
  const after = (row.after ?? {}) as { reason?: unknown };
  return {
    action: row.action,
    by: row.actorId !== null && row.actorName !== null ? { id: row.actorId, username: row.actorName } : null,
    at: row.at.toISOString(),
    reason: typeof after.reason === 'string' ? after.reason : null,
  };
}

/** The list counts at most this many matches (bounded reads; narrow the filters or export for more). */
export const AUDIT_COUNT_CAP = 10_000;
const EXPORT_BATCH = 500;

type AuditQuery = z.output<typeof AuditLogQuery>;

/** The query's filters as the repository's: an actor by id or email, a day range in UTC. */
function filtersOf(query: AuditQuery): repository.AuditFilters {
  const actor = query.actor?.trim();
  const filters: repository.AuditFilters = {
    action: query.action || undefined,
    subjectType: query.subject_type || undefined,
    subjectId: query.subject_id || undefined,
    from: query.from ? new Date(`${query.from}T00:00:00.000Z`) : undefined,
    to: query.to ? new Date(Date.parse(`${query.to}T00:00:00.000Z`) + 86_400_000) : undefined,
  };
  if (actor) {
    // An id the column can hold (a larger number is no one's id, and the database refuses it).
    if (/^\d{1,10}$/.test(actor) && Number(actor) <= 2_147_483_647) filters.actorId = Number(actor);
    else filters.actorEmail = actor;
  }
  return filters;
}

function toResponse(row: repository.AuditRowWithActor): AuditEntryResponse {
  return {
    id: row.id,
    actor_id: row.actorId,
    actor_email: row.actorEmail,
    actor_role: row.actorRole,
    action: row.action,
    subject_type: row.subjectType,
    subject_id: row.subjectId,
    before: (row.before as Record<string, unknown> | null) ?? null,
    after: (row.after as Record<string, unknown> | null) ?? null,
    reason: row.reason,
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /api/admin/audit-log: the entries of the filters, newest first, one page. */
export async function listAudit(db: DbOrTx, query: AuditQuery): Promise<AuditLogResponse> {
  const filters = filtersOf(query);
  const [rows, total] = await Promise.all([
    repository.findEntries(db, filters, {
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    }),
    repository.countEntries(db, filters, AUDIT_COUNT_CAP),
  ]);
  return {
    data: rows.map(toResponse),
    meta: {
      current_page: query.page,
      total_pages: Math.max(1, Math.ceil(total / query.per_page)),
      total,
    },
  };
}

export const AUDIT_EXPORT_COLUMNS = [
  'id',
  'created_at',
  'actor_id',
  'actor_email',
  'actor_role',
  'action',
  'subject_type',
  'subject_id',
  'reason',
  'ip',
  'before',
  'after',
] as const;

/**
 * GET /api/admin/audit-log/export: every entry of the filters as CSV, newest first, read in keyset
 * batches so that a long log streams without being held in memory.
 */
export async function* exportAudit(db: DbOrTx, query: AuditQuery): AsyncGenerator<string> {
  yield `${AUDIT_EXPORT_COLUMNS.join(',')}\r\n`;
  const filters = filtersOf(query);
  let beforeId: number | undefined;
  for (;;) {
    const rows = await repository.findEntries(
      db,
      { ...filters, beforeId },
      { limit: EXPORT_BATCH, offset: 0 },
    );
    if (rows.length === 0) return;
    yield rows
      .map(
        (row) =>
          [
            String(row.id),
            row.createdAt.toISOString(),
            row.actorId === null ? '' : String(row.actorId),
            csvField(row.actorEmail ?? ''),
            csvField(row.actorRole ?? ''),
            csvField(row.action),
            csvField(row.subjectType),
            csvField(row.subjectId ?? ''),
            csvField(row.reason ?? ''),
            csvField(row.ip ?? ''),
            csvField(row.before === null ? '' : JSON.stringify(row.before)),
            csvField(row.after === null ? '' : JSON.stringify(row.after)),
          ].join(',') + '\r\n',
      )
      .join('');
    if (rows.length < EXPORT_BATCH) return;
    beforeId = rows[rows.length - 1]?.id;
  }
}
