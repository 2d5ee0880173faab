import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PlanIdParams, PlanListQuery, PlanListResponse, PlanRateHistory } from '@app/shared';
import { errorResponses } from '../auth/route-schemas';
import { planRateHistory } from './plan-rates';
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

  app.get(
    '/api/plans/:id/rates',
    {
      schema: {
        tags: ['plans'],
        summary: 'A plan’s rate history, oldest first: its creation rates, then each change (public)',
        params: PlanIdParams,
        response: { 200: PlanRateHistory, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const history = await planRateHistory(app.deps.database.db, request.params.id);
      // Public and the same for everyone: shared caches may keep it a minute (decision 193).
      return reply.header('Cache-Control', 'public, max-age=60').send(history);
    },
  );
};
