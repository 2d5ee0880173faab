import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { currentUser } from '../../plugins/auth';
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
  return { catalogue: app.requireAdmin, settings: app.requireAdmin, help: app.requireAdmin };
}

export function actorOf(app: FastifyInstance, request: FastifyRequest): AdminActor {
  return { user: currentUser(request), ip: request.ip, now: app.deps.clock.now() };
}
