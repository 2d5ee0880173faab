import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminLoginRequest, AdminMeResponse, MessageResponse, TokenResponse } from '@app/shared';
import { currentUser } from '../../plugins/auth';
import { getUserResponse } from '../auth/account.service';
import { bearer, currentTokenId, errorResponses, requestMeta } from '../auth/route-schemas';
import { adminLogin, logout } from '../auth/sign-in.service';

/** The admin session (DESIGN §6 "Admin"): its own sign-in and admin-kind tokens. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/login',
    {
      schema: {
        tags: ['admin'],
        summary: 'Admin sign-in (role admin only); remember extends the token',
        body: AdminLoginRequest,
        response: { 200: TokenResponse, ...errorResponses(400, 401, 403, 419, 429) },
      },
    },
    async (request) => adminLogin(app.deps, request.body, requestMeta(request)),
  );

  app.get(
    '/api/admin/me',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The signed-in admin',
        security: bearer,
        response: { 200: AdminMeResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      user: await getUserResponse(app.deps.database.db, app.deps.appKey, currentUser(request)),
    }),
  );

  app.post(
    '/api/admin/logout',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Admin sign-out: revokes the presented token',
        security: bearer,
        response: { 200: MessageResponse, ...errorResponses(401, 403, 419, 429) },
      },
    },
    async (request) => logout(app.deps, currentTokenId(request)),
  );
};
