import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { helpArticles, helpFaqs, helpRequests, loanPlans, plans, userPlans } from '@app/db';
import {
  DATE_RANGE,
  INPUT_MESSAGES,
  type AdminArticleResponse,
  type AdminFaqResponse,
  type FrontSettings,
} from '@app/shared';
import { ApiClient, createTestApp } from '../../test/helpers';
import { Browser, errorOf, type ErrorBody } from '../../test/accounts';
import { signedInAdmin, type Member } from '../../test/money';
import { createPlan, fundedMember } from '../../test/investing';
import { createLoanPlan } from '../../test/loans';
import { putSettings } from '../modules/settings/settings.service';
import { API_CONTENT_SECURITY_POLICY } from './security-headers';
import { HEADER_MESSAGES } from './input-rule';

/** The reported cases of issue 33 and the input rule's parts, one by one (decision 153). */

// The access lines are read by the refusals before routing (decision 147, amended 2026-12-02).
const lines: string[] = [];
const { app } = await createTestApp(
  { RATE_LIMIT_WRITES_PER_MINUTE: '100000', TRUST_PROXY: '1', LOG_LEVEL: 'info' },
  { logStream: { write: (chunk) => void lines.push(...chunk.split('\n').filter(Boolean)) } },
);
const { db } = app.deps.database;
// The first plan of a fresh database: `true` and `[1]` used to be read as its id.
const plan = await createPlan(app, { durationDays: null });
const loanPlan = await createLoanPlan(app);
const admin = await signedInAdmin(app);
const member: Member = await fundedMember(app, 1_000);
const asAdmin = { token: admin.token };
const asMember = { token: member.token };
const NUL = 'Na\u0000b';

/** A 400 VALIDATION_FAILED whose field errors name `field`; returns its message there. */
function refused(response: { statusCode: number; body: string }, field: string): string {
  expect(response.statusCode, response.body).toBe(400);
  const body = JSON.parse(response.body) as ErrorBody;
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.errors?.[field], response.body).toBeDefined();
  return body.errors?.[field]?.[0] ?? '';
}

const rows = async (table: typeof helpRequests | typeof plans | typeof loanPlans | typeof userPlans) =>
  (await db.select({ n: count() }).from(table))[0]?.n ?? 0;

