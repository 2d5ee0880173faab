import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog } from '@app/db';
import type {
  AdminArticleListResponse,
  AdminArticleResponse,
  AdminFaqListResponse,
  AdminFaqResponse,
  AdminHelpRequestDetail,
  AdminHelpRequestListResponse,
  AdminHelpRequestResponse,
  HelpArticleList,
  HelpFaqList,
} from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { errorOf, mailsTo } from '../../../test/accounts';
import { signInAdminAs } from '../../../test/admin';
import { signedInAdmin, signedInMember } from '../../../test/money';
import { seedHelpContent } from '../help/help.service';

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;
await seedHelpContent(db, clock.now());
const admin = await signedInAdmin(app);
const as = (who: { token: string }) => ({ token: who.token });

const publicArticles = async () =>
  (await app.inject({ method: 'GET', url: '/api/help/articles' })).json<HelpArticleList>().data;
const publicFaqs = async () =>
  (await app.inject({ method: 'GET', url: '/api/help/faqs' })).json<HelpFaqList>().data;

async function lastAudit(subjectType: string, id: number) {
  const [row] = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, subjectType), eq(auditLog.subjectId, String(id))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe('admin help articles', () => {
  it('lists the seeded articles in public order, published or not', async () => {
    const response = await admin.client.get('/api/admin/help/articles?language=en', as(admin));
    expect(response.statusCode).toBe(200);
    const body = response.json<AdminArticleListResponse>();
    expect(body.data.map((article) => article.title)).toEqual(
      (await publicArticles()).map((article) => article.title),
    );
    expect(body.data[0]).toMatchObject({ position: 0, published: true });
  });

  it('creates an unpublished article that the public help center shows only once published', async () => {
    const created = await admin.client.post(
      '/api/admin/help/articles',
      {
        slug: 'card-payments',
        category: 'deposits',
        title: 'Card payments',
        summary: 'Soon.',
        body: 'Not yet.',
      },
      as(admin),
    );
    expect(created.statusCode, created.body).toBe(201);
    const article = created.json<AdminArticleResponse>().article;
    expect(article.published).toBe(false);
    expect((await publicArticles()).map((item) => item.slug)).not.toContain('card-payments');
    expect(await lastAudit('help_article', article.id)).toMatchObject({
      action: 'help_article.create',
      before: null,
    });

    const published = await admin.client.patch(
      `/api/admin/help/articles/${article.id}`,
      { published: true },
      as(admin),
    );
    expect(published.statusCode).toBe(200);
    const list = await publicArticles();
    expect(list.at(-1)?.slug).toBe('card-payments');
    expect(await lastAudit('help_article', article.id)).toMatchObject({
      action: 'help_article.publish',
      before: { published: false },
      after: { published: true },
    });

    await admin.client.patch(`/api/admin/help/articles/${article.id}`, { published: false }, as(admin));
    expect((await publicArticles()).map((item) => item.slug)).not.toContain('card-payments');
    expect((await lastAudit('help_article', article.id))?.action).toBe('help_article.unpublish');
  });

  it('moves an article up and down: the public order follows', async () => {
    const before = await publicArticles();
    const second = before[1];
    if (!second) throw new Error('needs two articles');
    const moved = await admin.client.post(
      `/api/admin/help/articles/${second.id}/move`,
      { direction: 'up' },
      as(admin),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await publicArticles();
    expect(after.map((item) => item.id).slice(0, 2)).toEqual([second.id, before[0]?.id]);
    expect(await lastAudit('help_article', second.id)).toMatchObject({ action: 'help_article.move' });
    // At the top, up moves nothing.
    await admin.client.post(`/api/admin/help/articles/${second.id}/move`, { direction: 'up' }, as(admin));
    expect((await publicArticles()).map((item) => item.id)).toEqual(after.map((item) => item.id));
    await admin.client.post(`/api/admin/help/articles/${second.id}/move`, { direction: 'down' }, as(admin));
    expect((await publicArticles()).map((item) => item.id)).toEqual(before.map((item) => item.id));
  });

  it('edits and deletes an article, audited with before and after', async () => {
    const created = (
      await admin.client.post(
        '/api/admin/help/articles',
        { slug: 'to-edit', category: 'fees', title: 'Fees', summary: 'S', body: 'B', published: true },
        as(admin),
      )
    ).json<AdminArticleResponse>().article;
    const edited = await admin.client.patch(
      `/api/admin/help/articles/${created.id}`,
      { title: 'Our fees' },
      as(admin),
    );
    expect(edited.json<AdminArticleResponse>().article.title).toBe('Our fees');
    expect((await publicArticles()).find((item) => item.id === created.id)?.title).toBe('Our fees');
    expect(await lastAudit('help_article', created.id)).toMatchObject({
      action: 'help_article.update',
      before: { title: 'Fees' },
      after: { title: 'Our fees' },
    });
    const removed = await admin.client.delete(`/api/admin/help/articles/${created.id}`, as(admin));
    expect(removed.statusCode).toBe(200);
    expect((await publicArticles()).map((item) => item.id)).not.toContain(created.id);
    expect(await lastAudit('help_article', created.id)).toMatchObject({
      action: 'help_article.delete',
      before: { title: 'Our fees' },
      after: null,
    });
  });

  it('creates a Spanish article that Spanish readers get, and refuses a bad language', async () => {
    const created = await admin.client.post(
      '/api/admin/help/articles',
      {
        slug: 'pagos-con-tarjeta',
        language: 'es',
        category: 'getting-started',
        title: 'Primeros pasos (versión del operador)',
        summary: 'Cómo empezar.',
        body: 'Cree su cuenta y haga su primer depósito.',
        published: true,
      },
      as(admin),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { article } = created.json<AdminArticleResponse>();
    expect(article).toMatchObject({ language: 'es', slug: 'pagos-con-tarjeta' });
    const read = await admin.client.get(`/api/admin/help/articles/${article.id}`, as(admin));
    expect(read.json<AdminArticleResponse['article']>().language).toBe('es');
    const spanish = (
      await app.inject({ method: 'GET', url: '/api/help/articles?lang=es' })
    ).json<HelpArticleList>();
    expect(spanish.data.find((item) => item.id === article.id)).toMatchObject({ language: 'es' });

    const before = (
      await admin.client.get('/api/admin/help/articles?language=es', as(admin))
    ).json<AdminArticleListResponse>();
    const bad = await admin.client.post(
      '/api/admin/help/articles',
      { slug: 'card-fees', language: 'fr', category: 'fees', title: 'T', summary: 'S', body: 'B' },
      as(admin),
    );
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).errors).toEqual({ language: ['Choose en, es or ar.'] });
    const after = (
      await admin.client.get('/api/admin/help/articles?language=es', as(admin))
    ).json<AdminArticleListResponse>();
    expect(after.meta).toEqual(before.meta);
    await admin.client.delete(`/api/admin/help/articles/${article.id}`, as(admin));
  });

  it('refuses bad input (400 with fields), duplicates and unknown ids (404)', async () => {
    const bad = await admin.client.post(
      '/api/admin/help/articles',
      { slug: 'Bad Slug!', category: 'nope', title: '', summary: '', body: '' },
      as(admin),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).errors ?? {}).sort()).toEqual([
      'body',
      'category',
      'slug',
      'summary',
      'title',
    ]);
    const duplicate = await admin.client.post(
      '/api/admin/help/articles',
      { slug: 'getting-started', category: 'fees', title: 'T', summary: 'S', body: 'B' },
      as(admin),
    );
    expect(errorOf(duplicate).errors).toEqual({
      slug: ['An article with this address already exists in this language.'],
    });
    expect((await admin.client.get('/api/admin/help/articles/999999', as(admin))).statusCode).toBe(404);
    expect(
      (await admin.client.patch('/api/admin/help/articles/999999', { title: 'x' }, as(admin))).statusCode,
    ).toBe(404);
    expect((await admin.client.delete('/api/admin/help/articles/999999', as(admin))).statusCode).toBe(404);
    const move = await admin.client.post(
      '/api/admin/help/articles/999999/move',
      { direction: 'up' },
      as(admin),
    );
    expect(move.statusCode).toBe(404);
    const badMove = await admin.client.post(
      '/api/admin/help/articles/1/move',
      { direction: 'sideways' },
      as(admin),
    );
    expect(badMove.statusCode).toBe(400);
    expect(errorOf(badMove).errors).toHaveProperty('direction');
  });
});

