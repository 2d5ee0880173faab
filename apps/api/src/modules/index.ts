import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin/admin.routes';
import { authCleanupJob } from './auth/auth-cleanup.job';
import { authRoutes } from './auth/auth.routes';
import { twoFactorRoutes } from './two-factor/two-factor.routes';
import { helpRoutes } from './help/help.routes';
import { marketsRoutes } from './markets/markets.routes';
import { seoRoutes } from './seo/seo.routes';

/** Every feature module's routes, registered in one place. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(twoFactorRoutes);
  await app.register(adminRoutes);
  await app.register(helpRoutes);
  await app.register(marketsRoutes);
  await app.register(seoRoutes);
  app.deps.jobs.register(authCleanupJob);
}
