import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { apiTokens, auditLog, type DbOrTx, loans, userPlans } from '@app/db';
import { centsToMajor, type AdminMemberSectionResponse } from '@app/shared';
import type { AppDeps } from '../../deps';
import { COUNT_PAGES_AHEAD, selectMemberPage } from '../../lib/paging';
import { listGoals } from '../goals/goals.service';

/**
 * The member page's sections that read their own rows (memberSection in members.service.ts): one page
 * each, newest first, through the (user_id, created_at) index of its table (sessions through
 * api_tokens_user_idx, security events through audit_log_subject_idx), with the rows' total.
 */

/** One page of a section's rows, and how many there are (bounded: see boundedCount). */
interface SectionRows {
  data: AdminMemberSectionResponse['data'];
  total: number;
}

/** Which page of which member: `offset` is the rows before this page. */
interface SectionPage {
  id: number;
  page: number;
  perPage: number;
  offset: number;
}

/** A bounded count of `where`'s rows of `table` (at most COUNT_PAGES_AHEAD pages past this one). */
async function boundedCount(
  db: DbOrTx,
  table: typeof apiTokens | typeof auditLog | typeof loans,
  where: SQL | undefined,
  offset: number,
  perPage: number,
): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(offset + perPage * (COUNT_PAGES_AHEAD + 1))
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return Number(row?.n ?? 0);
}

export async function memberPlans(db: DbOrTx, { id, page, perPage }: SectionPage): Promise<SectionRows> {
  const { rows, total } = await selectMemberPage(db, userPlans, id, page, perPage);
  return {
    data: rows.map((row) => ({
      id: row.id,
      plan_name: row.name,
      amount: centsToMajor(row.amount),
      status: row.status,
      earned: centsToMajor(row.earned),
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt?.toISOString() ?? null,
    })),
    total,
  };
}

export async function memberLoans(db: DbOrTx, { id, perPage, offset }: SectionPage): Promise<SectionRows> {
  const where = eq(loans.userId, id);
  const rows = await db
    .select()
    .from(loans)
    .where(where)
    .orderBy(desc(loans.disbursedAt), desc(loans.id))
    .limit(perPage)
    .offset(offset);
  return {
    data: rows.map((row) => ({
      id: row.id,
      plan_name: row.planName,
      principal: centsToMajor(row.principal),
      outstanding: centsToMajor(row.principal - row.paidPrincipal),
      status: row.status,
      disbursed_at: row.disbursedAt.toISOString(),
    })),
    total: await boundedCount(db, loans, where, offset, perPage),
  };
}

export async function memberGoals(deps: AppDeps, { id, perPage, offset }: SectionPage): Promise<SectionRows> {
  // Through the goals service: a member has at most 100 goals (decision 110), read in one query.
  const { data } = await listGoals(deps, id);
  return {
    data: data.slice(offset, offset + perPage).map((goal) => ({
      id: goal.id,
      name: goal.name,
      status: goal.status,
      target_amount: goal.target_amount,
      invested: goal.invested,
      earned: goal.earned,
      progress_percent: goal.progress_percent,
      created_at: goal.created_at,
    })),
    total: data.length,
  };
}

export async function memberSessions(db: DbOrTx, { id, perPage, offset }: SectionPage): Promise<SectionRows> {
  const where = eq(apiTokens.userId, id);
  const rows = await db
    .select()
    .from(apiTokens)
    .where(where)
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(perPage)
    .offset(offset);
  return {
    data: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      ip: row.ip,
      user_agent: row.userAgent,
      created_at: row.createdAt.toISOString(),
      last_used_at: row.lastUsedAt.toISOString(),
      ended_at: row.revokedAt?.toISOString() ?? null,
    })),
    total: await boundedCount(db, apiTokens, where, offset, perPage),
  };
}

export async function memberSecurityEvents(
  db: DbOrTx,
  { id, perPage, offset }: SectionPage,
): Promise<SectionRows> {
  const where = and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, String(id)));
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(perPage)
    .offset(offset);
  return {
    data: rows.map((row) => ({
      id: row.id,
      action: row.action,
      ip: row.ip,
      created_at: row.createdAt.toISOString(),
    })),
    total: await boundedCount(db, auditLog, where, offset, perPage),
  };
}
