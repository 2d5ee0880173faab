// The help content of the back office: articles and FAQs in each language and their order (the
// inbox of messages: help-inbox.service.ts).
import type { HelpArticleRow, HelpFaqRow } from '@app/db';
import { helpArticles, helpFaqs } from '@app/db';
import {
  ADMIN_CONTENT_MESSAGES as M,
  type AdminArticle,
  type AdminArticleCreate,
  type AdminArticleListResponse,
  type AdminArticleUpdate,
  type AdminFaq,
  type AdminFaqCreate,
  type AdminFaqListResponse,
  type AdminFaqUpdate,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { uniqueViolation } from '../../lib/db-errors';
import { pageMeta } from '../../lib/paging';
import { auditChange, changedFields, type AdminActor } from './admin-actor';
import * as repository from './help.repository';

/** Rows a page of the help lists (articles and FAQs fit one page; the inbox pages). */
export const HELP_PAGE_SIZE = 50;

export type Paged<Filter> = Filter & { page: number; per_page?: number | undefined };

// ── Articles ─────────────────────────────────────────────────────────────────────────────────
export function toAdminArticle(row: HelpArticleRow): AdminArticle {
  return {
    id: row.id,
    slug: row.slug,
    language: row.language,
    category: row.category,
    title: row.title,
    summary: row.summary,
    body: row.body,
    position: row.position,
    published: row.published,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listAdminArticles(
  deps: AppDeps,
  query: Paged<repository.ContentFilter>,
): Promise<AdminArticleListResponse> {
  const perPage = query.per_page ?? HELP_PAGE_SIZE;
  const { rows, total } = await repository.listArticles(deps.database.db, query, query.page, perPage);
  return { data: rows.map(toAdminArticle), meta: pageMeta(query.page, perPage, total) };
}

export async function getAdminArticle(deps: AppDeps, id: number): Promise<AdminArticle> {
  const row = await repository.findArticle(deps.database.db, id);
  if (!row) throw AppError.notFound(M.articleNotFound);
  return toAdminArticle(row);
}

const slugTaken = (error: unknown) =>
  uniqueViolation(error) === undefined ? null : AppError.validation('slug', M.slugTaken);
const questionTaken = (error: unknown) =>
  uniqueViolation(error) === undefined ? null : AppError.validation('question', M.questionTaken);

const publishAction = (prefix: string, changed: Record<string, unknown>) => {
  const keys = Object.keys(changed).filter((key) => key !== 'updated_at');
  if (keys.length === 1 && keys[0] === 'published')
    return `${prefix}.${changed.published ? 'publish' : 'unpublish'}`;
  return `${prefix}.update`;
};

export async function createAdminArticle(
  deps: AppDeps,
  actor: AdminActor,
  input: AdminArticleCreate,
): Promise<AdminArticle> {
  try {
    return await deps.database.db.transaction(async (tx) => {
      const row = await repository.insertArticle(tx, {
        ...input,
        position: await repository.nextPosition(tx, helpArticles),
        createdAt: actor.now,
        updatedAt: actor.now,
      });
      const article = toAdminArticle(row);
      await auditChange(
        tx,
        actor,
        'help_article.create',
        { type: 'help_article', id: row.id },
        null,
        article,
      );
      return article;
    });
  } catch (error) {
    throw slugTaken(error) ?? error;
  }
}

export async function updateAdminArticle(
  deps: AppDeps,
  actor: AdminActor,
  id: number,
  input: AdminArticleUpdate,
): Promise<AdminArticle> {
  try {
    return await deps.database.db.transaction(async (tx) => {
      const current = await repository.findArticle(tx, id, true);
      if (!current) throw AppError.notFound(M.articleNotFound);
      const row = await repository.updateArticle(tx, id, {
        ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
        updatedAt: actor.now,
      });
      const diff = changedFields(toAdminArticle(current), toAdminArticle(row));
      await auditChange(
        tx,
        actor,
        publishAction('help_article', diff.after),
        { type: 'help_article', id },
        diff.before,
        diff.after,
      );
      return toAdminArticle(row);
    });
  } catch (error) {
    throw slugTaken(error) ?? error;
  }
}

export async function deleteAdminArticle(deps: AppDeps, actor: AdminActor, id: number): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const current = await repository.findArticle(tx, id, true);
    if (!current) throw AppError.notFound(M.articleNotFound);
    await repository.deleteArticle(tx, id);
    await auditChange(
      tx,
      actor,
      'help_article.delete',
      { type: 'help_article', id },
      toAdminArticle(current),
      null,
    );
  });
}

