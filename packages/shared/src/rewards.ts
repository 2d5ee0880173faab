/**
 * Pure rules of loyalty points, used by the server (the conversion) and the web app (the amount the
 * Redeem dialog says it will credit): one source, so the dialog's figure is the credited one.
 */

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
