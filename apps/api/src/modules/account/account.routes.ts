import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CloseAccountRequest, CloseAccountResponse } from '@app/shared';
import { readAhead } from '../../lib/read-ahead';
import { currentUser } from '../../plugins/auth';
import { bearer, errorResponses, requestMeta } from '../auth/route-schemas';
import { closeAccount } from './account-close.service';
import { exportAccount } from './account-export.service';

/** The member's own account: take the data (and, decision 177, close it). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account/export',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['account'],
        summary:
          'Everything the account holds (profile, activity, statements, goals, loans, referrals, sessions) as JSON and CSV in one zip archive, streamed',
        security: bearer,
        produces: ['application/zip'],
        // 200 is a zip stream, sent as it is (Fastify never serializes a stream).
        response: { 200: z.unknown().describe('application/zip'), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const day = app.deps.clock.now().toISOString().slice(0, 10);
      const archive = await readAhead(await exportAccount(app.deps, user));
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="my-data-${day}.zip"`)
        .header('cache-control', 'no-store')
        .send(archive);
    },
  );
  app.post(
    '/api/account/close',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['account'],
        summary:
          'Close the account (password, and a 2FA code when on): refused while money or anything open remains; every session ends',
        security: bearer,
        body: CloseAccountRequest,
        response: { 200: CloseAccountResponse, ...errorResponses(400, 401, 403, 409, 419, 422, 429) },
      },
    },
    async (request) => closeAccount(app.deps, currentUser(request), request.body, requestMeta(request)),
  );
};