describe('a NUL in any text (issue 33, reported routes)', () => {
  it('is refused by the public contact form, naming the field, and nothing is stored', async () => {
    const before = await rows(helpRequests);
    const response = await new Browser(app).post('/api/help/submit', {
      name: NUL,
      email: 'someone@example.com',
      message: 'Where is my deposit?',
    });
    expect(refused(response, 'name')).toBe(INPUT_MESSAGES.nul);
    expect(await rows(helpRequests)).toBe(before);
  });

  it('is refused by the assistant and by every admin filter', async () => {
    refused(await member.client.post('/api/ai/ask', { question: `Balance${NUL}` }, asMember), 'question');
    for (const [path, field] of [
      ['/api/admin/users?q=%00', 'q'],
      ['/api/admin/deposits?q=a%00', 'q'],
      ['/api/admin/audit-log?actor=%00', 'actor'],
      ['/api/admin/audit-log?subject_id=1%00', 'subject_id'],
      ['/api/admin/audit-log/export?actor=%00', 'actor'],
      ['/api/admin/plans?q=%00', 'q'],
      ['/api/admin/help/requests?q=%00', 'q'],
    ] as const) {
      refused(await admin.client.get(path, asAdmin), field);
    }
  });

  it('is refused when creating or updating plans and loan plans, which stay as they were', async () => {
    const newPlan = { name: NUL, category: 'personal', apy_bps: 100, locked_apy_bps: 100 };
    const created = await admin.client.post(
      '/api/admin/plans',
      { ...newPlan, duration_days: 30, min_amount: 10, max_amount: 100 },
      asAdmin,
    );
    refused(created, 'name');
    refused(
      await admin.client.patch(`/api/admin/plans/${plan.id}`, { description: NUL }, asAdmin),
      'description',
    );
    refused(
      await admin.client.post(
        '/api/admin/loan-plans',
        { ...newPlan, rate_bps: 100, interval: 'monthly', duration: 12, min_amount: 10, max_amount: 100 },
        asAdmin,
      ),
      'name',
    );
    refused(await admin.client.patch(`/api/admin/loan-plans/${loanPlan.id}`, { name: NUL }, asAdmin), 'name');
    const [storedPlan] = await db.select().from(plans).where(eq(plans.id, plan.id));
    const [storedLoanPlan] = await db.select().from(loanPlans).where(eq(loanPlans.id, loanPlan.id));
    expect(storedPlan?.description).toBe(plan.description);
    expect(storedLoanPlan?.name).toBe(loanPlan.name);
    expect(await rows(plans)).toBe(1);
    expect(await rows(loanPlans)).toBe(1);
  });

  it('is refused in articles, FAQs, inbox notes and replies', async () => {
    const article = (
      await admin.client.post(
        '/api/admin/help/articles',
        { slug: 'nul-test', category: 'deposits', title: 'Title', summary: 'Summary.', body: 'Body.' },
        asAdmin,
      )
    ).json<AdminArticleResponse>().article;
    const faq = (
      await admin.client.post(
        '/api/admin/help/faqs',
        { category: 'deposits', question: 'Question?', answer: 'Answer.' },
        asAdmin,
      )
    ).json<AdminFaqResponse>().faq;
    const sent = await new Browser(app).post('/api/help/submit', {
      name: 'Ann',
      email: 'ann@example.com',
      message: 'Hello there.',
    });
    expect(sent.statusCode).toBe(200);
    const [request] = await db.select().from(helpRequests).where(eq(helpRequests.email, 'ann@example.com'));
    const content = '/api/admin/help';
    refused(await admin.client.post(`${content}/articles`, { body: NUL }, asAdmin), 'body');
    refused(await admin.client.patch(`${content}/articles/${article.id}`, { title: NUL }, asAdmin), 'title');
    refused(await admin.client.post(`${content}/faqs`, { answer: NUL }, asAdmin), 'answer');
    refused(await admin.client.patch(`${content}/faqs/${faq.id}`, { question: NUL }, asAdmin), 'question');
    refused(await admin.client.patch(`${content}/requests/${request?.id}`, { note: NUL }, asAdmin), 'note');
    refused(
      await admin.client.post(`${content}/requests/${request?.id}/reply`, { message: NUL }, asAdmin),
      'message',
    );
    const [storedArticle] = await db.select().from(helpArticles).where(eq(helpArticles.id, article.id));
    const [storedFaq] = await db.select().from(helpFaqs).where(eq(helpFaqs.id, faq.id));
    const [storedRequest] = await db
      .select()
      .from(helpRequests)
      .where(eq(helpRequests.id, request?.id ?? 0));
    expect([storedArticle?.title, storedFaq?.question, storedRequest?.note]).toEqual([
      'Title',
      'Question?',
      '',
    ]);
  });

  it('is found in any field, however deep in the body, and in its keys', async () => {
    const deep = {
      social_links: [
        { network: 'x', url: 'https://x.com/us' },
        { network: 'x', url: NUL },
      ],
    };
    refused(await admin.client.put('/api/admin/settings', deep, asAdmin), 'social_links.1.url');
    const key = await admin.client.put('/api/admin/settings', { [`site${NUL}`]: 'x' }, asAdmin);
    refused(key, `site${NUL}`);
  });
});