describe('admin FAQs', () => {
  it('creates, publishes, orders and deletes questions; the public list follows', async () => {
    const created = await admin.client.post(
      '/api/admin/help/faqs',
      { category: 'fees', question: 'Is there a fee to close my account?', answer: 'No.', published: true },
      as(admin),
    );
    expect(created.statusCode, created.body).toBe(201);
    const faq = created.json<AdminFaqResponse>().faq;
    expect((await publicFaqs()).at(-1)?.id).toBe(faq.id);
    await admin.client.post(`/api/admin/help/faqs/${faq.id}/move`, { direction: 'up' }, as(admin));
    expect((await publicFaqs()).at(-2)?.id).toBe(faq.id);
    await admin.client.patch(`/api/admin/help/faqs/${faq.id}`, { published: false }, as(admin));
    expect((await publicFaqs()).map((item) => item.id)).not.toContain(faq.id);
    const listed = (
      await admin.client.get('/api/admin/help/faqs?published=false', as(admin))
    ).json<AdminFaqListResponse>();
    expect(listed.data.map((item) => item.id)).toContain(faq.id);
    const duplicate = await admin.client.post(
      '/api/admin/help/faqs',
      { category: 'fees', question: 'Is there a fee to close my account?', answer: 'Again.' },
      as(admin),
    );
    expect(errorOf(duplicate).errors).toEqual({
      question: ['This question already exists in this language.'],
    });
    expect((await admin.client.delete(`/api/admin/help/faqs/${faq.id}`, as(admin))).statusCode).toBe(200);
    expect((await admin.client.get(`/api/admin/help/faqs/${faq.id}`, as(admin))).statusCode).toBe(404);
    expect(await lastAudit('help_faq', faq.id)).toMatchObject({ action: 'help_faq.delete', after: null });
    const bad = await admin.client.post(
      '/api/admin/help/faqs',
      { category: 'fees', question: '', answer: '' },
      as(admin),
    );
    expect(Object.keys(errorOf(bad).errors ?? {}).sort()).toEqual(['answer', 'question']);
  });
});

