import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminWithdrawalActionResponse,
  AdminWithdrawalDetailResponse,
  AdminWithdrawalListQuery,
  AdminWithdrawalListResponse,
  CreateWithdrawalRequest,
  CreateWithdrawalResponse,
  DestinationListResponse,
  DestinationRequest,
  DestinationResponse,
  IdParams,
  MessageResponse,
  WithdrawalHistoryQuery,
  WithdrawalHistoryResponse,
  WithdrawalRejectRequest,
} from '@app/shared';
import { currentUser } from '../../plugins/auth';
import { bearer, errorResponses } from '../auth/route-schemas';
import {
  createDestination,
  deleteDestination,
  listDestinations,
  updateDestination,
} from './destinations.service';
import {
  adminApproveWithdrawal,
  adminListWithdrawals,
  adminRejectWithdrawal,
  adminWithdrawalDetail,
  createWithdrawal,
  withdrawalHistory,
} from './withdrawals.service';

/** Withdrawals (spec §7, DESIGN §6), saved destinations (/withdrawal-methods) and the admin queue. */
export const withdrawalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/withdrawal',
    {
      onRequest: app.requireMember,
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
      reply.status(201).send(await createWithdrawal(app.deps, currentUser(request), request.body)),
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
      onRequest: app.requireMember,
      schema: {
        tags: ['withdrawals'],
        summary: 'Save a bank account or a crypto wallet (address checked for its network)',
        security: bearer,
        body: DestinationRequest,
        response: { 201: DestinationResponse, ...errorResponses(400, 401, 403, 419, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createDestination(app.deps, currentUser(request).id, request.body)),
  );

  app.patch(
    '/api/withdrawal-destinations/:id',
    {
      onRequest: app.requireMember,
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

  // ── Admin ──────────────────────────────────────────────────────────────────────────────────
  app.get(
    '/api/admin/withdrawals',
    {
      onRequest: app.requireAdminRole('finance'),
      schema: {
        tags: ['admin'],
        summary:
          'The withdrawals queue: by status (?status=pending: oldest first), member, amount range and dates, with the pending totals',
        security: bearer,
        querystring: AdminWithdrawalListQuery,
        response: { 200: AdminWithdrawalListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => adminListWithdrawals(app.deps, request.query),
  );

  app.get(
    '/api/admin/withdrawals/:id',
    {
      onRequest: app.requireAdminRole('finance'),
      schema: {
        tags: ['admin'],
        summary: 'One withdrawal with its member’s summary, the decision and the four-eyes threshold',
        security: bearer,
        params: IdParams,
        response: { 200: AdminWithdrawalDetailResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => adminWithdrawalDetail(app.deps, request.params.id),
  );

  app.post(
    '/api/admin/withdrawals/:id/approve',
    {
      onRequest: app.requireAdminRole('finance'),
      preHandler: app.requireReauth,
      schema: {
        tags: ['admin'],
        summary:
          'Approve (paid): the held amount leaves the platform; above the four-eyes threshold the first approval is recorded and a second admin pays',
        security: bearer,
        params: IdParams,
        response: {
          200: AdminWithdrawalActionResponse,
          ...errorResponses(400, 401, 403, 404, 409, 419, 429),
        },
      },
    },
    async (request) => adminApproveWithdrawal(app.deps, currentUser(request), request.params.id, request.ip),
  );

  app.post(
    '/api/admin/withdrawals/:id/reject',
    {
      onRequest: app.requireAdminRole('finance'),
      schema: {
        tags: ['admin'],
        summary: 'Reject with a reason (a code of the list and free text): the hold goes back to the balance',
        security: bearer,
        params: IdParams,
        body: WithdrawalRejectRequest,
        response: {
          200: AdminWithdrawalActionResponse,
          ...errorResponses(400, 401, 403, 404, 409, 419, 429),
        },
      },
    },
    async (request) =>
      adminRejectWithdrawal(app.deps, currentUser(request), request.params.id, request.body, request.ip),
  );
};
