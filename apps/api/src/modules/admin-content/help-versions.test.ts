import { describe, expect, it } from 'vitest';
import type {
  AdminArticleResponse,
  AdminArticleVersionsResponse,
  AdminFaqResponse,
  AdminFaqVersionsResponse,
} from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { errorOf } from '../../../test/accounts';
import { signedInAdmin, signedInMember } from '../../../test/money';

const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const admin = await signedInAdmin(app);
const as = (who: { token: string }) => ({ token: who.token });

const article = (language: string, title: string) => ({
  slug: 'side-by-side-fees',
  language,
  category: 'fees',
  title,
  summary: `${title} summary`,
  body: `${title} body`,
  published: true,
});

describe('side-by-side help versions (decision 164)', () => {
  it('gives every language version of an article by its slug, English first; 404 for an unknown slug', async () => {
    const ids: number[] = [];
    for (const [language, title] of [
      ['ar', 'الرسوم جنبًا إلى جنب'],
      ['en', 'Fees side by side'],
      ['es', 'Comisiones lado a lado'],
    ] as const) {
      const created = await admin.client.post(
        '/api/admin/help/articles',
        article(language, title),
        as(admin),
      );
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json<AdminArticleResponse>().article.id);
    }
    const response = await admin.client.get('/api/admin/help/articles/by-slug/side-by-side-fees', as(admin));
    expect(response.statusCode).toBe(200);
    const body = response.json<AdminArticleVersionsResponse>();
    expect(body.slug).toBe('side-by-side-fees');
    expect(body.versions.map((version) => [version.language, version.title])).toEqual([
      ['en', 'Fees side by side'],
      ['es', 'Comisiones lado a lado'],
      ['ar', 'الرسوم جنبًا إلى جنب'],
    ]);
    // Saving one version changes only that one.
    const saved = await admin.client.patch(
      `/api/admin/help/articles/${ids[2]}`,
      { title: 'Comisiones, lado a lado' },
      as(admin),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AdminArticleResponse>().article.language).toBe('es');
    const again = (
      await admin.client.get('/api/admin/help/articles/by-slug/side-by-side-fees', as(admin))
    ).json<AdminArticleVersionsResponse>();
    expect(again.versions.map((version) => version.title)).toEqual([
      'Fees side by side',
      'Comisiones, lado a lado',
      'الرسوم جنبًا إلى جنب',
    ]);

    const unknown = await admin.client.get('/api/admin/help/articles/by-slug/no-such-article', as(admin));
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe('Article not found.');
    const bad = await admin.client.get('/api/admin/help/articles/by-slug/Not%20A%20Slug', as(admin));
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).errors).toHaveProperty('slug');
  });

  it("gives a question's versions from any of them; a translation is created linked to the English one", async () => {
    const english = (
      await admin.client.post(
        '/api/admin/help/faqs',
        { category: 'fees', question: 'Can I see versions side by side?', answer: 'Yes.' },
        as(admin),
      )
    ).json<AdminFaqResponse>().faq;
    const alone = await admin.client.get(`/api/admin/help/faqs/${english.id}/versions`, as(admin));
    expect(alone.json<AdminFaqVersionsResponse>()).toMatchObject({
      original_id: english.id,
      versions: [{ id: english.id, language: 'en' }],
    });
    const spanish = await admin.client.post(
      '/api/admin/help/faqs',
      {
        category: 'fees',
        language: 'es',
        translation_of: english.id,
        question: '¿Puedo ver las versiones lado a lado?',
        answer: 'Sí.',
      },
      as(admin),
    );
    expect(spanish.statusCode, spanish.body).toBe(201);
    const spanishId = spanish.json<AdminFaqResponse>().faq.id;
    // Editing the Spanish version without naming its language keeps it Spanish and linked.
    const edited = await admin.client.patch(
      `/api/admin/help/faqs/${spanishId}`,
      { answer: 'Sí, en columnas.' },
      as(admin),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<AdminFaqResponse>().faq).toMatchObject({ language: 'es', translation_of: english.id });
    const fromSpanish = (
      await admin.client.get(`/api/admin/help/faqs/${spanishId}/versions`, as(admin))
    ).json<AdminFaqVersionsResponse>();
    expect(fromSpanish.original_id).toBe(english.id);
    expect(fromSpanish.versions.map((version) => [version.language, version.translation_of])).toEqual([
      ['en', null],
      ['es', english.id],
    ]);
    // A link to a non-English question is refused with a field error, nothing created.
    const badLink = await admin.client.post(
      '/api/admin/help/faqs',
      { category: 'fees', language: 'ar', translation_of: spanishId, question: 'سؤال؟', answer: 'نعم.' },
      as(admin),
    );
    expect(badLink.statusCode).toBe(400);
    expect(errorOf(badLink).errors).toHaveProperty('translation_of');
    const after = (
      await admin.client.get(`/api/admin/help/faqs/${english.id}/versions`, as(admin))
    ).json<AdminFaqVersionsResponse>();
    expect(after.versions).toHaveLength(2);
    expect((await admin.client.get('/api/admin/help/faqs/999999/versions', as(admin))).statusCode).toBe(404);
    expect((await admin.client.get('/api/admin/help/faqs/x/versions', as(admin))).statusCode).toBe(400);
  });

  it('is for the back office only: a member gets 403, no session 401', async () => {
    const member = await signedInMember(app);
    for (const url of [
      '/api/admin/help/articles/by-slug/getting-started',
      '/api/admin/help/faqs/1/versions',
    ]) {
      expect((await member.client.get(url, as(member))).statusCode).toBe(403);
      expect((await member.client.get(url)).statusCode).toBe(401);
    }
  });
});
