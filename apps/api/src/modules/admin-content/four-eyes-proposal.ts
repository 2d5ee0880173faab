import { and, eq, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { users, type DbOrTx } from '@app/db';
import type { FourEyesProposal } from '@app/shared';
import { readSetting, writeSettings } from '../settings/settings.service';

/**
 * A raise of the four-eyes threshold takes two superadmins (decision 248): one asks for the higher
 * amount, and it takes effect when a different superadmin saves the same amount within 24 hours. A
 * lower threshold takes effect at once (tightening a control never needs two), and so does a raise
 * where no other superadmin account is open (a single-operator deployment, decision 125).
 */
export const FOUR_EYES_PROPOSAL_KEY = 'withdrawal_four_eyes_threshold_proposal';
export const FOUR_EYES_PROPOSAL_HOURS = 24;

const StoredProposal = z.object({
  threshold: z.number().int().min(1),
  proposed_by: z.number().int(),
  proposed_at: z.string(),
});
type StoredProposal = z.infer<typeof StoredProposal>;

const isSuperadmin = and(eq(users.role, 'admin'), eq(users.adminRole, 'superadmin'));

/**
 * The proposal waiting for a second superadmin, with its proposer's username: none when absent,
 * malformed, lapsed, or when its proposer is no longer an active superadmin.
 */
async function liveProposal(db: DbOrTx, now: Date): Promise<(StoredProposal & { username: string }) | null> {
  const parsed = StoredProposal.safeParse(await readSetting(db, FOUR_EYES_PROPOSAL_KEY));
  if (!parsed.success) return null;
  const age = now.getTime() - new Date(parsed.data.proposed_at).getTime();
  if (!(age >= 0 && age < FOUR_EYES_PROPOSAL_HOURS * 3_600_000)) return null;
  const [proposer] = await db
    .select({ username: users.username })
    .from(users)
    .where(and(eq(users.id, parsed.data.proposed_by), isSuperadmin, eq(users.status, 'active')));
  return proposer ? { ...parsed.data, username: proposer.username } : null;
}

/** The live proposal as the settings screen shows it. */
export async function proposalOf(db: DbOrTx, now: Date): Promise<FourEyesProposal | null> {
  const proposal = await liveProposal(db, now);
  return proposal
    ? { threshold: proposal.threshold, proposed_by: proposal.username, proposed_at: proposal.proposed_at }
    : null;
}

/**
 * Another superadmin account that is open (active or suspended: one superadmin can undo a suspension,
 * so it does not make a deployment single-operator) and has its second factor.
 */
async function anotherSuperadmin(db: DbOrTx, adminId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        isSuperadmin,
        inArray(users.status, ['active', 'suspended']),
        ne(users.id, adminId),
        isNotNull(users.totpEnabledAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type ThresholdOutcome =
  | { kind: 'apply'; confirmed?: StoredProposal; ended?: StoredProposal }
  | { kind: 'proposed'; renewed: boolean };

/**
 * Taken by a save that sends a threshold, before it reads the current one, and held until it commits:
 * two such saves at once are decided one after the other, each on what the other wrote.
 */
export async function holdThresholdRule(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${FOUR_EYES_PROPOSAL_KEY}))`);
}

/**
 * What a save of `threshold` does, in the save's transaction, after `holdThresholdRule`:
 * - the current amount: nothing, and a waiting raise stays;
 * - higher, with another superadmin: a live raise of the same amount by a different superadmin,
 *   enrolled before it was asked for, is confirmed; the proposer's own amount again leaves it as it
 *   is; anything else becomes the waiting raise;
 * - lower, or higher with no other superadmin: applied, and a waiting raise ends.
 */
export async function settleThreshold(
  tx: DbOrTx,
  adminId: number,
  current: number,
  threshold: number,
  now: Date,
): Promise<ThresholdOutcome> {
  if (threshold === current) return { kind: 'apply' };
  const proposal = await liveProposal(tx, now);
  if (threshold > current && (await anotherSuperadmin(tx, adminId))) {
    if (proposal?.threshold === threshold && proposal.proposed_by === adminId) {
      return { kind: 'proposed', renewed: false };
    }
    const confirms =
      proposal?.threshold === threshold &&
      (await confirmerEnrolledBefore(tx, adminId, new Date(proposal.proposed_at)));
    if (!confirms) {
      const stored: StoredProposal = { threshold, proposed_by: adminId, proposed_at: now.toISOString() };
      await writeSettings(tx, { [FOUR_EYES_PROPOSAL_KEY]: stored }, now);
      return { kind: 'proposed', renewed: true };
    }
    await writeSettings(tx, { [FOUR_EYES_PROPOSAL_KEY]: null }, now);
    return { kind: 'apply', confirmed: proposal };
  }
  await writeSettings(tx, { [FOUR_EYES_PROPOSAL_KEY]: null }, now);
  return proposal ? { kind: 'apply', ended: proposal } : { kind: 'apply' };
}

async function confirmerEnrolledBefore(db: DbOrTx, adminId: number, proposedAt: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, adminId), isNotNull(users.totpEnabledAt), lte(users.totpEnabledAt, proposedAt)));
  return row !== undefined;
}
