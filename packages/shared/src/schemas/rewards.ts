import { z } from 'zod';
import { MIN_POINTS_TO_REDEEM } from '../constants';

export const REWARDS_MESSAGES = {
  fetchFailed: 'Failed to fetch referral info.',
  linkCopied: 'Referral link copied!',
  noData: 'No referral data available.',
  noReferrals: 'No referrals yet.',
  loading: 'Loading reward info...',
  notEnoughPoints: `You need at least ${MIN_POINTS_TO_REDEEM} loyalty points to redeem.`,
  converted: (points: number, amount: string) => `${points} points converted to ${amount}.`,
} as const;

/** GET /api/referrals. */
export const ReferralInfoResponse = z.object({
  referral_link: z.string(),
  /** Points earned from referrals, all time. */
  points_earned: z.number().int(),
  /** Points available now. */
  loyalty_points: z.number().int(),
  referred_users: z.array(
    z.object({ id: z.number().int(), name: z.string(), email: z.string(), created_at: z.string() }),
  ),
});
export type ReferralInfoResponse = z.infer<typeof ReferralInfoResponse>;

/** POST /api/convert-points (no body: all points are converted). */
export const ConvertPointsResponse = z.object({
  message: z.string(),
  converted_points: z.number().int(),
  /** USD credited. */
  amount: z.number(),
  /** Points left (the remainder below one cent's worth stays). */
  loyalty_points: z.number().int(),
  balance: z.number(),
});
export type ConvertPointsResponse = z.infer<typeof ConvertPointsResponse>;
