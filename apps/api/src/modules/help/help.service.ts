import { HELP_MESSAGES, type HelpRequest, type MessageResponse } from '@app/shared';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '@app/db';
import { getSettings } from '../settings/settings.service';
import { SEED_ARTICLES, SEED_FAQS } from './help-content';
import * as repository from './help.repository';

export const listArticles = (db: DbOrTx) => repository.listPublishedArticles(db);
export const listFaqs = (db: DbOrTx) => repository.listPublishedFaqs(db);

/** Seeds the help center's first articles and FAQs into tables that are empty (never over an admin's edits). */
export async function seedHelpContent(db: DbOrTx, now: Date): Promise<void> {
  const existing = await repository.countContent(db);
  if (existing.articles === 0) {
    await repository.insertArticles(
      db,
      SEED_ARTICLES.map((article, index) => ({
        ...article,
        position: index,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
  if (existing.faqs === 0) {
    await repository.insertFaqs(
      db,
      SEED_FAQS.map((faq, index) => ({ ...faq, position: index, createdAt: now, updatedAt: now })),
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
