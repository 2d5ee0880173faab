import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConvertPointsRequest, ConvertPointsResponse, ReferralInfoResponse } from '@app/shared';
import { currentUser } from '../../plugins/auth';
import { bearer, errorResponses } from '../auth/route-schemas';
import { convertPoints, getReferralInfo } from './rewards.service';

/** Rewards Hub: the referral link and referred members, and redeeming loyalty points. */
export const rewardsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/referrals',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['rewards'],
        summary: 'Referral link, points earned, loyalty points and referred members',
        security: bearer,
        response: { 200: ReferralInfoResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => getReferralInfo(app.deps.database.db, currentUser(request), app.deps.config.appUrl),
  );

  app.post(
    '/api/convert-points',
    {
      onRequest: app.requireMember,
      config: { idempotent: true },
      schema: {
        tags: ['rewards'],
        summary:
          'Convert loyalty points (all, or `points` of them; minimum 10) to balance at the settings’ rate',
        security: bearer,
        body: ConvertPointsRequest,
        response: { 200: ConvertPointsResponse, ...errorResponses(400, 401, 403, 409, 419, 422, 429) },
      },
    },
    async (request) => convertPoints(app.deps, currentUser(request), request.body?.points),
  );
};
