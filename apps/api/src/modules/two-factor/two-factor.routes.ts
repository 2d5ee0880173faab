import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Disable2faRequest,
  Enable2faResponse,
  RecoveryCodesResponse,
  RegenerateRecoveryCodesRequest,
  SuccessResponse,
  TotpCodeRequest,
  Verify2faResponse,
} from '@app/shared';
import { currentUser } from '../../plugins/auth';
import { bearer, errorResponses, requestMeta } from '../auth/route-schemas';
import { confirmSetup, disable, regenerateRecoveryCodes, startSetup } from './two-factor.service';

/** Two-factor authentication of a signed-in member: set up, confirm, turn off, new recovery codes. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/enable-2fa',
    {
      // A stolen session must not lock the owner out with its own authenticator (decision 230).
      onRequest: [app.requireMember, app.requireRecentPassword],
      schema: {
        tags: ['two-factor'],
        summary: 'Start 2FA setup: a new secret and its QR code (not on until verified)',
        security: bearer,
        response: { 200: Enable2faResponse, ...errorResponses(401, 403, 419, 422, 429) },
      },
    },
    async (request) => startSetup(app.deps, currentUser(request)),
  );

  app.post(
    '/api/verify-2fa',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['two-factor'],
        summary: 'Confirm 2FA setup with a code; answers 10 one-time recovery codes',
        security: bearer,
        body: TotpCodeRequest,
        response: { 200: Verify2faResponse, ...errorResponses(400, 401, 403, 419, 422, 429) },
      },
    },
    async (request) => confirmSetup(app.deps, currentUser(request), request.body.token, requestMeta(request)),
  );

  app.post(
    '/api/disable-2fa',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['two-factor'],
        summary: 'Turn 2FA off with a current code or an unused recovery code',
        security: bearer,
        body: Disable2faRequest,
        response: { 200: SuccessResponse, ...errorResponses(400, 401, 403, 419, 422, 429) },
      },
    },
    async (request) => disable(app.deps, currentUser(request), request.body.token, requestMeta(request)),
  );

  app.post(
    '/api/2fa/recovery-codes',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['two-factor'],
        summary: 'Replace the recovery codes (needs a current code)',
        security: bearer,
        body: RegenerateRecoveryCodesRequest,
        response: { 200: RecoveryCodesResponse, ...errorResponses(400, 401, 403, 419, 422, 429) },
      },
    },
    async (request) =>
      regenerateRecoveryCodes(app.deps, currentUser(request), request.body.token, requestMeta(request)),
  );
};
