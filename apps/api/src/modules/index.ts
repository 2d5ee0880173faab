import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin/admin.routes';
import { ledgerCheckRoutes } from './admin/ledger-check.routes';
import { authCleanupJob } from './auth/auth-cleanup.job';
import { authRoutes } from './auth/auth.routes';
import { twoFactorRoutes } from './two-factor/two-factor.routes';
import { helpRoutes } from './help/help.routes';
import { marketsRoutes } from './markets/markets.routes';
import { seoRoutes } from './seo/seo.routes';
import { depositsRoutes } from './deposits/deposits.routes';
import { sandboxRoutes } from './deposits/sandbox.routes';
import { webhooksRoutes } from './deposits/webhooks.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { rewardsRoutes } from './rewards/rewards.routes';
import { activityRoutes } from './activity/activity.routes';
import { withdrawalsRoutes } from './withdrawals/withdrawals.routes';
import { depositExpiryJob } from '../jobs/deposit-expiry.job';
import { accrualJob } from '../jobs/accrual.job';
import { plansRoutes } from './plans/plans.routes';
import { investingRoutes } from './investing/investing.routes';
import { loansRoutes } from './loans/loans.routes';
import { loanCollectionJob } from '../jobs/loan-collection.job';

/** Every feature module's routes, registered in one place. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(twoFactorRoutes);
  await app.register(adminRoutes);
  await app.register(helpRoutes);
  await app.register(marketsRoutes);
  await app.register(seoRoutes);
  await app.register(ledgerCheckRoutes);
  await app.register(depositsRoutes);
  await app.register(webhooksRoutes);
  if (app.deps.payments.mode === 'sandbox') await app.register(sandboxRoutes);
  await app.register(notificationsRoutes);
  await app.register(rewardsRoutes);
  await app.register(withdrawalsRoutes);
  await app.register(activityRoutes);
  await app.register(plansRoutes);
  await app.register(investingRoutes);
  await app.register(loansRoutes);
  app.deps.jobs.register(authCleanupJob);
  app.deps.jobs.register(depositExpiryJob(app.deps.mailer));
  app.deps.jobs.register(accrualJob(app.deps.mailer));
  app.deps.jobs.register(loanCollectionJob(app.deps.mailer));
}
