import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PortfolioEarningsResponse } from '@app/shared';
import { currentUser } from '../../plugins/auth';
import { bearer, errorResponses } from '../auth/route-schemas';
import { portfolioEarnings } from './portfolio.service';

/** My Portfolio's chart: the member's earnings over all plans, one point per day. */
export const portfolioRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/portfolio/earnings',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['investing'],
        summary:
          'The portfolio’s latest earning days (at most 366), oldest first, each with the total earned to date',
        security: bearer,
        response: { 200: PortfolioEarningsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => portfolioEarnings(app.deps.database.db, currentUser(request).id),
  );
};
