import { and, eq, gt, inArray, isNotNull, lte, notInArray, or } from 'drizzle-orm';
import { users, type DbOrTx } from '@app/db';

/**
 * The two-superadmin rule of decisions 248–250, shared by the settings that loosen a money control and
 * by the admin changes that give money powers: who can be the second superadmin, how long a request
 * lives, and what a change does given the request waiting for it (`requestStep`).
 */

const isSuperadmin = and(eq(users.role, 'admin'), eq(users.adminRole, 'superadmin'));

/** How long an admin demoted from superadmin still counts as a second one (decision 250). */
const DEMOTED_COUNTS_DAYS = 7;
/** How long a request waits for the second superadmin. */
const REQUEST_HOURS = 24;

/** True for a request asked for at `askedAt` that has not lapsed by `now`. */
export function requestIsLive(askedAt: Date, now: Date): boolean {
  const age = now.getTime() - askedAt.getTime();
  return age >= 0 && age < REQUEST_HOURS * 3_600_000;
}

/**
 * Another superadmin account, none of `excluded`, with its second factor, that is open (active or
 * suspended: one superadmin can undo a suspension, so it does not make a deployment single-operator)
 * or was demoted in the last 7 days (so demoting the other superadmin does not either, at once).
 */
async function anotherSuperadmin(db: DbOrTx, excluded: number[], now: Date): Promise<boolean> {
  const demotedSince = new Date(now.getTime() - DEMOTED_COUNTS_DAYS * 86_400_000);
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'admin'),
        or(
          and(isSuperadmin, inArray(users.status, ['active', 'suspended'])),
          and(inArray(users.status, ['active', 'suspended']), gt(users.superadminLeftAt, demotedSince)),
        ),
        notInArray(users.id, excluded),
        isNotNull(users.totpEnabledAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** True when the admin's second factor was enrolled at or before `askedAt` (an account made for the purpose cannot confirm). */
async function enrolledBefore(db: DbOrTx, adminId: number, askedAt: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, adminId), isNotNull(users.totpEnabledAt), lte(users.totpEnabledAt, askedAt)));
  return row !== undefined;
}

/** The username of an active superadmin (a proposal ends when its proposer is no longer one). */
export async function activeSuperadminName(db: DbOrTx, adminId: number): Promise<string | null> {
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(and(eq(users.id, adminId), isSuperadmin, eq(users.status, 'active')));
  return row?.username ?? null;
}

/** A request waiting for the second superadmin: the value asked for, by whom and when. */
export interface WaitingRequest<V> {
  value: V;
  proposedBy: number;
  proposedAt: Date;
}

/**
 * What a change does, in its transaction:
 * - `apply`: it gives no more power (tightening never needs two), or no other superadmin (none of
 *   `excluded`) could confirm it: it applies, and a waiting request ends;
 * - `keep`: the proposer asks again for what waits: nothing changes;
 * - `confirm`: a different superadmin, enrolled before the request, asks for the same value: it applies;
 * - `ask`: anything else becomes the waiting request, replacing one that waited.
 */
export async function requestStep<V>(
  db: DbOrTx,
  change: {
    loosens: boolean;
    actorId: number;
    excluded: number[];
    asked: V;
    waiting: WaitingRequest<V> | undefined;
    now: Date;
  },
): Promise<'apply' | 'keep' | 'confirm' | 'ask'> {
  const { actorId, waiting, asked } = change;
  if (!change.loosens || !(await anotherSuperadmin(db, change.excluded, change.now))) return 'apply';
  if (waiting?.value !== asked) return 'ask';
  if (waiting.proposedBy === actorId) return 'keep';
  return (await enrolledBefore(db, actorId, waiting.proposedAt)) ? 'confirm' : 'ask';
}
