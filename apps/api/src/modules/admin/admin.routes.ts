import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminEnrolResponse,
  AdminLoginRequest,
  AdminReauthRequest,
  AdminReauthResponse,
  AdminSessionResponse,
  AdminTokenResponse,
  AdminTwoFactorRequiredResponse,
  AdminTwoFactorVerifyRequest,
  MessageResponse,
} from '@app/shared';
import { AppError } from '../../errors';
import type { RouteApp } from '../../lib/route-app';
import { currentAdmin } from '../../plugins/auth';
import { bearer, currentTokenId, errorResponses, requestMeta } from '../auth/route-schemas';
import { logout } from '../auth/sign-in.service';
import {
  ADMIN_TWO_FACTOR_COOKIE,
  adminLogin,
  adminUserResponse,
  reauthUntil,
  reauthenticate,
  startEnrolment,
  verifyAdminSignIn,
} from './admin-auth.service';

/**
 * The admin session (DESIGN §6 "Admin", decision 120): its own sign-in with a mandatory second factor
 * (enrolled inside the first sign-in), admin-kind tokens with a 30-minute idle timeout, and the
 * re-authentication window of sensitive actions.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  signInRoutes(app);
  sessionRoutes(app);
};

/**
 * The two steps of the sign-in: the password, then the second factor (its enrolment on a first
 * sign-in), carried between them by the challenge cookie.
 */
function signInRoutes(app: RouteApp): void {
  const challengeCookie = challengeCookieOptions(app);

  app.post(
    '/api/admin/login',
    {
      config: { adminPublic: true },
      schema: {
        tags: ['admin'],
        summary: 'Admin sign-in, step 1 (admins only): the password; always answers the two-factor step',
        body: AdminLoginRequest,
        response: { 200: AdminTwoFactorRequiredResponse, ...errorResponses(400, 401, 403, 419, 429) },
      },
    },
    async (request, reply) => {
      const result = await adminLogin(app.deps, request.body, requestMeta(request));
      void reply.setCookie(ADMIN_TWO_FACTOR_COOKIE, result.challenge, {
        ...challengeCookie,
        maxAge: result.maxAgeMs / 1000,
      });
      return result.body;
    },
  );

  app.post(
    '/api/admin/2fa/enrol',
    {
      config: { adminPublic: true },
      schema: {
        tags: ['admin'],
        summary: 'First sign-in of an admin without an authenticator: a new secret and its QR code',
        response: { 200: AdminEnrolResponse, ...errorResponses(401, 403, 419, 422, 429) },
      },
    },
    async (request) => startEnrolment(app.deps, request.cookies[ADMIN_TWO_FACTOR_COOKIE]),
  );

  app.post(
    '/api/admin/2fa/verify',
    {
      config: { adminPublic: true },
      schema: {
        tags: ['admin'],
        summary:
          'Admin sign-in, step 2: an authenticator code (or a recovery code) for the challenge cookie; ' +
          'on a first sign-in the code also turns the new authenticator on and recovery codes are given',
        body: AdminTwoFactorVerifyRequest,
        response: { 200: AdminTokenResponse, ...errorResponses(400, 401, 403, 419, 422, 429) },
      },
    },
    async (request, reply) => {
      try {
        const result = await verifyAdminSignIn(
          app.deps,
          request.cookies[ADMIN_TWO_FACTOR_COOKIE],
          request.body.token,
          requestMeta(request),
        );
        void reply.clearCookie(ADMIN_TWO_FACTOR_COOKIE, challengeCookie);
        return result;
      } catch (error) {
        if (error instanceof AppError && error.code === 'UNAUTHENTICATED') {
          void reply.clearCookie(ADMIN_TWO_FACTOR_COOKIE, challengeCookie);
        }
        throw error;
      }
    },
  );
}

/** The challenge cookie's options: read by the admin routes only, never by script. */
function challengeCookieOptions(app: RouteApp) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/api/admin',
    secure: app.deps.config.isProduction,
  };
}

/** The signed-in admin's session: who it is, the re-authentication window, the sign-out. */
function sessionRoutes(app: RouteApp): void {
  app.get(
    '/api/admin/me',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The signed-in admin, with the role and the end of the re-authentication window',
        security: bearer,
        response: { 200: AdminSessionResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { user } = currentAdmin(request);
      return {
        user: await adminUserResponse(app.deps, app.deps.database.db, user),
        reauth_until: reauthUntil(request.auth?.reauthAt ?? null, app.deps.clock.now()),
      };
    },
  );

  app.post(
    '/api/admin/reauth',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Re-authentication ("sudo mode"): a current code opens sensitive actions for 10 minutes',
        security: bearer,
        body: AdminReauthRequest,
        response: { 200: AdminReauthResponse, ...errorResponses(400, 401, 403, 419, 422, 429) },
      },
    },
    async (request) =>
      reauthenticate(app.deps, currentAdmin(request), request.body.code, requestMeta(request)),
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
}
