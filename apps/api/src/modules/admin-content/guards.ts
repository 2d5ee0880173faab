import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { auditActor, currentUser } from '../../plugins/auth';
import type { AdminActor } from './admin-actor';

/**
 * Who may use the back office's content routes (decision 130): catalogues superadmin and finance,
 * settings superadmin, help content and inbox support and superadmin.
 */
export function contentGuards(app: FastifyInstance): {
  catalogue: onRequestHookHandler;
  settings: onRequestHookHandler;
  help: onRequestHookHandler;
} {
  return {
    catalogue: app.requireAdminRole('finance'),
    // Superadmin only (requireAdminRole always admits superadmin); PUT adds requireReauth.
    settings: app.requireAdminRole(),
    help: app.requireAdminRole('support'),
  };
}

export function actorOf(app: FastifyInstance, request: FastifyRequest): AdminActor {
  const { actorRole, ip } = auditActor(request);
  return { user: currentUser(request), role: actorRole, ip, now: app.deps.clock.now() };
}
