import { and, asc, count, desc, eq, gt, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { HelpLanguage } from '@app/shared';
import {
  helpArticles,
  helpFaqs,
  helpRequestReplies,
  helpRequests,
  type DbOrTx,
  type HelpArticleRow,
  type HelpFaqRow,
  type HelpRequestReplyRow,
  type HelpRequestRow,
} from '@app/db';
import { containsPattern } from './list-query';

type ContentTable = typeof helpArticles | typeof helpFaqs;

export interface ContentFilter {
  q?: string | undefined;
  published?: 'true' | 'false' | undefined;
  language?: 'en' | 'es' | 'ar' | undefined;
}

// ── Articles and FAQs (a few dozen rows each: counting them is cheap) ────────────────────────
function contentWhere(table: ContentTable, text: SQL | undefined, filter: ContentFilter): SQL | undefined {
  return and(
    text,
    filter.published === undefined ? undefined : eq(table.published, filter.published === 'true'),
    filter.language === undefined ? undefined : eq(table.language, filter.language),
  );
}

export async function listArticles(db: DbOrTx, filter: ContentFilter, page: number, perPage: number) {
  const pattern = filter.q ? containsPattern(filter.q) : null;
  const where = contentWhere(
    helpArticles,
    pattern ? or(ilike(helpArticles.title, pattern), ilike(helpArticles.slug, pattern)) : undefined,
    filter,
  );
  const rows = await db
    .select()
    .from(helpArticles)
    .where(where)
    .orderBy(asc(helpArticles.position), asc(helpArticles.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ n: count() }).from(helpArticles).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function listFaqs(db: DbOrTx, filter: ContentFilter, page: number, perPage: number) {
  const where = contentWhere(
    helpFaqs,
    filter.q ? ilike(helpFaqs.question, containsPattern(filter.q)) : undefined,
    filter,
  );
  const rows = await db
    .select()
    .from(helpFaqs)
    .where(where)
    .orderBy(asc(helpFaqs.position), asc(helpFaqs.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ n: count() }).from(helpFaqs).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findArticle(db: DbOrTx, id: number, lock = false): Promise<HelpArticleRow | null> {
  const query = db.select().from(helpArticles).where(eq(helpArticles.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findFaq(db: DbOrTx, id: number, lock = false): Promise<HelpFaqRow | null> {
  const query = db.select().from(helpFaqs).where(eq(helpFaqs.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The next position at the end of the list (new content goes last). */
export async function nextPosition(db: DbOrTx, table: ContentTable): Promise<number> {
  const [row] = await db
    .select({ position: table.position })
    .from(table)
    .orderBy(desc(table.position))
    .limit(1);
  return (row?.position ?? -1) + 1;
}

export async function insertArticle(
  db: DbOrTx,
  row: typeof helpArticles.$inferInsert,
): Promise<HelpArticleRow> {
  const [created] = await db.insert(helpArticles).values(row).returning();
  if (!created) throw new Error('article insert returned nothing');
  return created;
}

export async function insertFaq(db: DbOrTx, row: typeof helpFaqs.$inferInsert): Promise<HelpFaqRow> {
  const [created] = await db.insert(helpFaqs).values(row).returning();
  if (!created) throw new Error('faq insert returned nothing');
  return created;
}

export async function updateArticle(
  db: DbOrTx,
  id: number,
  set: Partial<HelpArticleRow>,
): Promise<HelpArticleRow> {
  const [row] = await db.update(helpArticles).set(set).where(eq(helpArticles.id, id)).returning();
  if (!row) throw new Error(`article ${id} vanished during its update`);
  return row;
}

export async function updateFaq(db: DbOrTx, id: number, set: Partial<HelpFaqRow>): Promise<HelpFaqRow> {
  const [row] = await db.update(helpFaqs).set(set).where(eq(helpFaqs.id, id)).returning();
  if (!row) throw new Error(`faq ${id} vanished during its update`);
  return row;
}

export async function deleteArticle(db: DbOrTx, id: number): Promise<void> {
  await db.delete(helpArticles).where(eq(helpArticles.id, id));
}

export async function deleteFaq(db: DbOrTx, id: number): Promise<void> {
  await db.delete(helpFaqs).where(eq(helpFaqs.id, id));
}

/** The row just before (up) or after (down) `row` in the public order (position, then id). */
export async function neighbour(
  db: DbOrTx,
  table: ContentTable,
  row: { id: number; position: number; language: HelpLanguage },
  direction: 'up' | 'down',
): Promise<{ id: number; position: number } | null> {
  const before = or(
    lt(table.position, row.position),
    and(eq(table.position, row.position), lt(table.id, row.id)),
  );
  const after = or(
    gt(table.position, row.position),
    and(eq(table.position, row.position), gt(table.id, row.id)),
  );
  const [found] = await db
    .select({ id: table.id, position: table.position })
    .from(table)
    // Each language has its own order (decision 164).
    .where(and(eq(table.language, row.language), direction === 'up' ? before : after))
    .orderBy(
      ...(direction === 'up' ? [desc(table.position), desc(table.id)] : [asc(table.position), asc(table.id)]),
    )
    .limit(1)
    .for('update');
  return found ?? null;
}

export async function setPosition(db: DbOrTx, table: ContentTable, id: number, position: number, now: Date) {
  await db.update(table).set({ position, updatedAt: now }).where(eq(table.id, id));
}

// ── The inbox ────────────────────────────────────────────────────────────────────────────────
export interface RequestFilter {
  q?: string | undefined;
  status?: HelpRequestRow['status'] | undefined;
  sort: 'oldest' | 'newest';
}

export async function listRequests(db: DbOrTx, filter: RequestFilter, page: number, perPage: number) {
  const pattern = filter.q ? containsPattern(filter.q) : null;
  const where = and(
    filter.status ? eq(helpRequests.status, filter.status) : undefined,
    pattern ? or(ilike(helpRequests.email, pattern), ilike(helpRequests.name, pattern)) : undefined,
  );
  const order =
    filter.sort === 'newest'
      ? [desc(helpRequests.createdAt), desc(helpRequests.id)]
      : [asc(helpRequests.createdAt), asc(helpRequests.id)];
  const rows = await db
    .select()
    .from(helpRequests)
    .where(where)
    .orderBy(...order)
    .limit(perPage)
    .offset((page - 1) * perPage);
  // The inbox is counted up to 50 pages ahead: a page never counts years of messages.
  const capped = db
    .select({ id: helpRequests.id })
    .from(helpRequests)
    .where(where)
    .limit(page * perPage + perPage * 50)
    .as('capped');
  const [total] = await db.select({ n: count() }).from(capped);
  return { rows, total: total?.n ?? 0 };
}

export async function findRequest(db: DbOrTx, id: number, lock = false): Promise<HelpRequestRow | null> {
  const query = db.select().from(helpRequests).where(eq(helpRequests.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateRequest(
  db: DbOrTx,
  id: number,
  set: Partial<HelpRequestRow>,
): Promise<HelpRequestRow> {
  const [row] = await db.update(helpRequests).set(set).where(eq(helpRequests.id, id)).returning();
  if (!row) throw new Error(`help request ${id} vanished during its update`);
  return row;
}

export async function repliesOf(db: DbOrTx, requestId: number): Promise<HelpRequestReplyRow[]> {
  return db
    .select()
    .from(helpRequestReplies)
    .where(eq(helpRequestReplies.requestId, requestId))
    .orderBy(asc(helpRequestReplies.createdAt), asc(helpRequestReplies.id))
    .limit(200);
}

export async function insertReply(db: DbOrTx, row: typeof helpRequestReplies.$inferInsert) {
  const [created] = await db.insert(helpRequestReplies).values(row).returning();
  if (!created) throw new Error('reply insert returned nothing');
  return created;
}
