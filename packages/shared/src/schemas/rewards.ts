import { z } from 'zod';
import { MIN_POINTS_TO_REDEEM } from '../constants';
import { REWARDS_MESSAGES } from '../rewards';
import { wholeNumber } from './common';

/** GET /api/referrals. */
export const ReferralInfoResponse = z.object({
  referral_link: z.string(),
  /** Points earned from referrals, all time, less rewards taken back with a reversed deposit (decision 214). */
  points_earned: z.number().int(),
  /** Points available now. */
  loyalty_points: z.number().int(),
  /** The conversion rate of the settings: this many points make $1.00. */
  points_per_dollar: z.number().int(),
  referred_users: z.array(
    z.object({ id: z.number().int(), name: z.string(), email: z.string(), created_at: z.string() }),
  ),
});
export type ReferralInfoResponse = z.infer<typeof ReferralInfoResponse>;

/**
 * POST /api/convert-points: `points`, a whole number of the points held (at least
 * MIN_POINTS_TO_REDEEM); without it (or without a body), every point held.
 */
export const ConvertPointsRequest = z
  .object({
    points: wholeNumber(
      z
        .number({ error: REWARDS_MESSAGES.pointsInvalid })
        .int(REWARDS_MESSAGES.pointsInvalid)
        .min(MIN_POINTS_TO_REDEEM, REWARDS_MESSAGES.belowMinimum)
        .max(2_147_483_647, REWARDS_MESSAGES.pointsInvalid),
    ).optional(),
  })
  .optional();
export type ConvertPointsRequest = z.input<typeof ConvertPointsRequest>;

/** What POST /api/convert-points answers. */
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
