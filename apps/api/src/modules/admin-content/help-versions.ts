import { asc, eq, or } from 'drizzle-orm';
import { helpArticles, helpFaqs } from '@app/db';
import {
  ADMIN_CONTENT_MESSAGES as M,
  HELP_LANGUAGES,
  type AdminArticleVersionsResponse,
  type AdminFaqVersionsResponse,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { toAdminArticle, toAdminFaq } from './help.service';

/** English first, then the other languages in HELP_LANGUAGES order. */
const byLanguage = <T extends { language: string }>(a: T, b: T) =>
  HELP_LANGUAGES.indexOf(a.language as never) - HELP_LANGUAGES.indexOf(b.language as never);

/** GET /api/admin/help/articles/by-slug/:slug: every language version of one article (404 if none). */
export async function articleVersions(deps: AppDeps, slug: string): Promise<AdminArticleVersionsResponse> {
  const rows = await deps.database.db
    .select()
    .from(helpArticles)
    .where(eq(helpArticles.slug, slug))
    .orderBy(asc(helpArticles.id));
  if (rows.length === 0) throw AppError.notFound(M.articleNotFound);
  return { slug, versions: rows.map(toAdminArticle).sort(byLanguage) };
}

/**
 * GET /api/admin/help/faqs/:id/versions: the question any version belongs to, with its translations.
 * A translation leads to its English question; a question on its own (no link either way) is alone.
 */
export async function faqVersions(deps: AppDeps, id: number): Promise<AdminFaqVersionsResponse> {
  const { db } = deps.database;
  const [row] = await db.select().from(helpFaqs).where(eq(helpFaqs.id, id));
  if (!row) throw AppError.notFound(M.faqNotFound);
  const originalId = row.translationOf ?? row.id;
  const rows = await db
    .select()
    .from(helpFaqs)
    .where(or(eq(helpFaqs.id, originalId), eq(helpFaqs.translationOf, originalId)))
    .orderBy(asc(helpFaqs.id));
  return { original_id: originalId, versions: rows.map(toAdminFaq).sort(byLanguage) };
}
