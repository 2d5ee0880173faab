import type { DbOrTx } from '@app/db';
import { readAll } from './settings.repository';

/** The setting's key and default (DESIGN §6 "Admin": dollars, default $10,000). */
export const FOUR_EYES_SETTING = 'withdrawal_four_eyes_threshold';
export const FOUR_EYES_DEFAULT_DOLLARS = 10_000;

/**
 * The four-eyes threshold in dollars, read from the settings table on every decision (so a change is
 * seen at once on every node): a withdrawal above it needs a second, different admin (decision 125).
 * A missing or malformed value means the default.
 */
export async function fourEyesThresholdDollars(db: DbOrTx): Promise<number> {
  const stored = (await readAll(db)).get(FOUR_EYES_SETTING);
  return typeof stored === 'number' && Number.isInteger(stored) && stored >= 1
    ? stored
    : FOUR_EYES_DEFAULT_DOLLARS;
}
