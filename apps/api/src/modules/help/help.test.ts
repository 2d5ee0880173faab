import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { helpArticles, helpFaqs, helpRequests, mailOutbox } from '@app/db';
import { HELP_MESSAGES, type HelpArticleList, type HelpFaqList } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { Browser, PASSWORD, createUser, errorOf, mailsTo, signIn } from '../../../test/accounts';
import { putSettings } from '../settings/settings.service';
import { SEED_ARTICLES, SEED_FAQS } from './help-content';
import { HELP_SUBMIT_MAX } from './help.routes';
import { seedHelpContent } from './help.service';

const { app, clock } = await createTestApp({ TRUST_PROXY: '1' });
const db = app.deps.database.db;
const COMPANY_EMAIL = 'care@platform.example';
await putSettings(db, { company_email: COMPANY_EMAIL }, clock.now());

const rows = async (table: typeof helpRequests | typeof mailOutbox) =>
  (await db.select({ value: count() }).from(table))[0]?.value ?? 0;

const message = { name: 'Ada Lovelace', email: 'Ada@Example.com', message: 'How do I lock my plan?' };

describe('help articles and FAQs', () => {
  it('are empty lists before any content exists', async () => {
    const articles = await app.inject({ method: 'GET', url: '/api/help/articles' });
    expect(articles.statusCode).toBe(200);
    expect(articles.json()).toEqual({ data: [] });
    expect((await app.inject({ method: 'GET', url: '/api/help/faqs' })).json()).toEqual({ data: [] });
  });

  it('list the seeded content in order, covering deposits, withdrawals, plans, loans, security and fees', async () => {
    await seedHelpContent(db, clock.now());
    const articles = (await app.inject({ method: 'GET', url: '/api/help/articles' })).json<HelpArticleList>();
    expect(articles.data.map((article) => article.title)).toEqual(
      SEED_ARTICLES.map((article) => article.title),
    );
    expect(articles.data[0]).toMatchObject({ title: 'Getting started', summary: expect.any(String) });
    const faqs = (await app.inject({ method: 'GET', url: '/api/help/faqs' })).json<HelpFaqList>();
    expect(faqs.data).toHaveLength(SEED_FAQS.length);
    const categories = new Set([...articles.data, ...faqs.data].map((item) => item.category));
    for (const category of ['deposits', 'withdrawals', 'plans', 'loans', 'security', 'fees']) {
      expect(categories).toContain(category);
    }
  });

  it('seeds only empty tables, never over what an admin changed, and hides unpublished items', async () => {
    await db.update(helpFaqs).set({ published: false });
    await db.delete(helpArticles);
    await db.insert(helpArticles).values({
      slug: 'own',
      category: 'fees',
      title: 'Our own article',
      summary: 's',
      body: 'b',
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    await seedHelpContent(db, clock.now());
    const articles = (await app.inject({ method: 'GET', url: '/api/help/articles' })).json<HelpArticleList>();
    expect(articles.data.map((article) => article.title)).toEqual(['Our own article']);
    expect((await app.inject({ method: 'GET', url: '/api/help/faqs' })).json()).toEqual({ data: [] });
  });
});

describe('POST /api/help/submit', () => {
  it('stores the message and mails it to the company email', async () => {
    const browser = new Browser(app);
    const response = await browser.post('/api/help/submit', message);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Message sent successfully!' });

    const [stored] = await db.select().from(helpRequests);
    expect(stored).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'How do I lock my plan?',
      userId: null,
      status: 'open',
    });
    const [mail] = await mailsTo(app, COMPANY_EMAIL);
    expect(mail?.subject).toContain('Ada Lovelace');
    expect(mail?.text).toContain('ada@example.com');
    expect(mail?.text).toContain('How do I lock my plan?');
  });

  it('links the message to the member who sent it while signed in', async () => {
    const browser = new Browser(app);
    const { user, email } = await createUser(app);
    const token = await signIn(browser, email, PASSWORD);
    const response = await browser.post('/api/help/submit', message, { token });
    expect(response.statusCode).toBe(200);
    const stored = await db.select().from(helpRequests);
    expect(stored.at(-1)?.userId).toBe(user.id);
  });

  it.each([
    ['name', { ...message, name: '' }],
    ['name', { ...message, name: '   ' }],
    ['email', { ...message, email: '' }],
    ['message', { ...message, message: '' }],
    ['name', { email: message.email, message: message.message }],
  ])('refuses a missing %s with "All fields are required." and stores nothing', async (field, body) => {
    const before = [await rows(helpRequests), await rows(mailOutbox)];
    const response = await new Browser(app).post('/api/help/submit', body);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.message).toBe(HELP_MESSAGES.allFieldsRequired);
    expect(error.errors?.[field]).toEqual([HELP_MESSAGES.allFieldsRequired]);
    expect([await rows(helpRequests), await rows(mailOutbox)]).toEqual(before);
  });

  it.each([
    ['email', { ...message, email: 'not-an-email' }, 'Please enter a valid email address.'],
    ['message', { ...message, message: 'x'.repeat(5001) }, 'At most 5000 characters.'],
    ['name', { ...message, name: 'x'.repeat(101) }, 'At most 100 characters.'],
    ['name', { ...message, name: 42 }, HELP_MESSAGES.allFieldsRequired],
  ])('refuses a bad %s with its message', async (field, body, text) => {
    const before = await rows(helpRequests);
    const response = await new Browser(app).post('/api/help/submit', body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errors?.[field]).toEqual([text]);
    expect(await rows(helpRequests)).toBe(before);
  });

  it('answers a filled honeypot as sent but stores and mails nothing', async () => {
    const before = [await rows(helpRequests), await rows(mailOutbox)];
    const response = await new Browser(app).post('/api/help/submit', {
      ...message,
      website: 'http://spam.example',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Message sent successfully!' });
    expect([await rows(helpRequests), await rows(mailOutbox)]).toEqual(before);
  });

  it(`lets one address send ${HELP_SUBMIT_MAX} messages, then answers 429 with Retry-After`, async () => {
    const browser = new Browser(app);
    for (let i = 0; i < HELP_SUBMIT_MAX; i += 1) {
      expect((await browser.post('/api/help/submit', message)).statusCode).toBe(200);
    }
    const before = await rows(helpRequests);
    const refused = await browser.post('/api/help/submit', message);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(errorOf(refused).code).toBe('TOO_MANY_REQUESTS');
    expect(await rows(helpRequests)).toBe(before);
    // Another address is not affected.
    expect((await new Browser(app).post('/api/help/submit', message)).statusCode).toBe(200);
  });

  it('refuses a write without the CSRF echo when the browser carries cookies', async () => {
    const cookie = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    const xsrf = cookie.cookies.find((c) => c.name === 'XSRF-TOKEN');
    const before = await rows(helpRequests);
    const response = await app.inject({
      method: 'POST',
      url: '/api/help/submit',
      headers: { cookie: `XSRF-TOKEN=${xsrf?.value ?? ''}`, 'x-xsrf-token': 'wrong' },
      payload: message,
    });
    expect(response.statusCode).toBe(419);
    expect(await rows(helpRequests)).toBe(before);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/help/submit',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('list the public pages at APP_URL and keep member areas out', async () => {
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    for (const path of [
      '/',
      '/about',
      '/personal',
      '/plans',
      '/help-center',
      '/terms',
      '/privacy',
      '/careers',
    ]) {
      expect(sitemap.body).toContain(`<loc>http://localhost:3000${path}</loc>`);
    }
    expect(sitemap.body).not.toContain('/dashboard');
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(robots.body).toContain('Disallow: /dashboard');
    expect(robots.body).toContain('Disallow: /api/');
  });
});
