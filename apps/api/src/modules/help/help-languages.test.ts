import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { helpArticles } from '@app/db';
import type { AskResponse, HelpArticleList, HelpFaqList } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { errorOf } from '../../../test/accounts';
import { fundedMember } from '../../../test/investing';
import { SEED_ARTICLES, SEED_FAQS } from './help-content';
import { seedHelpContent } from './help.service';

/**
 * Help content per language (decision 164) on both databases: the lists in the reader's language with
 * English where an item has no version, a bad language refused, and the assistant answering a Spanish
 * question from the Spanish article (Spanish stemming), or from English and saying so.
 */
const { app, clock } = await createTestApp({
  RATE_LIMIT_WRITES_PER_MINUTE: '100000',
  AI_QUESTIONS_PER_MINUTE: '100000',
});
const db = app.deps.database.db;
await seedHelpContent(db, clock.now());

const articles = async (lang: string) => {
  const response = await app.inject({ method: 'GET', url: `/api/help/articles?lang=${lang}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HelpArticleList>().data;
};

describe('help content in the reader’s language', () => {
  it('lists every seeded article and FAQ in Spanish and in Arabic, each marked with its language', async () => {
    for (const lang of ['es', 'ar'] as const) {
      const list = await articles(lang);
      expect(list).toHaveLength(SEED_ARTICLES.length);
      expect(new Set(list.map((article) => article.language))).toEqual(new Set([lang]));
      const faqs = (
        await app.inject({ method: 'GET', url: `/api/help/faqs?lang=${lang}` })
      ).json<HelpFaqList>().data;
      expect(faqs).toHaveLength(SEED_FAQS.length);
      expect(new Set(faqs.map((faq) => faq.language))).toEqual(new Set([lang]));
    }
    expect((await articles('es')).map((article) => article.title)).toContain('Cómo retirar tus fondos');
    expect((await articles('ar')).map((article) => article.title)).toContain('سحب أموالك');
    expect((await articles('en')).map((article) => article.title)).toEqual(
      SEED_ARTICLES.map((article) => article.title),
    );
  });

  it('shows an article with no version in the reader’s language in English, marked as English', async () => {
    await db.insert(helpArticles).values({
      slug: 'only-english',
      category: 'fees',
      title: 'Only in English',
      summary: 'Not translated yet.',
      body: 'Body.',
      position: 99,
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    const list = await articles('es');
    expect(list).toHaveLength(SEED_ARTICLES.length + 1);
    expect(list.find((article) => article.title === 'Only in English')).toMatchObject({ language: 'en' });
    await db.execute(sql`delete from help_articles where slug = 'only-english'`);
  });

  it('refuses a language it does not have with a 400 and a field error', async () => {
    for (const url of ['/api/help/articles?lang=fr', '/api/help/faqs?lang=EN']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).errors?.lang?.[0]).toEqual(expect.any(String));
    }
  });
});

const member = await fundedMember(app, 100);

describe('the assistant searches the member’s language first', () => {
  const ask = async (question: string, language: 'en' | 'es' | 'ar') => {
    const response = await member.client.post('/api/ai/ask', { question, language }, { token: member.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AskResponse>();
  };

  it('answers a Spanish question from the Spanish article (another form of the word still matches)', async () => {
    // "comisión" finds "Comisiones y gastos": singular and plural share their Spanish stem.
    const body = await ask('¿Qué comisión cobran?', 'es');
    expect(body.intent).toBe('help');
    expect(body.sources.map((source) => source.title)).toContain('Comisiones y gastos');
    expect(body.answer).not.toContain('solo está en inglés');
  });

  it('quotes the Spanish article itself when the question is about what only the article says', async () => {
    const body = await ask('¿El emisor de la tarjeta cobra comisiones?', 'es');
    expect(body.intent).toBe('help');
    expect(body.answer).toBe(
      'Del centro de ayuda, «Comisiones y gastos»: Lo que pagas por usar la plataforma y lo que pueden cobrar tu banco o la red.',
    );
    expect(body.sources[0]).toEqual({ title: 'Comisiones y gastos', url: '/help-center#articles-title' });
  });

  it('falls back to English and says so when the member’s language has nothing on it', async () => {
    await db.execute(sql`update help_articles set published = false where language = 'es'`);
    await db.execute(sql`update help_faqs set published = false where language = 'es'`);
    const body = await ask('How do I withdraw my money?', 'es');
    expect(body.sources.map((source) => source.title)).toContain('Withdrawing your funds');
    expect(body.answer).toContain('No encontré la respuesta en español; esta solo está en inglés por ahora.');
    await db.execute(sql`update help_articles set published = true where language = 'es'`);
    await db.execute(sql`update help_faqs set published = true where language = 'es'`);
  });

  it('does the same for an Arabic member: the English article, said to be English, in Arabic', async () => {
    await db.execute(sql`update help_articles set published = false where language = 'ar'`);
    await db.execute(sql`update help_faqs set published = false where language = 'ar'`);
    const body = await ask('How do I withdraw my money?', 'ar');
    expect(body.sources.map((source) => source.title)).toContain('Withdrawing your funds');
    expect(body.answer).toContain('لم أجد الإجابة بالعربية؛ هذه الإجابة متوفرة بالإنجليزية فقط حاليًا.');
    await db.execute(sql`update help_articles set published = true where language = 'ar'`);
    await db.execute(sql`update help_faqs set published = true where language = 'ar'`);
    // With its Arabic version back, the Arabic article answers and nothing is said about English.
    const arabic = await ask('كيف أسحب أموالي؟', 'ar');
    expect(arabic.sources.map((source) => source.title)).toContain('سحب أموالك');
    expect(arabic.answer).not.toContain('بالإنجليزية فقط');
  });
});
