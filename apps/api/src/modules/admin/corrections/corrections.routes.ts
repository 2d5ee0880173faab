import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CorrectionActionResponse,
  CorrectionDecisionRequest,
  CorrectionListQuery,
  CorrectionListResponse,
  CorrectionProposeRequest,
  IdParams,
} from '@app/shared';
import { currentUser } from '../../../plugins/auth';
import type { RouteApp } from '../../../lib/route-app';
import { bearer, errorResponses, ipOf } from '../../auth/route-schemas';
import {
  approveCorrection,
  closeCorrection,
  listCorrections,
  proposeCorrection,
} from './corrections.service';

/** Balance corrections (decision 182): finance proposes, a different finance admin or superadmin approves. */
export const adminCorrectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/corrections',
    {
      onRequest: app.requireAdminRole('finance'),
      schema: {
        tags: ['admin'],
        summary: 'Balance corrections, newest first, by status and member',
        security: bearer,
        querystring: CorrectionListQuery,
        response: { 200: CorrectionListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listCorrections(app.deps, request.query),
  );

  app.post(
    '/api/admin/corrections',
    {
      onRequest: app.requireAdminRole('finance'),
      // A retried proposal (a lost answer) must not become a second pending correction.
      config: { idempotent: true },
      schema: {
        tags: ['admin'],
        summary: 'Propose a credit or debit of a member’s cash (a second admin approves it)',
        security: bearer,
        body: CorrectionProposeRequest,
        response: { 201: CorrectionActionResponse, ...errorResponses(400, 401, 403, 404, 409, 419, 429) },
      },
    },
    async (request, reply) => {
      const result = await proposeCorrection(app.deps, currentUser(request), request.body, ipOf(request));
      return reply.code(201).send(result);
    },
  );

  decisionRoutes(app);
};

/** Approve (a second admin, with a recent second factor), reject (another admin) or withdraw (the proposer). */
function decisionRoutes(app: RouteApp): void {
  const decision = errorResponses(400, 401, 403, 404, 409, 419, 422, 429);

  app.post(
    '/api/admin/corrections/:id/approve',
    {
      onRequest: app.requireAdminRole('finance'),
      preHandler: app.requireReauth,
      schema: {
        tags: ['admin'],
        summary: 'Approve (never the proposer): posts the correction through the ledger',
        security: bearer,
        params: IdParams,
        response: { 200: CorrectionActionResponse, ...decision },
      },
    },
    async (request) => approveCorrection(app.deps, currentUser(request), request.params.id, ipOf(request)),
  );

  for (const [path, outcome] of [
    ['reject', 'rejected'],
    ['withdraw', 'withdrawn'],
  ] as const) {
    app.post(
      `/api/admin/corrections/:id/${path}`,
      {
        onRequest: app.requireAdminRole('finance'),
        schema: {
          tags: ['admin'],
          summary:
            outcome === 'rejected'
              ? 'Reject (another admin), with a reason: nothing moves'
              : 'Withdraw (the proposer), with a reason: nothing moves',
          security: bearer,
          params: IdParams,
          body: CorrectionDecisionRequest,
          response: { 200: CorrectionActionResponse, ...decision },
        },
      },
      async (request) =>
        closeCorrection(
          app.deps,
          currentUser(request),
          request.params.id,
          outcome,
          request.body.reason,
          ipOf(request),
        ),
    );
  }
}
