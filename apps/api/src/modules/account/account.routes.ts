import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readAhead } from '../../lib/read-ahead';
import { currentUser } from '../../plugins/auth';
import { bearer, errorResponses } from '../auth/route-schemas';
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
};
