import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, mailOutbox, migrateDatabase, openDatabase, type Database } from '@app/db';
import type {
  AdminSettingsResponse,
  ConvertPointsResponse,
  FrontSettings,
  KycStateResponse,
} from '@app/shared';
import { buildApp } from '../../app';
import { checkLedger } from '../../ledger/check';
import { FixedClock } from '../../clock';
import { loadConfig } from '../../config';
import { TEST_NOW } from '../../../test/helpers';
import { TEST_DB, createPostgresCopy, createTestDatabase } from '../../../test/db';
import { errorOf } from '../../../test/accounts';
import { depositThroughSandbox, referredMember, signedInAdmin, signedInMember } from '../../../test/money';
import { signInAdminAs } from '../../../test/admin';
import { getSettings, SettingsSchema, writeSettings } from '../settings/settings.service';

/**
 * Two app instances on one database (as two nodes behind a load balancer): on PostgreSQL each with its
 * own connection pool, on PGlite sharing the one embedded database.
 */
async function twoNodes() {
  const config = loadConfig({
    NODE_ENV: 'test',
    DEV_TOOLS: '1',
    APP_URL: 'http://localhost:3000',
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
  });
  const appKey = randomBytes(32);
  const clock = new FixedClock(TEST_NOW);
  let databases: Database[];
  let drop: () => Promise<void>;
  if (TEST_DB === 'postgres') {
    const copy = await createPostgresCopy('settings');
    databases = [
      await openDatabase({ driver: 'postgres', url: copy.url, poolSize: 4 }),
      await openDatabase({ driver: 'postgres', url: copy.url, poolSize: 4 }),
    ];
    if (!copy.migrated) await migrateDatabase(databases[0] as Database);
    drop = async () => {
      for (const database of databases) await database.close();
      await copy.drop();
    };
  } else {
    const copy = await createTestDatabase();
    databases = [copy.database, copy.database];
    drop = copy.drop;
  }
  const apps: FastifyInstance[] = [];
  for (const database of databases) {
    const app = await buildApp({ config, database, clock, appKey });
    await app.ready();
    apps.push(app);
  }
  return {
    a: apps[0]!,
    b: apps[1]!,
    close: async () => {
      for (const app of apps) await app.close();
      await drop();
    },
  };
}

const nodes = await twoNodes();
afterAll(async () => {
  try {
    const check = await checkLedger(nodes.a.deps.database.db);
    expect(check.ok).toBe(true);
  } finally {
    await nodes.close();
  }
});
const { a: app, b: other } = nodes;
const { db } = app.deps.database;
const admin = await signedInAdmin(app);
const as = (who: { token: string }) => ({ token: who.token });

const front = async (node = app, query = '') =>
  (await node.inject({ method: 'GET', url: `/api/front${query}` })).json<FrontSettings>();