describe('the help inbox', () => {
  async function sendMessage(email: string, text = 'Where is my deposit?') {
    const response = await app.inject({
      method: 'POST',
      url: '/api/help/submit',
      payload: { name: 'Grace Hopper', email, message: text },
      headers: { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 200) + 1}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const list = (
      await admin.client.get(`/api/admin/help/requests?q=${encodeURIComponent(email)}`, as(admin))
    ).json<AdminHelpRequestListResponse>();
    const found = list.data[0];
    if (!found) throw new Error('message not in the inbox');
    return found;
  }

  it('lists messages oldest first with status filter and search; shows one with its note and replies', async () => {
    const first = await sendMessage('first@example.com');
    clock.advance(60_000);
    const second = await sendMessage('second@example.com');
    const open = (
      await admin.client.get('/api/admin/help/requests?status=open', as(admin))
    ).json<AdminHelpRequestListResponse>();
    const ids = open.data.map((item) => item.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const newest = (
      await admin.client.get('/api/admin/help/requests?sort=newest', as(admin))
    ).json<AdminHelpRequestListResponse>();
    expect(newest.data[0]?.id).toBe(second.id);
    const detail = await admin.client.get(`/api/admin/help/requests/${first.id}`, as(admin));
    expect(detail.json<AdminHelpRequestDetail>()).toMatchObject({
      email: 'first@example.com',
      message: 'Where is my deposit?',
      status: 'open',
      note: '',
      replies: [],
    });
  });

  it('replies by mail: the sender gets the mail, the message is answered, audited', async () => {
    const request = await sendMessage('asker@example.com', 'Can I change my email?');
    const reply = await admin.client.post(
      `/api/admin/help/requests/${request.id}/reply`,
      { message: 'Yes: open Account settings, then Profile.' },
      as(admin),
    );
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json<AdminHelpRequestResponse>();
    expect(body.message).toBe('Reply sent.');
    expect(body.request).toMatchObject({
      status: 'answered',
      replies: [{ message: 'Yes: open Account settings, then Profile.' }],
    });
    const [mail] = await mailsTo(app, 'asker@example.com');
    expect(mail?.subject).toContain(`#${request.id}`);
    expect(mail?.text).toContain('Yes: open Account settings, then Profile.');
    expect(mail?.text).toContain('> Can I change my email?');
    // The mail is in the development outbox too.
    const outbox = await app.inject({ method: 'GET', url: '/api/dev/mail?to=asker@example.com' });
    expect(outbox.body).toContain('Yes: open Account settings');
    expect(await lastAudit('help_request', request.id)).toMatchObject({
      action: 'help_request.reply',
      before: { status: 'open' },
      after: { status: 'answered' },
    });
  });

  it('sets status and internal note, audited; refuses bad input and unknown ids', async () => {
    const request = await sendMessage('noted@example.com');
    const patched = await admin.client.patch(
      `/api/admin/help/requests/${request.id}`,
      { status: 'closed', note: 'Duplicate of an earlier message.' },
      as(admin),
    );
    expect(patched.statusCode).toBe(200);
    expect(patched.json<AdminHelpRequestResponse>().request).toMatchObject({
      status: 'closed',
      note: 'Duplicate of an earlier message.',
    });
    expect(await lastAudit('help_request', request.id)).toMatchObject({
      action: 'help_request.update',
      before: { status: 'open', note: '' },
      after: { status: 'closed', note: 'Duplicate of an earlier message.' },
    });
    const bad = await admin.client.patch(
      `/api/admin/help/requests/${request.id}`,
      { status: 'spam' },
      as(admin),
    );
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).errors).toHaveProperty('status');
    const empty = await admin.client.post(
      `/api/admin/help/requests/${request.id}/reply`,
      { message: ' ' },
      as(admin),
    );
    expect(errorOf(empty).errors).toEqual({ message: ['Write a reply.'] });
    expect((await mailsTo(app, 'noted@example.com')).length).toBe(0);
    expect((await admin.client.get('/api/admin/help/requests/999999', as(admin))).statusCode).toBe(404);
    expect(
      (await admin.client.patch('/api/admin/help/requests/999999', { status: 'open' }, as(admin))).statusCode,
    ).toBe(404);
    expect(
      (await admin.client.post('/api/admin/help/requests/999999/reply', { message: 'x' }, as(admin)))
        .statusCode,
    ).toBe(404);
  });

  it('admits support; refuses finance (403), members (403) and no session (401)', async () => {
    const support = await signInAdminAs(app, 'support');
    expect((await support.client.get('/api/admin/help/requests', as(support))).statusCode).toBe(200);
    const created = await support.client.post(
      '/api/admin/help/faqs',
      { category: 'fees', question: 'Asked by support?', answer: 'Yes.' },
      as(support),
    );
    expect(created.statusCode).toBe(201);
    const finance = await signInAdminAs(app, 'finance');
    expect((await finance.client.get('/api/admin/help/requests', as(finance))).statusCode).toBe(403);
    expect(
      (await finance.client.post('/api/admin/help/requests/1/reply', { message: 'x' }, as(finance)))
        .statusCode,
    ).toBe(403);
    const member = await signedInMember(app);
    for (const url of ['/api/admin/help/requests', '/api/admin/help/articles', '/api/admin/help/faqs'])
      expect((await member.client.get(url, as(member))).statusCode).toBe(403);
    expect(
      (await member.client.post('/api/admin/help/requests/1/reply', { message: 'x' }, as(member))).statusCode,
    ).toBe(403);
    expect((await member.client.get('/api/admin/help/requests')).statusCode).toBe(401);
  });
});
