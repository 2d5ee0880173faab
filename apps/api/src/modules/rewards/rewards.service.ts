import { randomUUID } from 'node:crypto';
import type { AuthUser, DbOrTx, Tx } from '@app/db';
import {
  MAX_REFERRAL_POINTS,
  REFERRED_LIST_LIMIT,
  MIN_POINTS_TO_REDEEM,
  REWARDS_MESSAGES,
  centsToMajor,
  convertPointsToCents,
  formatMoney,
  type ConvertPointsResponse,
  type ReferralInfoResponse,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { postEntry, transfer, userBalance } from '../../ledger/ledger';
import { findUserById } from '../auth/account.service';
import { notify } from '../notifications/notifications.service';
import { getSettings } from '../settings/settings.service';
import * as repository from './rewards.repository';

/** "j***@example.com": the referrer sees who joined without the friend's full address. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/**
 * Holds the member's referrer's points before a deposit's transaction takes any balance: the reward a
 * confirmation adds, or a reversal takes back, changes that row, which a points conversion takes before
 * the referrer's cash. Taken after the deposit's balances, it closed a cycle (decision 222).
 */
export async function holdReferrerPoints(tx: Tx, memberId: number): Promise<void> {
  await repository.lockReferrerPoints(tx, memberId);
}

/**
 * The referral reward (DESIGN §6): on a referred member's first confirmed deposit, the referrer earns
 * min(5000, whole dollars of that deposit) points; once per referred member (reference
 * referral:<member id>); never for self-referral. Runs in the deposit's transaction; the row names
 * the deposit, so that its reversal can take the reward back (decision 214).
 */
export async function rewardReferrer(
  tx: Tx,
  deps: Pick<AppDeps, 'mailer'>,
  member: Pick<AuthUser, 'id' | 'referredById' | 'username'>,
  deposit: { id: number; credited: number },
  now: Date,
  lookupReferrer: (id: number) => Promise<{ id: number; email: string; status: string } | null>,
): Promise<number> {
  if (member.referredById === null || member.referredById === member.id) return 0;
  const points = Math.min(MAX_REFERRAL_POINTS, Math.floor(deposit.credited / 100));
  if (points <= 0) return 0;
  const referrer = await lookupReferrer(member.referredById);
  // A closed account's points could never be used, and its notice would go to no one.
  if (!referrer || referrer.status === 'closed') return 0;
  const reference = `referral:${member.id}`;
  const added = await repository.addPoints(tx, {
    userId: referrer.id,
    kind: 'referral_reward',
    points,
    reference,
    relatedUserId: member.id,
    depositId: deposit.id,
    createdAt: now,
  });
  if (!added) return 0;
  await notify(
    tx,
    deps,
    {
      user: referrer,
      kind: 'referral_reward',
      message: { key: 'referral_reward', params: { username: member.username, points } },
      reference,
      mail: true,
    },
    now,
  );
  return points;
}

/**
 * A reversed deposit (refund or chargeback, decision 155) takes back the referral reward it earned
 * (decision 214): as many of those points as the referrer still holds, never below zero; points the
 * referrer already turned into cash stay theirs. Once per deposit (reference
 * referral:deposit:<id>:reversed); the friend's later deposits earn nothing again. Runs in the
 * reversal's transaction; answers the reward and the points taken back (both 0 when it earned none).
 */
export async function takeBackReferralReward(
  tx: Tx,
  deps: Pick<AppDeps, 'mailer'>,
  deposit: { id: number; userId: number },
  now: Date,
): Promise<{ reward: number; takenBack: number }> {
  const none = { reward: 0, takenBack: 0 };
  const reward = await repository.findReferralReward(tx, deposit.id);
  if (!reward) return none;
  const points = Math.min(reward.points, await repository.lockPoints(tx, reward.userId));
  const referrer = await findUserById(tx, reward.userId);
  if (points <= 0 || !referrer) return { reward: reward.points, takenBack: 0 };
  const reference = `referral:deposit:${deposit.id}:reversed`;
  const added = await repository.addPoints(tx, {
    userId: reward.userId,
    kind: 'referral_reversal',
    points: -points,
    reference,
    relatedUserId: deposit.userId,
    depositId: deposit.id,
    createdAt: now,
  });
  if (!added) return { reward: reward.points, takenBack: 0 };
  const friend = await findUserById(tx, deposit.userId);
  await notify(
    tx,
    deps,
    {
      user: referrer,
      kind: 'referral_reward_reversed',
      message: {
        key: 'referral_reward_reversed',
        params: { username: friend?.username ?? '', points, earned: reward.points },
      },
      reference,
      mail: true,
    },
    now,
  );
  return { reward: reward.points, takenBack: points };
}

/**
 * GET /api/referrals: the link, the referral points kept, the points held, and the newest
 * REFERRED_LIST_LIMIT people referred (the data export asks for every one: `limit` null).
 */
export async function getReferralInfo(
  db: DbOrTx,
  user: AuthUser,
  appUrl: string,
  limit: number | null = REFERRED_LIST_LIMIT,
): Promise<ReferralInfoResponse> {
  const [earned, referred, settings] = await Promise.all([
    repository.referralPointsEarned(db, user.id),
    repository.referredUsers(db, user.id, limit),
    getSettings(db),
  ]);
  return {
    referral_link: `${appUrl}/signup?ref=${encodeURIComponent(user.referralCode)}`,
    points_earned: earned,
    loyalty_points: user.loyaltyPoints,
    points_per_dollar: settings.points_per_dollar,
    referred_users: referred.map((row) => ({
      id: row.id,
      name: row.username,
      email: maskEmail(row.email),
      created_at: row.createdAt.toISOString(),
    })),
  };
}

/**
 * Redeems `points` of a member's points (all of them when not given; minimum 10, whole points, the
 * request schema's check) at the rate of the settings (100 points = $1.00): points row and ledger
 * entry (rewards_expense → cash) in one transaction. Points below one cent's worth stay. Asking for
 * more than held, or for points worth less than a cent, is a 400 on `points` and moves nothing.
 */
export async function convertPoints(
  deps: AppDeps,
  user: AuthUser,
  requested?: number,
): Promise<ConvertPointsResponse> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const { points_per_dollar: perDollar } = await getSettings(db);
  return db.transaction(async (tx) => {
    const available = await repository.lockPoints(tx, user.id);
    if (requested !== undefined && requested > available)
      throw AppError.validation('points', REWARDS_MESSAGES.morePointsThanHeld(available));
    if (requested === undefined && available < MIN_POINTS_TO_REDEEM)
      throw new AppError('BUSINESS_RULE', REWARDS_MESSAGES.notEnoughPoints);
    const { cents, spent } = convertPointsToCents(requested ?? available, perDollar);
    if (cents <= 0) {
      if (requested !== undefined) throw AppError.validation('points', REWARDS_MESSAGES.worthNothing);
      // Enough points, at a rate (above 1,000 a dollar) that makes them worth less than a cent.
      throw new AppError('BUSINESS_RULE', REWARDS_MESSAGES.worthNothing);
    }
    const reference = `points:conversion:${user.id}:${randomUUID()}`;
    await repository.addPoints(tx, {
      userId: user.id,
      kind: 'conversion',
      points: -spent,
      reference,
      relatedUserId: null,
      createdAt: now,
    });
    await postEntry(
      tx,
      {
        kind: 'points_conversion',
        reference,
        userId: user.id,
        metadata: { points: spent, points_per_dollar: perDollar },
        postings: transfer({ platform: 'rewards_expense' }, { userId: user.id, kind: 'cash' }, cents),
      },
      now,
    );
    const balance = await userBalance(tx, user.id, 'cash');
    return {
      message: REWARDS_MESSAGES.converted(spent, formatMoney(centsToMajor(cents))),
      converted_points: spent,
      amount: centsToMajor(cents),
      loyalty_points: available - spent,
      balance: centsToMajor(balance),
    };
  });
}
