import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminWithdrawalActionResponse,
  AdminWithdrawalDetailResponse,
  AdminWithdrawalListQuery,
  AdminWithdrawalListResponse,
  IdParams,
  WithdrawalRejectRequest,
} from '@app/shared';
import { currentUser } from '../../../plugins/auth';
import { bearer, errorResponses, ipOf } from '../../auth/route-schemas';
import {
  adminApproveWithdrawal,
  adminListWithdrawals,
  adminRejectWithdrawal,
  adminWithdrawalDetail,
} from './withdrawals.queue';

/** The back office's withdrawals queue (decision 166): same URLs, roles, schemas and answers as before. */
export const adminWithdrawalsRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) =>
      adminApproveWithdrawal(app.deps, currentUser(request), request.params.id, ipOf(request)),
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
      adminRejectWithdrawal(app.deps, currentUser(request), request.params.id, request.body, ipOf(request)),
  );
};