describe('dates (decision 153: 1900-01-01 to 2100-12-31)', () => {
  it('answers a year 9999 with a 400 naming the field, on lists and exports alike', async () => {
    const message = refused(await admin.client.get('/api/admin/audit-log?to=9999-12-31', asAdmin), 'to');
    expect(message).toBe(INPUT_MESSAGES.dateOutOfRange);
    refused(await admin.client.get('/api/admin/audit-log?from=1899-12-31', asAdmin), 'from');
    refused(await admin.client.get('/api/admin/withdrawals?to=2101-01-01', asAdmin), 'to');
    refused(await member.client.get('/api/activity?end_date=9999-12-31', asMember), 'end_date');
    const goal = { name: 'Far', target_amount: 500, target_frequency: 'monthly', target_date: '9999-12-31' };
    refused(await member.client.post('/api/goals/calculate-plan-impact', goal, asMember), 'target_date');
  });

  it('takes the first and the last day of the range', async () => {
    const { earliest, latest } = DATE_RANGE;
    const response = await admin.client.get(`/api/admin/audit-log?from=${earliest}&to=${latest}`, asAdmin);
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('streamed exports', () => {
  it('check every filter before the first byte: a bad one is a JSON 400, never a CSV cut off', async () => {
    for (const [client, path, token] of [
      [admin.client, '/api/admin/audit-log/export?to=9999-12-31', asAdmin],
      [member.client, '/api/activity/export?end_date=9999-12-31', asMember],
      [admin.client, '/api/admin/audit-log/export?subject_id=%00', asAdmin],
    ] as const) {
      const response = await client.get(path, token);
      expect(response.statusCode, path).toBe(400);
      expect(String(response.headers['content-type'])).toContain('application/json');
      expect(response.headers['content-disposition']).toBeUndefined();
    }
    const good = await admin.client.get(`/api/admin/audit-log/export?to=${DATE_RANGE.latest}`, asAdmin);
    expect(good.statusCode).toBe(200);
    expect(good.body.split('\r\n')[0]).toMatch(/^id,created_at,/);
  });
});

describe('whole numbers and ids (no coercion)', () => {
  it('refuses plan_id true, [1], " 1" and "1e0" and invests nothing', async () => {
    expect(plan.id).toBe(1);
    const before = await rows(userPlans);
    for (const planId of [true, [1], ' 1', '1e0', '+1', '01', '0x1']) {
      const response = await member.client.post('/api/invest', { plan_id: planId, amount: 100 }, asMember);
      refused(response, 'plan_id');
    }
    expect(await rows(userPlans)).toBe(before);
    // The canonical forms are taken.
    const invested = await member.client.post('/api/invest', { plan_id: '1', amount: 100 }, asMember);
    expect(invested.statusCode, invested.body).toBe(201);
  });

  it('refuses a loan term of " 10", "1e1", "10.0" or true', async () => {
    for (const term of [' 10', '1e1', '10.0', true, [10]]) {
      const body = { plan_id: loanPlan.id, amount_requested: 500, term };
      refused(await member.client.post('/api/loans/apply', body, asMember), 'term');
    }
  });

  it('takes canonical decimal text in paths and query strings, and nothing else', async () => {
    expect((await member.client.get('/api/notifications?page=2', asMember)).statusCode).toBe(200);
    for (const page of ['+1', '01', '1e1', '0x1', '%201', '']) {
      refused(await member.client.get(`/api/notifications?page=${page}`, asMember), 'page');
    }
    refused(await member.client.get('/api/notifications?page=1&page=2', asMember), 'page');
    for (const id of ['1e0', '01', '+1', '%201']) {
      refused(await member.client.get(`/api/deposits/${id}`, asMember), 'id');
    }
  });
});

describe('admin-entered addresses: https: (and mailto:) only', () => {
  const front = async () => (await new ApiClient(app).get('/api/front')).json<FrontSettings>();

  it('refuses javascript:, data:, http: and another site as a path, with field errors', async () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'http://example.com', 'ftp://x.y']) {
      const body = { social_links: [{ network: 'x', url }] };
      refused(await admin.client.put('/api/admin/settings', body, asAdmin), 'social_links.0.url');
    }
    for (const logo of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'http://cdn.example.com/l.png',
    ]) {
      refused(await admin.client.put('/api/admin/settings', { logo }, asAdmin), 'logo');
    }
    refused(await admin.client.put('/api/admin/settings', { logo: '//evil.example/l.png' }, asAdmin), 'logo');
    expect((await front()).social_links).toEqual([]);
  });

  it('takes https: and mailto: addresses and serves them', async () => {
    const links = [
      { network: 'x', url: 'https://x.com/ourplatform' },
      { network: 'telegram', url: 'mailto:team@example.com' },
    ];
    const saved = await admin.client.put(
      '/api/admin/settings',
      { social_links: links, logo: '/logo.svg' },
      asAdmin,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await front()).toMatchObject({ social_links: links, logo: '/logo.svg' });
  });

  it('does not serve an address stored before the rule, and keeps the other settings', async () => {
    await putSettings(
      db,
      {
        sitename: 'Kept Name',
        social_links: [
          { network: 'x', url: 'javascript:alert(1)' },
          { network: 'youtube', url: 'https://youtube.com/@us' },
        ],
        logo: 'javascript:alert(1)',
      },
      app.deps.clock.now(),
    );
    const settings = await front();
    expect(settings.sitename).toBe('Kept Name');
    expect(settings.logo).toBeNull();
    expect(settings.social_links).toEqual([{ network: 'youtube', url: 'https://youtube.com/@us' }]);
  });
});

