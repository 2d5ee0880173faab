import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ActivityQuery, ActivityResponse } from '@app/shared';
import { currentUser } from '../../plugins/auth';
import { bearer, errorResponses } from '../auth/route-schemas';
import { getActivity } from './activity.service';

/** Activity (spec §2, §7): every movement of the member's money, newest first. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/activity',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['activity'],
        summary: 'Deposits, withdrawals, earnings and points conversions, filtered and paged',
        security: bearer,
        querystring: ActivityQuery,
        response: { 200: ActivityResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => getActivity(app.deps.database.db, currentUser(request).id, request.query),
  );
};