describe('GET/PUT /api/admin/settings', () => {
  it('answers the settings with their defaults, including the four-eyes threshold', async () => {
    const response = await admin.client.get('/api/admin/settings', as(admin));
    expect(response.statusCode).toBe(200);
    const body = response.json<AdminSettingsResponse>();
    expect(body.settings).toMatchObject({
      withdrawal_four_eyes_threshold: 10_000,
      points_per_dollar: 100,
      languages: ['en', 'es', 'ar'],
      currencies: ['USD', 'EUR', 'GBP'],
      logo: null,
    });
    expect(body.offered_languages).toEqual(['en', 'es', 'ar']);
    expect((await getSettings(db)).withdrawal_four_eyes_threshold).toBe(10_000);
  });

  it('changes the site name: GET /api/front shows it at once on this node and on another', async () => {
    const before = await front(other);
    const response = await admin.client.put('/api/admin/settings', { sitename: 'Harbour Invest' }, as(admin));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminSettingsResponse & { message: string }>()).toMatchObject({
      message: 'Settings saved.',
      settings: { sitename: 'Harbour Invest' },
    });
    expect(before.sitename).not.toBe('Harbour Invest');
    expect((await front(app)).sitename).toBe('Harbour Invest');
    expect((await front(other)).sitename).toBe('Harbour Invest');
    // And back, seen by the other node again (no stale copy kept anywhere).
    await admin.client.put('/api/admin/settings', { sitename: 'Second Name' }, as(admin));
    expect((await front(other)).sitename).toBe('Second Name');
  });

  it('writes the audit log with the changed keys before and after', async () => {
    await admin.client.put(
      '/api/admin/settings',
      { company_phone: '+1 555 0100', points_per_dollar: 200 },
      as(admin),
    );
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.actorId, admin.user.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.subjectType).toBe('settings');
    expect(entry?.actorRole).toBe('superadmin');
    expect(entry?.before).toEqual({ company_phone: '+1 (555) 010-0199', points_per_dollar: 100 });
    expect(entry?.after).toEqual({ company_phone: '+1 555 0100', points_per_dollar: 200 });
  });

  it('reaches the features that read settings: points rate in rewards, bank details in deposits', async () => {
    await admin.client.put(
      '/api/admin/settings',
      { points_per_dollar: 50, deposit_bank_name: 'Harbour Bank', deposit_bank_account_number: '99887766' },
      as(admin),
    );
    const member = await signedInMember(other);
    // A friend's first $100 deposit earns the member 100 points, worth $2.00 at 50 points a dollar.
    const friend = await referredMember(other, member.user.referralCode);
    await depositThroughSandbox(friend, 100);
    const converted = await member.client.post('/api/convert-points', undefined, as(member));
    expect(converted.statusCode, converted.body).toBe(200);
    expect(converted.json<ConvertPointsResponse>()).toMatchObject({ converted_points: 100, amount: 2 });
    const deposit = await member.client.post(
      '/api/deposit',
      { amount: 25, payment_method: 'bank_transfer' },
      as(member),
    );
    expect(deposit.statusCode, deposit.body).toBe(201);
    expect(JSON.stringify(deposit.json())).toContain('Harbour Bank');
    expect(JSON.stringify(deposit.json())).toContain('99887766');
  });

  it('limits the languages and currencies on offer in GET /api/front', async () => {
    const response = await admin.client.put(
      '/api/admin/settings',
      { languages: ['en', 'ar'], currencies: ['USD'] },
      as(admin),
    );
    expect(response.statusCode).toBe(200);
    const settings = await front(other, '?lang=es&currency=EUR');
    expect(settings.available_languages.map((option) => option.code)).toEqual(['en', 'ar']);
    expect(settings.available_currencies.map((option) => option.code)).toEqual(['USD']);
    // A language no longer offered falls back to English.
    expect(settings.language.code).toBe('en');
    expect(settings.currency.code).toBe('USD');
    await admin.client.put(
      '/api/admin/settings',
      { languages: ['en', 'es', 'ar'], currencies: ['USD', 'EUR', 'GBP'] },
      as(admin),
    );
  });

  it('serves the risk warning in the reader’s language, with the English one where none is given', async () => {
    // The default English text comes with its translations.
    expect(await front(other, '?lang=es')).toMatchObject({ risk_warning_language: 'es' });
    expect((await front(other, '?lang=ar')).risk_warning).toContain('الأصول المشفرة');
    // The operator's own English text: Spanish and Arabic readers get it, marked as English.
    const saved = await admin.client.put(
      '/api/admin/settings',
      { risk_warning: 'Prices move. You may lose money.', risk_warning_es: 'Los precios cambian.' },
      as(admin),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AdminSettingsResponse>().settings).toMatchObject({
      risk_warning_es: 'Los precios cambian.',
      risk_warning_ar: '',
    });
    expect(await front(other, '?lang=es')).toMatchObject({
      risk_warning: 'Los precios cambian.',
      risk_warning_language: 'es',
    });
    expect(await front(other, '?lang=ar')).toMatchObject({
      risk_warning: 'Prices move. You may lose money.',
      risk_warning_language: 'en',
    });
    expect(await front(other, '?lang=en')).toMatchObject({ risk_warning_language: 'en' });
    // An emptied translation is forgotten: English again.
    await admin.client.put('/api/admin/settings', { risk_warning_es: '  ' }, as(admin));
    expect(await front(other, '?lang=es')).toMatchObject({
      risk_warning: 'Prices move. You may lose money.',
      risk_warning_language: 'en',
    });
    const tooLong = await admin.client.put(
      '/api/admin/settings',
      { risk_warning_ar: 'x'.repeat(1001) },
      as(admin),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(errorOf(tooLong).errors ?? {})).toEqual(['risk_warning_ar']);
  });

  it('sets the mails’ brand colour and the years a closed account’s identity is kept', async () => {
    const saved = await admin.client.put(
      '/api/admin/settings',
      { brand_color: '#0f766e', account_retention_years: 7 },
      as(admin),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json<AdminSettingsResponse>().settings).toMatchObject({
      brand_color: '#0f766e',
      account_retention_years: 7,
    });
    // The next mail wears the colour.
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 10);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, member.email)).limit(1);
    expect(mail?.html).toContain('#0f766e');
    await admin.client.put(
      '/api/admin/settings',
      { brand_color: '#4f46e5', account_retention_years: 5 },
      as(admin),
    );
  });

  it('sets the days’ notice a plan’s rate change gives renewals (decision 193)', async () => {
    const before = (await admin.client.get('/api/admin/settings', as(admin))).json<AdminSettingsResponse>();
    expect(before.settings.rate_notice_days).toBe(30);
    for (const days of [0, 45]) {
      const saved = await admin.client.put('/api/admin/settings', { rate_notice_days: days }, as(admin));
      expect(saved.statusCode).toBe(200);
      expect(saved.json<AdminSettingsResponse>().settings.rate_notice_days).toBe(days);
      expect((await getSettings(db)).rate_notice_days).toBe(days);
    }
    for (const days of [-1, 1.5, '30']) {
      const bad = await admin.client.put('/api/admin/settings', { rate_notice_days: days }, as(admin));
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad).errors).toEqual({
        rate_notice_days: ['Enter a whole number of days from 0 to 365.'],
      });
    }
    await admin.client.put('/api/admin/settings', { rate_notice_days: 30 }, as(admin));
  });

  it('sets and clears the logo', async () => {
    await admin.client.put('/api/admin/settings', { logo: 'https://cdn.example.com/logo.svg' }, as(admin));
    expect((await front(other)).logo).toBe('https://cdn.example.com/logo.svg');
    const cleared = await admin.client.put('/api/admin/settings', { logo: null }, as(admin));
    expect(cleared.statusCode).toBe(200);
    expect((await front(other)).logo).toBeNull();
  });

  it('refuses bad values with 400 and field errors, and changes nothing', async () => {
    const before = (await admin.client.get('/api/admin/settings', as(admin))).json<AdminSettingsResponse>();
    const bad = await admin.client.put(
      '/api/admin/settings',
      {
        sitename: '  ',
        logo: 'javascript:alert(1)',
        company_email: 'not-an-email',
        company_phone: 'call us',
        deposit_bank_name: '',
        points_per_dollar: 0,
        withdrawal_four_eyes_threshold: 10.5,
        languages: ['es'],
        currencies: ['USD', 'JPY'],
        account_retention_years: 0,
        rate_notice_days: 366,
        brand_color: 'indigo',
      },
      as(admin),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).errors ?? {}).sort()).toEqual(
      [
        'account_retention_years',
        'brand_color',
        'company_email',
        'company_phone',
        'currencies.1',
        'deposit_bank_name',
        'languages',
        'logo',
        'points_per_dollar',
        'rate_notice_days',
        'sitename',
        'withdrawal_four_eyes_threshold',
      ].sort(),
    );
    // A line break inside the name would break the pages' titles and the mails' subjects.
    for (const sitename of [
      'North\r\nBank',
      'North\tBank',
      'North\u007fBank',
      'North\u2028Bank',
      'North\u2029Bank',
    ]) {
      const twoLines = await admin.client.put('/api/admin/settings', { sitename }, as(admin));
      expect(twoLines.statusCode).toBe(400);
      expect(errorOf(twoLines).errors?.sitename).toEqual([
        'The site name must be one line, without control characters.',
      ]);
    }
    const unknown = await admin.client.put('/api/admin/settings', { app_key: 'x' }, as(admin));
    expect(unknown.statusCode).toBe(400);
    expect((await admin.client.put('/api/admin/settings', {}, as(admin))).statusCode).toBe(400);
    const after = (await admin.client.get('/api/admin/settings', as(admin))).json<AdminSettingsResponse>();
    expect(after).toEqual(before);
  });

  it('needs a second factor from the last 10 minutes to change anything (403 REAUTH_REQUIRED)', async () => {
    const clock = app.deps.clock as FixedClock;
    clock.advance(11 * 60_000);
    const before = (await front(other)).sitename;
    const refused = await admin.client.put('/api/admin/settings', { sitename: 'Too Late' }, as(admin));
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('REAUTH_REQUIRED');
    expect((await front(other)).sitename).toBe(before);
    // Reading stays open; a code opens the window again.
    expect((await admin.client.get('/api/admin/settings', as(admin))).statusCode).toBe(200);
    await admin.reauth();
    const saved = await admin.client.put('/api/admin/settings', { sitename: 'In Time' }, as(admin));
    expect(saved.statusCode).toBe(200);
    expect((await front(other)).sitename).toBe('In Time');
  });

  it('is for superadmins only: finance and support 403, members 403, no session 401', async () => {
    for (const role of ['finance', 'support'] as const) {
      const other = await signInAdminAs(app, role);
      expect((await other.client.get('/api/admin/settings', as(other))).statusCode).toBe(403);
      expect((await other.client.put('/api/admin/settings', { sitename: 'x' }, as(other))).statusCode).toBe(
        403,
      );
    }
    const member = await signedInMember(app);
    expect((await member.client.get('/api/admin/settings', as(member))).statusCode).toBe(403);
    expect((await member.client.put('/api/admin/settings', { sitename: 'x' }, as(member))).statusCode).toBe(
      403,
    );
    expect((await member.client.get('/api/admin/settings')).statusCode).toBe(401);
    expect((await front()).sitename).not.toBe('x');
  });
});

