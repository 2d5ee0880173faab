import { asc, count, eq } from 'drizzle-orm';
import { helpArticles, helpFaqs, helpRequests, type DbOrTx } from '@app/db';

export async function listPublishedArticles(db: DbOrTx) {
  return db
    .select({
      id: helpArticles.id,
      slug: helpArticles.slug,
      category: helpArticles.category,
      title: helpArticles.title,
      summary: helpArticles.summary,
      body: helpArticles.body,
    })
    .from(helpArticles)
    .where(eq(helpArticles.published, true))
    .orderBy(asc(helpArticles.position), asc(helpArticles.id));
}

export async function listPublishedFaqs(db: DbOrTx) {
  return db
    .select({
      id: helpFaqs.id,
      category: helpFaqs.category,
      question: helpFaqs.question,
      answer: helpFaqs.answer,
    })
    .from(helpFaqs)
    .where(eq(helpFaqs.published, true))
    .orderBy(asc(helpFaqs.position), asc(helpFaqs.id));
}

export async function countContent(db: DbOrTx): Promise<{ articles: number; faqs: number }> {
  const [articles] = await db.select({ value: count() }).from(helpArticles);
  const [faqs] = await db.select({ value: count() }).from(helpFaqs);
  return { articles: articles?.value ?? 0, faqs: faqs?.value ?? 0 };
}

export async function insertArticles(db: DbOrTx, rows: Array<typeof helpArticles.$inferInsert>) {
  if (rows.length) await db.insert(helpArticles).values(rows).onConflictDoNothing();
}

export async function insertFaqs(db: DbOrTx, rows: Array<typeof helpFaqs.$inferInsert>) {
  if (rows.length) await db.insert(helpFaqs).values(rows).onConflictDoNothing();
}

export async function insertRequest(
  db: DbOrTx,
  row: { name: string; email: string; message: string; userId: number | null; createdAt: Date },
): Promise<number> {
  const [inserted] = await db.insert(helpRequests).values(row).returning({ id: helpRequests.id });
  if (!inserted) throw new Error('help request was not stored');
  return inserted.id;
}
