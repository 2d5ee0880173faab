import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { helpArticles, helpFaqs, helpRequests, type DbOrTx, type HelpLanguage } from '@app/db';

/** The languages read for `language`: it and English, its fallback (decision 164). */
const withFallback = (language: HelpLanguage): HelpLanguage[] =>
  language === 'en' ? ['en'] : [language, 'en'];

/** Published articles in `language` and in English (a few dozen rows); the service picks per slug. */
export async function listPublishedArticles(db: DbOrTx, language: HelpLanguage) {
  return db
    .select({
      id: helpArticles.id,
      language: helpArticles.language,
      slug: helpArticles.slug,
      category: helpArticles.category,
      title: helpArticles.title,
      summary: helpArticles.summary,
      body: helpArticles.body,
    })
    .from(helpArticles)
    .where(and(eq(helpArticles.published, true), inArray(helpArticles.language, withFallback(language))))
    .orderBy(asc(helpArticles.position), asc(helpArticles.id));
}

/** Published FAQs in `language` and in English; the service picks per English question. */
export async function listPublishedFaqs(db: DbOrTx, language: HelpLanguage) {
  return db
    .select({
      id: helpFaqs.id,
      language: helpFaqs.language,
      translationOf: helpFaqs.translationOf,
      category: helpFaqs.category,
      question: helpFaqs.question,
      answer: helpFaqs.answer,
    })
    .from(helpFaqs)
    .where(and(eq(helpFaqs.published, true), inArray(helpFaqs.language, withFallback(language))))
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

export async function insertFaqs(
  db: DbOrTx,
  rows: Array<typeof helpFaqs.$inferInsert>,
): Promise<Array<{ id: number; question: string; language: string }>> {
  if (!rows.length) return [];
  return db
    .insert(helpFaqs)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: helpFaqs.id, question: helpFaqs.question, language: helpFaqs.language });
}

export async function insertRequest(
  db: DbOrTx,
  row: { name: string; email: string; message: string; userId: number | null; createdAt: Date },
): Promise<number> {
  const [inserted] = await db.insert(helpRequests).values(row).returning({ id: helpRequests.id });
  if (!inserted) throw new Error('help request was not stored');
  return inserted.id;
}
