import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminDepositActionResponse,
  AdminDepositDetailResponse,
  AdminDepositListQuery,
  AdminDepositListResponse,
  AdminRefundListQuery,
  AdminRefundListResponse,
  DepositConfirmRequest,
  DepositRejectRequest,
  IdParams,
} from '@app/shared';
import type { RouteApp } from '../../../lib/route-app';
import { currentUser } from '../../../plugins/auth';
import { bearer, errorResponses, ipOf } from '../../auth/route-schemas';
import { adminListRefunds } from '../../deposits/refunds.service';
import {
  adminConfirmDeposit,
  adminDepositDetail,
  adminListDeposits,
  adminRejectDeposit,
} from './deposits.queue';

/**
 * The back office's deposits queue (bank transfers an admin confirms or rejects) and the gateway
 * refunds list (decision 166). Same URLs, roles, schemas and answers as before the queues moved here.
 */
export const adminDepositsRoutes: FastifyPluginAsyncZod = async (app) => {
  depositReadRoutes(app);
  depositDecisionRoutes(app);
};

/** The queue as finance reads it: the deposits, the gateway refunds, one deposit. */
function depositReadRoutes(app: RouteApp): void {
  app.get(
    '/api/admin/deposits',
    {
      onRequest: app.requireAdminRole('finance'),
      schema: {
        tags: ['admin'],
        summary:
          'The deposits queue (bank transfers: ?method=bank_transfer&status=pending, oldest first): by member, amount range and dates, with the pending totals',
        security: bearer,
        querystring: AdminDepositListQuery,
        response: { 200: AdminDepositListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => adminListDeposits(app.deps, request.query),
  );

  app.get(
    '/api/admin/refunds',
    {
      onRequest: app.requireAdminRole('finance'),
      schema: {
        tags: ['admin'],
        summary:
          'Gateway refunds and chargebacks of credited deposits: open ones (a member still owes) oldest first, settled or all, with the open totals',
        security: bearer,
        querystring: AdminRefundListQuery,
        response: { 200: AdminRefundListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => adminListRefunds(app.deps, request.query),
  );

  app.get(
    '/api/admin/deposits/:id',
    {
      onRequest: app.requireAdminRole('finance'),
      schema: {
        tags: ['admin'],
        summary: 'One deposit with its member’s summary and the decision',
        security: bearer,
        params: IdParams,
        response: { 200: AdminDepositDetailResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => adminDepositDetail(app.deps, request.params.id),
  );
}

/** The decision on a pending bank transfer: confirm it (a recent second factor) or reject it. */
function depositDecisionRoutes(app: RouteApp): void {
  app.post(
    '/api/admin/deposits/:id/confirm',
    {
      onRequest: app.requireAdminRole('finance'),
      preHandler: app.requireReauth,
      schema: {
        tags: ['admin'],
        summary:
          'Confirm a pending bank transfer against the bank statement line (its reference and amount): the amount is credited; above the four-eyes threshold the first confirmation is recorded and a second admin naming the same line credits it',
        security: bearer,
        params: IdParams,
        body: DepositConfirmRequest,
        response: {
          200: AdminDepositActionResponse,
          ...errorResponses(400, 401, 403, 404, 409, 419, 422, 429),
        },
      },
    },
    async (request) => {
      const { message, item } = await adminConfirmDeposit(
        app.deps,
        currentUser(request),
        request.params.id,
        request.body,
        ipOf(request),
      );
      return { message, deposit: item };
    },
  );

  app.post(
    '/api/admin/deposits/:id/reject',
    {
      onRequest: app.requireAdminRole('finance'),
      schema: {
        tags: ['admin'],
        summary: 'Reject a pending bank transfer with a reason (a code of the list and free text)',
        security: bearer,
        params: IdParams,
        body: DepositRejectRequest,
        response: {
          200: AdminDepositActionResponse,
          ...errorResponses(400, 401, 403, 404, 409, 419, 422, 429),
        },
      },
    },
    async (request) => {
      const { message, item } = await adminRejectDeposit(
        app.deps,
        currentUser(request),
        request.params.id,
        request.body,
        ipOf(request),
      );
      return { message, deposit: item };
    },
  );
}
