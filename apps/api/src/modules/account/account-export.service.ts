import { asc, eq } from 'drizzle-orm';
import { apiTokens, type AuthUser } from '@app/db';
import type { AppDeps } from '../../deps';
import { EXPORT_BATCH, activityItemBatches, exportActivity } from '../activity/activity.service';
import { getUserResponse } from '../auth/account.service';
import { listGoals } from '../goals/goals.service';
import { listUserPlans } from '../investing/investing.service';
import { kycState } from '../kyc/kyc.service';
import { listApplications } from '../loans/loan-applications.service';
import { listLoans } from '../loans/loans.service';
import { getReferralInfo } from '../rewards/rewards.service';
import { describeAgent } from '../sessions/sessions.service';
import { statementMonths } from '../statements/statements.service';
import { tableFiles, zipStream, type ArchiveFile } from './zip-stream';

/**
 * The member's Activity as a JSON array, read in keyset batches like the CSV export: a history of
 * tens of thousands of entries streams through without being held in memory.
 */
async function* activityJson(deps: AppDeps, userId: number, batchSize: number): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const items of activityItemBatches(deps.database.db, userId, batchSize)) {
    yield (first ? '\n' : ',\n') + items.map((item) => JSON.stringify(item)).join(',\n');
    first = false;
  }
  yield '\n]\n';
}

/** Every session and token the account has had: when and where, never a token's hash (decision 177). */
function sessionRows(deps: AppDeps, userId: number) {
  return deps.database.db
    .select({
      id: apiTokens.id,
      kind: apiTokens.kind,
      userAgent: apiTokens.userAgent,
      ip: apiTokens.ip,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
    })
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(asc(apiTokens.id));
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Every investment plan of the member, page by page as GET /api/pp reads them. */
async function allUserPlans(deps: AppDeps, userId: number) {
  const plans = [];
  for (let page = 1; ; page += 1) {
    const { data, meta } = await listUserPlans(deps, userId, page, 500);
    plans.push(...data);
    if (page >= meta.total_pages) return plans;
  }
}

const README = `This archive holds the data of your account, each as JSON and as CSV:
profile: your account and profile
activity: every movement of your money, newest first
statements: the months you have a monthly statement for, and where to download each
plans: every investment plan you have held, with its terms and earnings
goals, loans, loan-applications, referrals: as shown in your account
identity-verification: where your identity verification stands (the documents themselves are not
in this archive: ask support for copies)
sessions: every sign-in of your account (when, browser, address); no password or token is included
Amounts are in US dollars.
`;

/**
 * GET /api/account/export: one zip archive of the member's data (decision 177). The small lists are
 * read through the services that answer their own pages; Activity is read in keyset batches while
 * the archive streams.
 */
export async function exportAccount(
  deps: AppDeps,
  user: AuthUser,
  { batchSize = EXPORT_BATCH }: { batchSize?: number } = {},
): Promise<AsyncGenerator<Uint8Array>> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const [me, plans, goals, loans, applications, referrals, sessions, verification] = await Promise.all([
    getUserResponse(db, deps.appKey, user),
    allUserPlans(deps, user.id),
    listGoals(deps, user.id),
    // Every loan and application, not the newest the Explore page shows (decision 219).
    listLoans(deps, user.id, null),
    listApplications(deps, user.id, null),
    // Everyone referred, not the newest the Rewards page shows (decision 225).
    getReferralInfo(db, user, deps.config.appUrl, null),
    sessionRows(deps, user.id),
    kycState(deps, db, user.id),
  ]);
  const { profile, ...account } = me;
  const files: ArchiveFile[] = [
    { name: 'README.txt', chunks: () => [README] },
    ...tableFiles('profile', [{ ...account, ...profile }]),
    { name: 'activity.json', chunks: () => activityJson(deps, user.id, batchSize) },
    {
      name: 'activity.csv',
      chunks: () => exportActivity(db, user.id, {}, { batchSize, language: user.language }),
    },
    ...tableFiles(
      'statements',
      statementMonths(user, now).data.map(({ month }) => ({
        month,
        pdf: `/api/statements/${month}?format=pdf`,
        csv: `/api/statements/${month}?format=csv`,
      })),
      ['month', 'pdf', 'csv'],
    ),
    ...tableFiles('plans', plans),
    ...tableFiles('goals', goals.data),
    ...tableFiles('loans', loans),
    ...tableFiles('loan-applications', applications),
    ...tableFiles('referrals', referrals.referred_users, ['id', 'name', 'email', 'created_at']),
    ...tableFiles('identity-verification', [
      {
        status: verification.status,
        document_type: verification.document_type,
        document_expires_on: verification.document_expires_on,
        submitted_at: verification.submitted_at,
        decided_at: verification.decided_at,
        reason: verification.reason,
      },
    ]),
    ...tableFiles(
      'sessions',
      sessions.map((row) => ({
        id: row.id,
        kind: row.kind,
        ...describeAgent(row.userAgent),
        user_agent: row.userAgent,
        ip: row.ip,
        created_at: iso(row.createdAt),
        last_used_at: iso(row.lastUsedAt),
        expires_at: iso(row.expiresAt),
        revoked_at: iso(row.revokedAt),
      })),
      [
        'id',
        'kind',
        'browser',
        'os',
        'device_type',
        'user_agent',
        'ip',
        'created_at',
        'last_used_at',
        'expires_at',
        'revoked_at',
      ],
    ),
  ];
  return zipStream(files, now);
}