describe('a damaged settings row', () => {
  it('falls back for that key alone; a damaged money control reads as its strictest value, never looser', async () => {
    const saved = await admin.client.put('/api/admin/settings', { points_per_dollar: 250 }, as(admin));
    expect(saved.statusCode).toBe(200);
    // Rows no save through the API can write (a hand edit, a bad migration): written under the route.
    await writeSettings(
      db,
      { sitename: 42, withdrawal_four_eyes_threshold: 'lots', kyc_withdrawal_threshold: -5 },
      TEST_NOW,
    );
    try {
      const body = (await admin.client.get('/api/admin/settings', as(admin))).json<AdminSettingsResponse>();
      expect(body.settings).toMatchObject({
        points_per_dollar: 250,
        sitename: SettingsSchema.parse({}).sitename,
        withdrawal_four_eyes_threshold: 1,
        kyc_withdrawal_threshold: 0,
      });
      const member = await signedInMember(app);
      const kyc = await member.client.get('/api/kyc', as(member));
      expect(kyc.json<KycStateResponse>().kyc.withdrawal_limit.threshold).toBe(0);
    } finally {
      await writeSettings(
        db,
        {
          sitename: null,
          points_per_dollar: null,
          withdrawal_four_eyes_threshold: null,
          kyc_withdrawal_threshold: null,
        },
        TEST_NOW,
      );
    }
  });
});
