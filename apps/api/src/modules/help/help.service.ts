import {
  HELP_MESSAGES,
  type HelpArticle,
  type HelpFaq,
  type HelpLanguage,
  type HelpRequest,
  type MessageResponse,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '@app/db';
import { getSettings } from '../settings/settings.service';
import { SEED_ARTICLES, SEED_FAQS } from './help-content';
import { SEED_ARTICLE_TRANSLATIONS, SEED_FAQ_TRANSLATIONS } from './help-content-translations';
import * as repository from './help.repository';

/**
 * One item per group in the public order: the version in `language` where there is one, otherwise the
 * English one (its `language` says so, decision 164). Rows come in position order.
 */
function pickVersions<Row extends { language: HelpLanguage }>(
  rows: Row[],
  language: HelpLanguage,
  groupOf: (row: Row) => string | number,
): Row[] {
  const chosen = new Map<string | number, Row>();
  for (const row of rows) {
    const group = groupOf(row);
    const current = chosen.get(group);
    if (!current || (current.language !== language && row.language === language)) chosen.set(group, row);
  }
  const kept = new Set(chosen.values());
  return rows.filter((row) => kept.has(row));
}

export async function listArticles(db: DbOrTx, language: HelpLanguage = 'en'): Promise<HelpArticle[]> {
  const rows = await repository.listPublishedArticles(db, language);
  return pickVersions(rows, language, (row) => row.slug);
}

export async function listFaqs(db: DbOrTx, language: HelpLanguage = 'en'): Promise<HelpFaq[]> {
  const rows = await repository.listPublishedFaqs(db, language);
  return pickVersions(rows, language, (row) => row.translationOf ?? row.id).map(
    ({ translationOf: _translationOf, ...faq }) => faq,
  );
}

/** Seeds the help center's first articles and FAQs into tables that are empty (never over an admin's edits). */
export async function seedHelpContent(db: DbOrTx, now: Date): Promise<void> {
  const existing = await repository.countContent(db);
  if (existing.articles === 0) {
    await repository.insertArticles(db, [
      ...SEED_ARTICLES.map((article, index) => ({
        ...article,
        position: index,
        createdAt: now,
        updatedAt: now,
      })),
      // Each article's Spanish and Arabic versions share its slug and position (decision 164).
      ...(['es', 'ar'] as const).flatMap((language) =>
        SEED_ARTICLES.map((article, index) => ({
          ...article,
          ...SEED_ARTICLE_TRANSLATIONS[language][article.slug],
          language,
          position: index,
          createdAt: now,
          updatedAt: now,
        })),
      ),
    ]);
  }
  if (existing.faqs === 0) {
    const english = await repository.insertFaqs(
      db,
      SEED_FAQS.map((faq, index) => ({ ...faq, position: index, createdAt: now, updatedAt: now })),
    );
    const idOf = new Map(english.map((row) => [row.question, row.id]));
    await repository.insertFaqs(
      db,
      (['es', 'ar'] as const).flatMap((language) =>
        SEED_FAQS.map((faq, index) => ({
          ...faq,
          ...SEED_FAQ_TRANSLATIONS[language][index],
          language,
          translationOf: idOf.get(faq.question) ?? null,
          position: index,
          createdAt: now,
          updatedAt: now,
        })),
      ),
    );
  }
}

/**
 * A contact-form message: stored for the admin inbox and mailed to the company email (settings). A
 * filled honeypot gets the same answer and is dropped, so a bot learns nothing.
 */
export async function submitHelpRequest(
  deps: AppDeps,
  request: HelpRequest,
  meta: { userId: number | null; log: { info: (obj: object, msg: string) => void } },
): Promise<MessageResponse> {
  if (request.website && request.website.trim() !== '') {
    meta.log.info({ honeypot: true }, 'help request dropped (honeypot filled)');
    return { message: HELP_MESSAGES.sent };
  }
  const { db } = deps.database;
  const now = deps.clock.now();
  const settings = await getSettings(db);
  await db.transaction(async (tx) => {
    const id = await repository.insertRequest(tx, {
      name: request.name,
      email: request.email,
      message: request.message,
      userId: meta.userId,
      createdAt: now,
    });
    await deps.mailer.send(tx, {
      to: settings.company_email,
      subject: `Help center message #${id} from ${request.name}`,
      text: [
        `From: ${request.name} <${request.email}>`,
        meta.userId ? `Member id: ${meta.userId}` : 'Not signed in',
        `Received: ${now.toISOString()}`,
        '',
        request.message,
      ].join('\n'),
    });
  });
  return { message: HELP_MESSAGES.sent };
}
