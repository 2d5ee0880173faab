import type { DbOrTx } from '@app/db';
import { getSettings } from './settings.service';

/**
 * The four-eyes threshold in dollars (setting `withdrawal_four_eyes_threshold`, default $10,000, DESIGN
 * §6 "Admin"), read from the settings table on every decision so a change is seen at once on every
 * node: a withdrawal above it needs a second, different admin (decision 125).
 */
export async function fourEyesThresholdDollars(db: DbOrTx): Promise<number> {
  return (await getSettings(db)).withdrawal_four_eyes_threshold;
}
