import { describe, expect, it } from 'vitest';
import type { ConvertPointsResponse, ReferralInfoResponse } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { errorOf } from '../../../test/accounts';
import { ApiClient } from '../../../test/helpers';
import {
  balanceOf,
  depositThroughSandbox,
  referredMember,
  signedInMember,
  type Member,
} from '../../../test/money';

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
    expect(empty).toMatchObject({ points_earned: 0, loyalty_points: 0, referred_users: [] });

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

  it('needs a session', async () => {
    const client = new ApiClient(app);
    expect((await client.get('/api/referrals')).statusCode).toBe(401);
    expect((await client.post('/api/convert-points')).statusCode).toBe(401);
  });
});
