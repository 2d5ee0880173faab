import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { users, type DbOrTx } from '@app/db';
import type { FourEyesProposal } from '@app/shared';
import { readSetting, writeSettings } from '../settings/settings.service';

/**
 * A raise of the four-eyes threshold takes two superadmins (decision 248): one asks for the higher
 * amount, and it takes effect when a different superadmin saves the same amount within 24 hours. A
 * lower threshold takes effect at once (tightening a control never needs two), and so does any change
 * where no other active superadmin exists (a single-operator deployment, decision 125).
 */
export const FOUR_EYES_PROPOSAL_KEY = 'withdrawal_four_eyes_threshold_proposal';
export const FOUR_EYES_PROPOSAL_HOURS = 24;

const StoredProposal = z.object({
  threshold: z.number().int().min(1),
  proposed_by: z.number().int(),
  proposed_at: z.string(),
});
type StoredProposal = z.infer<typeof StoredProposal>;

/** The proposal waiting for a second superadmin: none when absent, malformed or lapsed. */
async function liveProposal(db: DbOrTx, now: Date): Promise<StoredProposal | null> {
  const parsed = StoredProposal.safeParse(await readSetting(db, FOUR_EYES_PROPOSAL_KEY));
  if (!parsed.success) return null;
  const age = now.getTime() - new Date(parsed.data.proposed_at).getTime();
  return age >= 0 && age < FOUR_EYES_PROPOSAL_HOURS * 3_600_000 ? parsed.data : null;
}

/** The live proposal as the settings screen shows it, with the proposer's username. */
export async function proposalOf(db: DbOrTx, now: Date): Promise<FourEyesProposal | null> {
  const proposal = await liveProposal(db, now);
  if (!proposal) return null;
  const [who] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, proposal.proposed_by));
  return {
    threshold: proposal.threshold,
    proposed_by: who?.username ?? '',
    proposed_at: proposal.proposed_at,
  };
}

async function anotherSuperadmin(db: DbOrTx, adminId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'admin'),
        eq(users.adminRole, 'superadmin'),
        eq(users.status, 'active'),
        ne(users.id, adminId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type ThresholdOutcome = 'apply' | 'proposed';

/**
 * What a save of `threshold` does, in the save's transaction: a raise with another superadmin about
 * is kept as this admin's proposal (replacing any other) unless it confirms a live proposal of the
 * same amount by a different admin; everything else applies. An applied change ends any proposal.
 */
export async function settleThreshold(
  tx: DbOrTx,
  adminId: number,
  current: number,
  threshold: number,
  now: Date,
): Promise<ThresholdOutcome> {
  if (threshold === current) return 'apply';
  if (threshold > current && (await anotherSuperadmin(tx, adminId))) {
    const proposal = await liveProposal(tx, now);
    const confirms =
      proposal !== null && proposal.threshold === threshold && proposal.proposed_by !== adminId;
    if (!confirms) {
      const stored: StoredProposal = { threshold, proposed_by: adminId, proposed_at: now.toISOString() };
      await writeSettings(tx, { [FOUR_EYES_PROPOSAL_KEY]: stored }, now);
      return 'proposed';
    }
  }
  await writeSettings(tx, { [FOUR_EYES_PROPOSAL_KEY]: null }, now);
  return 'apply';
}
