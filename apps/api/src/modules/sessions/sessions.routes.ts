import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, SessionListResponse, SessionRevokeResponse } from '@app/shared';
import { currentUser } from '../../plugins/auth';
import { bearer, currentTokenId, errorResponses } from '../auth/route-schemas';
import { listSessions, revokeOtherSessions, revokeSession } from './sessions.service';

/** Signed-in sessions and devices (account settings, Security tab): a member's own only. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  app.get(
    '/api/sessions',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['sessions'],
        summary: 'The member’s signed-in sessions, the current one marked',
        security: bearer,
        response: { 200: SessionListResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) =>
      listSessions(db, currentUser(request).id, currentTokenId(request), app.deps.clock.now()),
  );

  // Registered before /:id so that "others" is never read as an id.
  app.delete(
    '/api/sessions/others',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['sessions'],
        summary: 'Sign out every session but this one',
        security: bearer,
        response: { 200: SessionRevokeResponse, ...errorResponses(401, 403, 419, 429) },
      },
    },
    async (request) =>
      revokeOtherSessions(db, currentUser(request).id, currentTokenId(request), app.deps.clock.now()),
  );

  app.delete(
    '/api/sessions/:id',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['sessions'],
        summary: 'Sign out one session',
        security: bearer,
        params: IdParams,
        response: { 200: SessionRevokeResponse, ...errorResponses(400, 401, 403, 404, 419, 429) },
      },
    },
    async (request) => revokeSession(db, currentUser(request).id, request.params.id, app.deps.clock.now()),
  );
};
