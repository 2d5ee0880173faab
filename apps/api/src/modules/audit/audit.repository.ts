import { and, count, desc, eq, gte, inArray, like, lt, sql, type SQL } from 'drizzle-orm';
import { auditLog, users, type DbOrTx } from '@app/db';
import { textLiteral } from '../../ledger/sql';

export interface AuditEntry {
  actorId: number | null;
  /** The actor's admin role at the time (superadmin, finance, support); null for members and the system. */
  actorRole?: string | null;
  action: string;
  subjectType: string;
  subjectId: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Why: the reason an admin gave (from a list and/or free text). */
  reason?: string | null;
  ip?: string | null;
  createdAt: Date;
}

export async function insertEntry(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    actorRole: entry.actorRole ?? null,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    ip: entry.ip ?? null,
    createdAt: entry.createdAt,
  });
}

/**
 * True when the subject has an entry of this action from this IP. The subject type and the action are
 * the code's constants, written into the statement (textLiteral) so that a sign-in's question (user,
 * auth.login) reaches the partial index audit_log_sign_in_ip_idx under a generic plan (decisions 139,
 * 221): one key, however many times the member has signed in.
 */
export async function hasEntryFromIp(db: DbOrTx, where: EntryFromIp): Promise<boolean> {
  const [row] = await entryFromIpQuery(db, where);
  return Boolean(row);
}

interface EntryFromIp {
  subjectType: string;
  subjectId: string;
  action: string;
  ip: string;
}

/** The select of hasEntryFromIp (exported for the test that reads its plan). */
export function entryFromIpQuery(db: DbOrTx, where: EntryFromIp) {
  return db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        sql`${auditLog.subjectType} = ${textLiteral(where.subjectType)}`,
        sql`${auditLog.action} = ${textLiteral(where.action)}`,
        eq(auditLog.subjectId, where.subjectId),
        eq(auditLog.ip, where.ip),
      ),
    )
    .limit(1);
}

export interface AuditFilters {
  actorId?: number | undefined;
  actorEmail?: string | undefined;
  /** Exact action, or every action starting with it when it ends with ".". */
  action?: string | undefined;
  subjectType?: string | undefined;
  subjectId?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
  /** Keyset: entries with a smaller id only (the export's batches). */
  beforeId?: number | undefined;
}

function whereOf(filters: AuditFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.actorId !== undefined) conditions.push(eq(auditLog.actorId, filters.actorId));
  if (filters.actorEmail !== undefined) {
    conditions.push(inArray(auditLog.actorId, userIdsByEmail(filters.actorEmail)));
  }
  if (filters.action) {
    conditions.push(
      filters.action.endsWith('.')
        ? like(auditLog.action, `${filters.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
        : eq(auditLog.action, filters.action),
    );
  }
  if (filters.subjectType) conditions.push(eq(auditLog.subjectType, filters.subjectType));
  if (filters.subjectId) conditions.push(eq(auditLog.subjectId, filters.subjectId));
  if (filters.from) conditions.push(gte(auditLog.createdAt, filters.from));
  if (filters.to) conditions.push(lt(auditLog.createdAt, filters.to));
  if (filters.beforeId !== undefined) conditions.push(lt(auditLog.id, filters.beforeId));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The users whose email is this one (case-insensitive; users_email_unique is on lower(email)). */
function userIdsByEmail(email: string) {
  return sql`(select ${users.id} from ${users} where lower(${users.email}) = ${email.toLowerCase()})`;
}

export type AuditRowWithActor = typeof auditLog.$inferSelect & { actorEmail: string | null };

/** Entries of the filters, newest first, with the actor's email. */
export async function findEntries(
  db: DbOrTx,
  filters: AuditFilters,
  page: { limit: number; offset: number },
): Promise<AuditRowWithActor[]> {
  const rows = await db
    .select({ entry: auditLog, actorEmail: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(whereOf(filters))
    .orderBy(desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({ ...row.entry, actorEmail: row.actorEmail }));
}

/** How many entries match, counted up to `cap` (a bounded read however long the log grows). */
export async function countEntries(db: DbOrTx, filters: AuditFilters, cap: number): Promise<number> {
  const capped = db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(whereOf(filters))
    .limit(cap)
    .as('capped');
  const [row] = await db.select({ value: count() }).from(capped);
  return row?.value ?? 0;
}

/**
 * The newest entry of these actions on a subject (audit_log_subject_idx), with its actor's id and
 * username (null for the system or a payment gateway).
 */
export async function lastEntryOf(db: DbOrTx, subjectType: string, subjectId: string, actions: string[]) {
  const [row] = await db
    .select({
      action: auditLog.action,
      at: auditLog.createdAt,
      after: auditLog.after,
      actorId: users.id,
      actorName: users.username,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.subjectType, subjectType),
        eq(auditLog.subjectId, subjectId),
        inArray(auditLog.action, actions),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  return row ?? null;
}