// ── FAQs ─────────────────────────────────────────────────────────────────────────────────────
export function toAdminFaq(row: HelpFaqRow): AdminFaq {
  return {
    id: row.id,
    language: row.language,
    translation_of: row.translationOf,
    category: row.category,
    question: row.question,
    answer: row.answer,
    position: row.position,
    published: row.published,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listAdminFaqs(
  deps: AppDeps,
  query: Paged<repository.ContentFilter>,
): Promise<AdminFaqListResponse> {
  const perPage = query.per_page ?? HELP_PAGE_SIZE;
  const { rows, total } = await repository.listFaqs(deps.database.db, query, query.page, perPage);
  return { data: rows.map(toAdminFaq), meta: pageMeta(query.page, perPage, total) };
}

export async function getAdminFaq(deps: AppDeps, id: number): Promise<AdminFaq> {
  const row = await repository.findFaq(deps.database.db, id);
  if (!row) throw AppError.notFound(M.faqNotFound);
  return toAdminFaq(row);
}

/**
 * A FAQ's `translation_of` names an English question, and only a version in another language has one
 * (decision 164); anything else is refused before the write.
 */
async function checkTranslationOf(
  db: Parameters<typeof repository.findFaq>[0],
  language: AdminFaq['language'],
  translationOf: number | null | undefined,
  self?: number,
): Promise<void> {
  if (translationOf === null || translationOf === undefined) return;
  const original = await repository.findFaq(db, translationOf);
  if (language === 'en' || !original || original.language !== 'en' || original.id === self)
    throw AppError.validation('translation_of', M.translationInvalid);
}

export async function createAdminFaq(
  deps: AppDeps,
  actor: AdminActor,
  input: AdminFaqCreate,
): Promise<AdminFaq> {
  try {
    return await deps.database.db.transaction(async (tx) => {
      await checkTranslationOf(tx, input.language, input.translation_of);
      const { translation_of: translationOf, ...fields } = input;
      const row = await repository.insertFaq(tx, {
        ...fields,
        translationOf: translationOf ?? null,
        position: await repository.nextPosition(tx, helpFaqs),
        createdAt: actor.now,
        updatedAt: actor.now,
      });
      const faq = toAdminFaq(row);
      await auditChange(tx, actor, 'help_faq.create', { type: 'help_faq', id: row.id }, null, faq);
      return faq;
    });
  } catch (error) {
    throw questionTaken(error) ?? error;
  }
}

export async function updateAdminFaq(
  deps: AppDeps,
  actor: AdminActor,
  id: number,
  input: AdminFaqUpdate,
): Promise<AdminFaq> {
  try {
    return await deps.database.db.transaction(async (tx) => {
      const current = await repository.findFaq(tx, id, true);
      if (!current) throw AppError.notFound(M.faqNotFound);
      const { translation_of: translationOf, ...fields } = input;
      const language = fields.language ?? current.language;
      const linked = translationOf === undefined ? current.translationOf : translationOf;
      if (language === 'en' && linked !== null)
        throw AppError.validation('translation_of', M.translationInvalid);
      if (translationOf !== undefined) await checkTranslationOf(tx, language, translationOf, id);
      const row = await repository.updateFaq(tx, id, {
        ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
        ...(translationOf === undefined ? {} : { translationOf }),
        updatedAt: actor.now,
      });
      const diff = changedFields(toAdminFaq(current), toAdminFaq(row));
      await auditChange(
        tx,
        actor,
        publishAction('help_faq', diff.after),
        { type: 'help_faq', id },
        diff.before,
        diff.after,
      );
      return toAdminFaq(row);
    });
  } catch (error) {
    throw questionTaken(error) ?? error;
  }
}

export async function deleteAdminFaq(deps: AppDeps, actor: AdminActor, id: number): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const current = await repository.findFaq(tx, id, true);
    if (!current) throw AppError.notFound(M.faqNotFound);
    await repository.deleteFaq(tx, id);
    await auditChange(tx, actor, 'help_faq.delete', { type: 'help_faq', id }, toAdminFaq(current), null);
  });
}

// ── Order ────────────────────────────────────────────────────────────────────────────────────
/**
 * Moves an article or FAQ one place up or down in the public order: it swaps positions with its
 * neighbour (both rows locked, one transaction). At either end nothing moves.
 */
export async function moveContent(
  deps: AppDeps,
  actor: AdminActor,
  kind: 'article' | 'faq',
  id: number,
  direction: 'up' | 'down',
): Promise<AdminArticle | AdminFaq> {
  const table = kind === 'article' ? helpArticles : helpFaqs;
  const find = kind === 'article' ? repository.findArticle : repository.findFaq;
  const notFound = kind === 'article' ? M.articleNotFound : M.faqNotFound;
  return deps.database.db.transaction(async (tx) => {
    const current = await find(tx, id, true);
    if (!current) throw AppError.notFound(notFound);
    const other = await repository.neighbour(tx, table, current, direction);
    if (other) {
      // Equal positions (seeded or legacy rows) are told apart by id: the moved row takes a position
      // strictly past its neighbour's.
      const newPosition =
        other.position === current.position
          ? direction === 'up'
            ? other.position - 1
            : other.position + 1
          : other.position;
      await repository.setPosition(tx, table, id, newPosition, actor.now);
      if (other.position !== current.position)
        await repository.setPosition(tx, table, other.id, current.position, actor.now);
      await auditChange(
        tx,
        actor,
        `help_${kind}.move`,
        { type: `help_${kind}`, id },
        { position: current.position },
        { position: newPosition, direction, swapped_with: other.id },
      );
    }
    const moved = await find(tx, id);
    if (!moved) throw AppError.notFound(notFound);
    return kind === 'article' ? toAdminArticle(moved as HelpArticleRow) : toAdminFaq(moved as HelpFaqRow);
  });
}
