import { MIN_POINTS_TO_REDEEM } from './constants';

/**
 * Pure rules of loyalty points, used by the server (the conversion) and the web app (the amount the
 * Redeem dialog says it will credit): one source, so the dialog's figure is the credited one.
 */

/** Messages of rewards (spec §8's where it gives one); here, not beside the schemas, so a screen that
 * shows them does not load zod. */
export const REWARDS_MESSAGES = {
  fetchFailed: 'Failed to fetch referral info.',
  linkCopied: 'Referral link copied!',
  noData: 'No referral data available.',
  noReferrals: 'No referrals yet.',
  loading: 'Loading reward info...',
  notEnoughPoints: `You need at least ${MIN_POINTS_TO_REDEEM} loyalty points to redeem.`,
  converted: (points: number, amount: string) => `${points} points converted to ${amount}.`,
  pointsInvalid: 'Enter a whole number of points.',
  belowMinimum: `Redeem at least ${MIN_POINTS_TO_REDEEM} points.`,
  morePointsThanHeld: (held: number) => `You have ${held} points; you cannot redeem more.`,
  worthNothing: 'These points are worth less than one cent.',
} as const;

export interface PointsConversion {
  /** Cents credited: whole cents the points are worth at the rate, rounded down. */
  cents: number;
  /** Points taken: those the cents cost (the rest, under one cent's worth, stays with the member). */
  spent: number;
}

/** `points` at `pointsPerDollar` (100 points = $1.00 by default): what is credited and what is spent. */
export function convertPointsToCents(points: number, pointsPerDollar: number): PointsConversion {
  const cents = Math.floor((points * 100) / pointsPerDollar);
  const spent = Math.ceil((cents * pointsPerDollar) / 100);
  return { cents, spent };
}
