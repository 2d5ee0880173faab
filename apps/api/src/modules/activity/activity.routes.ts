import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readAhead } from '../../lib/read-ahead';
import { z } from 'zod';
import { ActivityExportQuery, ActivityQuery, ActivityResponse } from '@app/shared';
import { currentUser } from '../../plugins/auth';
import { bearer, errorResponses } from '../auth/route-schemas';
import { exportActivity, getActivity } from './activity.service';

/** Activity (spec §2, §7): every movement of the member's money, newest first. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/activity',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['activity'],
        summary:
          'Every movement of the cash balance with the balance after it, and deposits not credited, filtered and paged',
        security: bearer,
        querystring: ActivityQuery,
        response: { 200: ActivityResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => getActivity(app.deps.database.db, currentUser(request).id, request.query),
  );
  app.get(
    '/api/activity/export',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['activity'],
        summary:
          'The activity of the filters as a CSV statement (every page, streamed), in the member’s language',
        security: bearer,
        querystring: ActivityExportQuery,
        produces: ['text/csv'],
        // 200 is a text/csv stream, sent as it is (Fastify never serializes a stream).
        response: { 200: z.unknown().describe('text/csv'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const day = app.deps.clock.now().toISOString().slice(0, 10);
      const csv = await readAhead(
        exportActivity(app.deps.database.db, user.id, request.query, { language: user.language }),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="activity-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