describe('headers the API stores (behind a trusted proxy)', () => {
  it('refuses a forwarded address that is not an IP address, naming the header', async () => {
    const junk = Array.from({ length: 600 }, (_, i) => (i * 7919).toString(36)).join('');
    for (const forwarded of ['not-an-ip', junk]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'x-forwarded-for': forwarded },
        payload: { email: 'nobody@example.com', password: 'wrong password' },
      });
      expect(refused(response, 'X-Forwarded-For')).toBe(HEADER_MESSAGES.forwardedFor);
      // Refused before any route, still with the API's security headers.
      expect(response.headers).toMatchObject({
        'content-security-policy': API_CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      });
    }
    for (const address of ['2001:db8::1', '203.0.113.7', '203.0.113.7:51234', '[2001:db8::1]:443']) {
      const ok = await app.inject({
        method: 'GET',
        url: '/api/front',
        headers: { 'x-forwarded-for': address },
      });
      expect(ok.statusCode, address).toBe(200);
    }
  });

  it('refuses a NUL in the user agent', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/front', headers: { 'user-agent': NUL } });
    expect(errorOf(response).errors).toEqual({ 'User-Agent': [HEADER_MESSAGES.userAgent] });
  });
});

describe("refused before routing (Fastify's framework errors; decision 147, amended 2026-12-02)", () => {
  const apiHeaders = {
    'content-security-policy': API_CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
  };

  /** The answer to `url`, and the access lines written for it (they are written a turn later). */
  async function refusal(method: 'GET' | 'POST', url: string) {
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    await nextTurn(); // the lines of earlier requests are written
    const before = lines.length;
    const response = await app.inject({ method, url });
    await nextTurn();
    const written = lines
      .slice(before)
      .map((line) => JSON.parse(line) as { msg: string; req?: { url: string }; res?: { statusCode: number } })
      .filter((line) => line.msg === 'request completed');
    return { response, written };
  }

  it('answers a malformed percent-encoding with a JSON 400, the API headers and an access line', async () => {
    for (const [method, url] of [
      ['GET', '/api/%E0%A4%A'],
      ['GET', '/api/deposits/%E0%A4%A?page=1'],
      ['POST', '/api/help/%ZZ'],
    ] as const) {
      const { response, written } = await refusal(method, url);
      expect(response.statusCode, url).toBe(400);
      expect(response.headers, url).toMatchObject(apiHeaders);
      expect(String(response.headers['content-type'])).toContain('application/json');
      // The product's error body: a message and a code, never the path it was sent.
      expect(errorOf(response)).toEqual({
        message: 'The request address is not valid.',
        code: 'VALIDATION_FAILED',
      });
      expect(written.map((line) => [line.req?.url, line.res?.statusCode])).toEqual([
        [url.split('?')[0], 400],
      ]);
    }
  });

  it('answers a path parameter over maxParamLength with a JSON 414, the API headers and an access line', async () => {
    const url = `/api/deposits/${'1'.repeat(101)}`;
    const { response, written } = await refusal('GET', url);
    expect(response.statusCode).toBe(414);
    expect(response.headers).toMatchObject(apiHeaders);
    expect(errorOf(response)).toEqual({
      message: 'A part of the request address is too long.',
      code: 'VALIDATION_FAILED',
    });
    expect(written.map((line) => [line.req?.url, line.res?.statusCode])).toEqual([[url, 414]]);
  });

  it('gives a refused page address the page headers, as a routed page has', async () => {
    const { response, written } = await refusal('GET', '/%E0%A4%A');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    expect(errorOf(response).message).toBe('The request address is not valid.');
    expect(written).toHaveLength(1);
  });
});
