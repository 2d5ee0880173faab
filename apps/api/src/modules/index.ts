import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin/admin.routes';
import { authCleanupJob } from './auth/auth-cleanup.job';
import { authRoutes } from './auth/auth.routes';
import { twoFactorRoutes } from './two-factor/two-factor.routes';

/** Every feature module's routes, registered in one place. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(twoFactorRoutes);
  await app.register(adminRoutes);
  app.deps.jobs.register(authCleanupJob);
}
