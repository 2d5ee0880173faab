import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CancelWithdrawalResponse,
  CreateWithdrawalRequest,
  CreateWithdrawalResponse,
  DestinationListResponse,
  DestinationRequest,
  DestinationResponse,
  IdParams,
  MessageResponse,
  WithdrawalHistoryQuery,
  WithdrawalHistoryResponse,
} from '@app/shared';
import { currentUser } from '../../plugins/auth';
import { bearer, currentTokenId, errorResponses, ipOf } from '../auth/route-schemas';
import type { RouteApp } from '../../lib/route-app';
import {
  createDestination,
  deleteDestination,
  listDestinations,
  updateDestination,
} from './destinations.service';
import { cancelWithdrawal, createWithdrawal, withdrawalHistory } from './withdrawals.service';

/**
 * Withdrawals (spec §7, DESIGN §6) and saved destinations (/withdrawal-methods); the back office's
 * queue is admin/queues/withdrawals.routes.ts.
 */
export const withdrawalsRoutes: FastifyPluginAsyncZod = async (app) => {
  withdrawalRoutes(app);
  destinationRoutes(app);
};

/** Withdrawals: ask for one, the history, cancel a pending one. */
function withdrawalRoutes(app: RouteApp): void {
  app.post(
    '/api/withdrawal',
    {
      // Money leaves: the password given recently on this session (decision 230).
      onRequest: [app.requireMember, app.requireRecentPassword],
      config: { idempotent: true },
      schema: {
        tags: ['withdrawals'],
        summary: 'Ask for a withdrawal: the amount is held at once; an admin approves or rejects',
        security: bearer,
        body: CreateWithdrawalRequest,
        response: {
          201: CreateWithdrawalResponse,
          ...errorResponses(400, 401, 403, 404, 409, 419, 422, 429),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createWithdrawal(app.deps, currentUser(request), request.body, currentTokenId(request))),
  );

  app.get(
    '/api/withdrawal/history',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['withdrawals'],
        summary: 'The member’s withdrawals, 10 per page, newest first',
        security: bearer,
        querystring: WithdrawalHistoryQuery,
        response: { 200: WithdrawalHistoryResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => withdrawalHistory(app.deps, currentUser(request).id, request.query.page),
  );

  app.post(
    '/api/withdrawals/:id/cancel',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['withdrawals'],
        summary:
          'Cancel a pending withdrawal: the hold goes back to the balance (409 when the back office decided first)',
        security: bearer,
        params: IdParams,
        response: {
          200: CancelWithdrawalResponse,
          ...errorResponses(400, 401, 403, 404, 409, 419, 429),
        },
      },
    },
    async (request) => cancelWithdrawal(app.deps, currentUser(request), request.params.id, ipOf(request)),
  );
}

/** Saved destinations: list, save, replace, delete. */
function destinationRoutes(app: RouteApp): void {
  app.get(
    '/api/withdrawal-destinations',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['withdrawals'],
        summary: 'Saved withdrawal destinations (account numbers masked)',
        security: bearer,
        response: { 200: DestinationListResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => listDestinations(app.deps, currentUser(request).id),
  );

  app.post(
    '/api/withdrawal-destinations',
    {
      // Where money may go: the password given recently on this session (decision 230).
      onRequest: [app.requireMember, app.requireRecentPassword],
      schema: {
        tags: ['withdrawals'],
        summary: 'Save a bank account or a crypto wallet (address checked for its network)',
        security: bearer,
        body: DestinationRequest,
        response: { 201: DestinationResponse, ...errorResponses(400, 401, 403, 419, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createDestination(app.deps, currentUser(request).id, request.body)),
  );

  app.patch(
    '/api/withdrawal-destinations/:id',
    {
      onRequest: [app.requireMember, app.requireRecentPassword],
      schema: {
        tags: ['withdrawals'],
        summary: 'Replace a saved destination’s details',
        security: bearer,
        params: IdParams,
        body: DestinationRequest,
        response: { 200: DestinationResponse, ...errorResponses(400, 401, 403, 404, 419, 429) },
      },
    },
    async (request) => updateDestination(app.deps, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/withdrawal-destinations/:id',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['withdrawals'],
        summary: 'Delete a saved destination',
        security: bearer,
        params: IdParams,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 404, 419, 429) },
      },
    },
    async (request) => deleteDestination(app.deps, currentUser(request).id, request.params.id),
  );
}
