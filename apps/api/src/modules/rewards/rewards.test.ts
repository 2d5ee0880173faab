import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ledgerEntries, pointsTransactions } from '@app/db';
import { REFERRED_LIST_LIMIT, type ConvertPointsResponse, type ReferralInfoResponse } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { errorOf } from '../../../test/accounts';
import { ApiClient } from '../../../test/helpers';
import {
  balanceOf,
  depositThroughSandbox,
  referredMember,
  signedInAdmin,
  signedInMember,
  type Member,
} from '../../../test/money';
import { getReferralInfo } from './rewards.service';

const { app } = await createTestApp();

const referrals = async (member: Member) => {
  const response = await member.client.get('/api/referrals', { token: member.token });
  expect(response.statusCode).toBe(200);
  return response.json<ReferralInfoResponse>();
};

describe('Rewards Hub API (what /rewards shows)', () => {
  it('gives the link, the points earned, the points held and who joined (their address masked)', async () => {
    const referrer = await signedInMember(app);
    const empty = await referrals(referrer);
    expect(empty.referral_link).toMatch(new RegExp(`/signup\\?ref=${referrer.user.referralCode}$`));
    expect(empty).toMatchObject({
      points_earned: 0,
      loyalty_points: 0,
      points_per_dollar: 100,
      referred_users: [],
    });

    const friend = await referredMember(app, referrer.user.referralCode);
    await depositThroughSandbox(friend, 250);
    const info = await referrals(referrer);
    expect(info.points_earned).toBe(250);
    expect(info.loyalty_points).toBe(250);
    expect(info.referred_users).toEqual([
      {
        id: friend.user.id,
        name: friend.user.username,
        email: `${friend.email.slice(0, 1)}***@example.com`,
        created_at: friend.user.createdAt.toISOString(),
      },
    ]);
    // The friend sees none of it as theirs.
    expect(await referrals(friend)).toMatchObject({ points_earned: 0, referred_users: [] });
  });

  it('lists the newest REFERRED_LIST_LIMIT (500) people referred, newest first; the export has them all', async () => {
    const referrer = await signedInMember(app);
    // 501 friends who joined a minute apart (written as rows: the sign-up flow is tested above).
    await app.deps.database.db.execute(sql`
      insert into users (username, email, password_hash, referral_code, referred_by_id, created_at, updated_at)
      select 'friend' || n || '_' || ${referrer.user.id}, 'friend' || n || '.' || ${referrer.user.id} || '@example.com',
             'x', 'R' || ${referrer.user.id} || 'N' || n, ${referrer.user.id},
             timestamptz '2026-01-01T00:00:00Z' + n * interval '1 minute', now()
      from generate_series(1, 501) as n`);
    const info = await referrals(referrer);
    expect(info.referred_users).toHaveLength(REFERRED_LIST_LIMIT);
    expect(info.referred_users[0]?.name).toBe(`friend501_${referrer.user.id}`);
    expect(info.referred_users.at(-1)?.name).toBe(`friend2_${referrer.user.id}`);
    const all = await getReferralInfo(app.deps.database.db, referrer.user, app.deps.config.appUrl, null);
    expect(all.referred_users).toHaveLength(501);
  });

  it('redeeming moves every point to the balance; under 10 points it is a 422 and nothing moves', async () => {
    const referrer = await signedInMember(app);
    const friend = await referredMember(app, referrer.user.referralCode);
    await depositThroughSandbox(friend, 250);
    const response = await referrer.client.post('/api/convert-points', undefined, { token: referrer.token });
    expect(response.statusCode).toBe(200);
    expect(response.json<ConvertPointsResponse>()).toMatchObject({
      converted_points: 250,
      amount: 2.5,
      loyalty_points: 0,
      balance: 2.5,
    });
    expect(await referrals(referrer)).toMatchObject({ points_earned: 250, loyalty_points: 0 });
    expect((await balanceOf(referrer)).balance).toBe(2.5);

    const again = await referrer.client.post('/api/convert-points', undefined, { token: referrer.token });
    expect(again.statusCode).toBe(422);
    expect(errorOf(again).message).toBe('You need at least 10 loyalty points to redeem.');
    expect((await balanceOf(referrer)).balance).toBe(2.5);
  });

  it('redeems part of the points when asked for a number of them, at the settings’ rate', async () => {
    const referrer = await signedInMember(app);
    const friend = await referredMember(app, referrer.user.referralCode);
    await depositThroughSandbox(friend, 250);
    const convert = (body: unknown) =>
      referrer.client.post('/api/convert-points', body, { token: referrer.token });
    const response = await convert({ points: 120 });
    expect(response.statusCode).toBe(200);
    expect(response.json<ConvertPointsResponse>()).toMatchObject({
      message: '120 points converted to $1.20.',
      converted_points: 120,
      amount: 1.2,
      loyalty_points: 130,
      balance: 1.2,
    });
    // As text, as a form or a query string would carry it.
    expect((await convert({ points: '30' })).json<ConvertPointsResponse>()).toMatchObject({
      converted_points: 30,
      loyalty_points: 100,
    });
    expect(await referrals(referrer)).toMatchObject({ loyalty_points: 100 });
    expect((await balanceOf(referrer)).balance).toBe(1.5);
    // Without a number: every point left.
    expect((await convert({})).json<ConvertPointsResponse>()).toMatchObject({
      converted_points: 100,
      loyalty_points: 0,
      balance: 2.5,
    });
  });

  it('refuses more points than held, under 10, 0, a fraction, a negative or text: 400 on points, nothing moved', async () => {
    const referrer = await signedInMember(app);
    const friend = await referredMember(app, referrer.user.referralCode);
    await depositThroughSandbox(friend, 250);
    const { db } = app.deps.database;
    const entries = () => db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, referrer.user.id));
    const pointRows = () =>
      db.select().from(pointsTransactions).where(eq(pointsTransactions.userId, referrer.user.id));
    const [entriesBefore, pointsBefore] = [await entries(), await pointRows()];
    const cases: Array<[unknown, string]> = [
      [251, 'You have 250 points; you cannot redeem more.'],
      [1_000_000, 'You have 250 points; you cannot redeem more.'],
      [9, 'Redeem at least 10 points.'],
      [0, 'Redeem at least 10 points.'],
      [-20, 'Redeem at least 10 points.'],
      [12.5, 'Enter a whole number of points.'],
      ['12.5', 'Enter a whole number of points.'],
      ['ten', 'Enter a whole number of points.'],
      [null, 'Enter a whole number of points.'],
      [true, 'Enter a whole number of points.'],
    ];
    for (const [points, message] of cases) {
      const response = await referrer.client.post(
        '/api/convert-points',
        { points },
        { token: referrer.token },
      );
      expect(response.statusCode, JSON.stringify(points)).toBe(400);
      expect(errorOf(response).errors?.points, JSON.stringify(points)).toContain(message);
    }
    expect(await entries()).toEqual(entriesBefore);
    expect(await pointRows()).toEqual(pointsBefore);
    expect(await referrals(referrer)).toMatchObject({ loyalty_points: 250 });
    expect((await balanceOf(referrer)).balance).toBe(0);
  });

  it('says the points are worth less than a cent when the rate makes them so, redeeming all or some; nothing moves', async () => {
    const referrer = await signedInMember(app);
    const friend = await referredMember(app, referrer.user.referralCode);
    await depositThroughSandbox(friend, 12);
    const admin = await signedInAdmin(app);
    const rate = (points_per_dollar: number) =>
      admin.client.put('/api/admin/settings', { points_per_dollar }, { token: admin.token });
    expect((await rate(1_000_000)).statusCode).toBe(200);
    try {
      const all = await referrer.client.post('/api/convert-points', undefined, { token: referrer.token });
      expect(all.statusCode).toBe(422);
      expect(errorOf(all).message).toBe('These points are worth less than one cent.');
      const some = await referrer.client.post(
        '/api/convert-points',
        { points: 10 },
        { token: referrer.token },
      );
      expect(some.statusCode).toBe(400);
      expect(errorOf(some).errors?.points).toEqual(['These points are worth less than one cent.']);
      expect(await referrals(referrer)).toMatchObject({ loyalty_points: 12 });
      expect((await balanceOf(referrer)).balance).toBe(0);
    } finally {
      expect((await rate(100)).statusCode).toBe(200);
    }
  });

  it('replays a partial redeem sent twice with one Idempotency-Key: converted once', async () => {
    const referrer = await signedInMember(app);
    const friend = await referredMember(app, referrer.user.referralCode);
    await depositThroughSandbox(friend, 250);
    const send = () =>
      referrer.client.post(
        '/api/convert-points',
        { points: 100 },
        { token: referrer.token, headers: { 'idempotency-key': 'redeem-100' } },
      );
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await referrals(referrer)).toMatchObject({ loyalty_points: 150 });
    expect((await balanceOf(referrer)).balance).toBe(1);
  });

  it('needs a session', async () => {
    const client = new ApiClient(app);
    expect((await client.get('/api/referrals')).statusCode).toBe(401);
    expect((await client.post('/api/convert-points')).statusCode).toBe(401);
  });
});
