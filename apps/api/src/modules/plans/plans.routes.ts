import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PlanListQuery, PlanListResponse } from '@app/shared';
import { errorResponses } from '../auth/route-schemas';
import { listPlans } from './plans.service';

/** The public plan catalogue (spec §7 GET /api/plans). */
export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/plans',
    {
      schema: {
        tags: ['plans'],
        summary: 'Investment plans, optionally of one category (public)',
        querystring: PlanListQuery,
        response: { 200: PlanListResponse, ...errorResponses(400) },
      },
    },
    async (request) => listPlans(app.deps.database.db, request.query.category),
  );
};
