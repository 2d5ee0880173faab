import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '@app/db';
import type { ThresholdProposal } from '@app/shared';
import { readSetting, writeSettings } from '../settings/settings.service';
import { activeSuperadminName, requestIsLive, requestStep } from './second-superadmin';

/**
 * A looser money control takes two superadmins (decisions 248, 249): one asks for it, and it takes
 * effect when a different superadmin saves the same value within 24 hours. A tighter value takes effect
 * at once (tightening a control never needs two), and so does a looser one where no other superadmin
 * account is open (a single-operator deployment, decision 125). The controls are the four-eyes
 * threshold and the identity-verification limit on withdrawals; for both, a higher amount is looser,
 * and no amount at all (the limit's "never required") is loosest.
 */
export const RAISE_RULES = {
  withdrawal_four_eyes_threshold: 'withdrawal_four_eyes_threshold_proposal',
  kyc_withdrawal_threshold: 'kyc_withdrawal_threshold_proposal',
} as const;
export type RaiseKey = keyof typeof RAISE_RULES;
export const FOUR_EYES_PROPOSAL_KEY = RAISE_RULES.withdrawal_four_eyes_threshold;
export const KYC_PROPOSAL_KEY = RAISE_RULES.kyc_withdrawal_threshold;

const StoredProposal = z.object({
  threshold: z.number().int().min(0).nullable(),
  proposed_by: z.number().int(),
  proposed_at: z.string(),
});
type StoredProposal = z.infer<typeof StoredProposal>;

/** Higher is looser; null (no limit) is loosest. */
const isLooser = (next: number | null, current: number | null) =>
  (next ?? Number.POSITIVE_INFINITY) > (current ?? Number.POSITIVE_INFINITY);

/**
 * The proposal of `key` waiting for a second superadmin, with its proposer's username: none when
 * absent, malformed, lapsed, or when its proposer is no longer an active superadmin.
 */
async function liveProposal(
  db: DbOrTx,
  key: RaiseKey,
  now: Date,
): Promise<(StoredProposal & { username: string }) | null> {
  const parsed = StoredProposal.safeParse(await readSetting(db, RAISE_RULES[key]));
  if (!parsed.success) return null;
  if (!requestIsLive(new Date(parsed.data.proposed_at), now)) return null;
  const username = await activeSuperadminName(db, parsed.data.proposed_by);
  return username ? { ...parsed.data, username } : null;
}

/** The live proposal of `key` as the settings screen shows it. */
export async function proposalOf(db: DbOrTx, key: RaiseKey, now: Date): Promise<ThresholdProposal | null> {
  const proposal = await liveProposal(db, key, now);
  return proposal
    ? { threshold: proposal.threshold, proposed_by: proposal.username, proposed_at: proposal.proposed_at }
    : null;
}

export type RaiseOutcome =
  | { kind: 'apply'; confirmed?: StoredProposal; ended?: StoredProposal }
  | { kind: 'proposed'; renewed: boolean };

/**
 * Taken by a save that sends a ruled key, before it reads the current values, and held until it
 * commits: two such saves at once are decided one after the other, each on what the other wrote.
 */
export async function holdRaiseRules(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${FOUR_EYES_PROPOSAL_KEY}))`);
}

/**
 * What a save of `next` for `key` does, in the save's transaction, after `holdRaiseRules`:
 * - the current value: nothing, and a waiting raise stays;
 * - looser, with another superadmin: a live raise to the same value by a different superadmin,
 *   enrolled before it was asked for, is confirmed; the proposer's own value again leaves it as it
 *   is; anything else becomes the waiting raise;
 * - tighter, or looser with no other superadmin: applied, and a waiting raise ends.
 */
export async function settleRaise(
  tx: DbOrTx,
  key: RaiseKey,
  change: { adminId: number; current: number | null; next: number | null },
  now: Date,
): Promise<RaiseOutcome> {
  const { adminId, current, next } = change;
  if (next === current) return { kind: 'apply' };
  const proposal = await liveProposal(tx, key, now);
  const proposalKey = RAISE_RULES[key];
  const step = await requestStep(tx, {
    loosens: isLooser(next, current),
    actorId: adminId,
    excluded: [adminId],
    asked: next,
    waiting: proposal
      ? {
          value: proposal.threshold,
          proposedBy: proposal.proposed_by,
          proposedAt: new Date(proposal.proposed_at),
        }
      : undefined,
    now,
  });
  if (step === 'keep') return { kind: 'proposed', renewed: false };
  if (step === 'ask') {
    const stored: StoredProposal = { threshold: next, proposed_by: adminId, proposed_at: now.toISOString() };
    await writeSettings(tx, { [proposalKey]: stored }, now);
    return { kind: 'proposed', renewed: true };
  }
  await writeSettings(tx, { [proposalKey]: null }, now);
  if (step === 'confirm') return { kind: 'apply', confirmed: proposal ?? undefined };
  return proposal ? { kind: 'apply', ended: proposal } : { kind: 'apply' };
}

/**
 * Ends, for good, the proposals `adminId` asked for: called when that admin stops being an active
 * superadmin (decision 250), so a proposal does not come back if they are made active again.
 */
export async function endProposalsBy(tx: DbOrTx, adminId: number, now: Date): Promise<void> {
  await holdRaiseRules(tx);
  for (const proposalKey of Object.values(RAISE_RULES)) {
    const parsed = StoredProposal.safeParse(await readSetting(tx, proposalKey));
    if (parsed.success && parsed.data.proposed_by === adminId) {
      await writeSettings(tx, { [proposalKey]: null }, now);
    }
  }
}
