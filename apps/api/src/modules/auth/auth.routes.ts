import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangePasswordRequest,
  ConfirmPasswordRequest,
  ConfirmPasswordResponse,
  ForgotPasswordRequest,
  LanguageRequest,
  LanguageResponse,
  ResetPasswordRequest,
  LoginRequest,
  MessageResponse,
  RegisterRequest,
  ResendOtpRequest,
  TokenResponse,
  TwoFactorLoginRequest,
  TwoFactorRequiredResponse,
  UserResponse,
  VerifyOtpRequest,
} from '@app/shared';
import { currentUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import type { RouteApp } from '../../lib/route-app';
import { getUserResponse, saveLanguage } from './account.service';
import { resendEmailOtp, verifyEmailOtp } from './email-verification.service';
import { changePassword, confirmPassword } from './password.service';
import { forgotPassword, resetPassword } from './password-reset.service';
import { register } from './registration.service';
import { bearer, currentTokenId, errorResponses, requestMeta } from './route-schemas';
import {
  TWO_FACTOR_CHALLENGE_MS,
  TWO_FACTOR_COOKIE,
  completeTwoFactorLogin,
  logout,
  memberLogin,
} from './sign-in.service';

/** Member accounts: sign-up, email verification, sign-in (with the 2FA step), session, password. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  signUpRoutes(app);
  signInRoutes(app);
  sessionRoutes(app);
  passwordRoutes(app);
};

/** Sign-up and its email verification: register, a new code, the code. */
function signUpRoutes(app: RouteApp): void {
  app.post(
    '/api/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create a member account and mail a 6-digit code',
        body: RegisterRequest,
        response: { 201: MessageResponse, ...errorResponses(400, 409, 419, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await register(app.deps, request.body, requestMeta(request))),
  );

  app.post(
    '/api/resend-otp',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a new email code (at most once a minute)',
        body: ResendOtpRequest,
        response: { 200: MessageResponse, ...errorResponses(400, 419, 422, 429) },
      },
    },
    async (request) => resendEmailOtp(app.deps, request.body.email),
  );

  app.post(
    '/api/verify-otp',
    {
      schema: {
        tags: ['auth'],
        summary: 'Verify the email with its 6-digit code',
        body: VerifyOtpRequest,
        response: { 200: MessageResponse, ...errorResponses(400, 419, 422, 429) },
      },
    },
    async (request) => verifyEmailOtp(app.deps, request.body, requestMeta(request)),
  );
}

/** Sign-in: the password step, then the two-factor step when the account has it on. */
function signInRoutes(app: RouteApp): void {
  const challengeCookie = {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/api',
    secure: app.deps.config.isProduction,
  };

  app.post(
    '/api/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in: a token, or the two-factor step',
        body: LoginRequest,
        response: {
          200: TokenResponse.or(TwoFactorRequiredResponse),
          ...errorResponses(400, 401, 403, 419, 429),
        },
      },
    },
    async (request, reply) => {
      const result = await memberLogin(app.deps, request.body, requestMeta(request));
      if (result.kind === 'two-factor') {
        void reply.setCookie(TWO_FACTOR_COOKIE, result.challenge, {
          ...challengeCookie,
          maxAge: TWO_FACTOR_CHALLENGE_MS / 1000,
        });
      }
      return result.body;
    },
  );

  app.post(
    '/api/2fa/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Second sign-in step: an authenticator or recovery code for the challenge cookie',
        body: TwoFactorLoginRequest,
        response: { 200: TokenResponse, ...errorResponses(400, 401, 403, 419, 422, 429) },
      },
    },
    async (request, reply) => {
      try {
        const result = await completeTwoFactorLogin(
          app.deps,
          request.cookies[TWO_FACTOR_COOKIE],
          request.body.token,
          requestMeta(request),
        );
        void reply.clearCookie(TWO_FACTOR_COOKIE, challengeCookie);
        return result;
      } catch (error) {
        // A challenge that is gone stays gone: the browser forgets it too.
        if (error instanceof AppError && error.code === 'UNAUTHENTICATED') {
          void reply.clearCookie(TWO_FACTOR_COOKIE, challengeCookie);
        }
        throw error;
      }
    },
  );
}

/** The signed-in session: sign out, and who is signed in. */
function sessionRoutes(app: RouteApp): void {
  app.post(
    '/api/logout',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revokes the presented token',
        security: bearer,
        response: { 200: MessageResponse, ...errorResponses(401, 403, 419, 429) },
      },
    },
    async (request) => logout(app.deps, currentTokenId(request)),
  );

  app.get(
    '/api/me',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in member',
        security: bearer,
        response: { 200: UserResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => getUserResponse(app.deps.database.db, app.deps.appKey, currentUser(request)),
  );

  app.put(
    '/api/me/language',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['auth'],
        summary: "Save the member's language: mails, statements and exports are written in it",
        security: bearer,
        body: LanguageRequest,
        response: { 200: LanguageResponse, ...errorResponses(400, 401, 403, 419, 429) },
      },
    },
    async (request) =>
      saveLanguage(
        app.deps.database.db,
        currentUser(request).id,
        request.body.language,
        app.deps.clock.now(),
      ),
  );
}

/** The password: change it signed in, or reset it with a mailed link. */
function passwordRoutes(app: RouteApp): void {
  app.post(
    '/api/change-password',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['auth'],
        summary: 'Change the password; signs out every other device',
        security: bearer,
        body: ChangePasswordRequest,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 419, 422, 429) },
      },
    },
    async (request) =>
      changePassword(
        app.deps,
        currentUser(request),
        currentTokenId(request),
        request.body,
        requestMeta(request),
      ),
  );
  app.post(
    '/api/confirm-password',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['auth'],
        summary:
          'Confirm the password: opens withdrawals, withdrawal destinations and turning 2FA on for 10 minutes on this session',
        security: bearer,
        body: ConfirmPasswordRequest,
        response: { 200: ConfirmPasswordResponse, ...errorResponses(400, 401, 403, 419, 422, 429) },
      },
    },
    async (request) =>
      confirmPassword(
        app.deps,
        { user: currentUser(request), tokenId: currentTokenId(request) },
        request.body.password,
        requestMeta(request),
      ),
  );
  app.post(
    '/api/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link (the same answer for an unknown address)',
        body: ForgotPasswordRequest,
        response: { 200: MessageResponse, ...errorResponses(400, 419, 422, 429) },
      },
    },
    async (request) => forgotPassword(app.deps, request.body.email, requestMeta(request)),
  );

  app.post(
    '/api/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the mailed link; signs out every session',
        body: ResetPasswordRequest,
        response: { 200: MessageResponse, ...errorResponses(400, 419, 422, 429) },
      },
    },
    async (request) => resetPassword(app.deps, request.body, requestMeta(request)),
  );
}
