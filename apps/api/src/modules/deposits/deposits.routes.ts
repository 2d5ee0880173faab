import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminRefundListQuery,
  AdminRefundListResponse,
  MemberRefundsResponse,
  AdminDepositActionResponse,
  AdminDepositDetailResponse,
  AdminDepositListQuery,
  AdminDepositListResponse,
  CreateDepositRequest,
  CreateDepositResponse,
  DEPOSIT_MESSAGES,
  Deposit,
  DepositListQuery,
  DepositListResponse,
  DepositTotalResponse,
  IdParams,
  DepositRejectRequest,
} from '@app/shared';
import { currentAccount, currentUser } from '../../plugins/auth';
import { bearer, errorResponses } from '../auth/route-schemas';
import {
  adminConfirmDeposit,
  adminDepositDetail,
  adminListDeposits,
  adminRejectDeposit,
  createDeposit,
  depositTotal,
  getDeposit,
  listDeposits,
} from './deposits.service';
import { adminListRefunds, memberRefunds } from './refunds.service';

/** Member deposits (spec §7 and DESIGN §6 "Deposits") and the admin's bank-transfer queue. */
export const depositsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/deposit',
    {
      onRequest: app.requireMember,
      config: { idempotent: true },
      schema: {
        tags: ['deposits'],
        summary: 'Start a deposit: bank details with a reference, or a gateway payment page',
        security: bearer,
        body: CreateDepositRequest,
        response: { 201: CreateDepositResponse, ...errorResponses(400, 401, 403, 409, 419, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createDeposit(app.deps, currentUser(request), request.body)),
  );

  app.get(
    '/api/deposits',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['deposits'],
        summary: 'The member’s deposits, newest first',
        security: bearer,
        querystring: DepositListQuery,
        response: { 200: DepositListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      listDeposits(app.deps, currentUser(request).id, request.query.page, request.query.per_page ?? 10),
  );

  app.get(
    '/api/deposits/total',
    {
      config: { withAccount: true },
      onRequest: app.requireMember,
      schema: {
        tags: ['deposits'],
        summary: 'Total of the member’s deposits that reached the balance',
        security: bearer,
        response: { 200: DepositTotalResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => depositTotal(app.deps, currentUser(request).id, currentAccount(request)?.figures),
  );

  app.get(
    '/api/deposits/refunds',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['deposits'],
        summary:
          'What the member still owes for deposits a gateway took back after they were credited, and those refunds',
        security: bearer,
        response: { 200: MemberRefundsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => memberRefunds(app.deps, currentUser(request).id),
  );

  app.get(
    '/api/deposits/:id',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['deposits'],
        summary: 'One of the member’s deposits (404 for anyone else’s)',
        security: bearer,
        params: IdParams,
        response: { 200: Deposit, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getDeposit(app.deps, currentUser(request).id, request.params.id),
  );

  // ── Admin ──────────────────────────────────────────────────────────────────────────────────
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

  app.post(
    '/api/admin/deposits/:id/confirm',
    {
      onRequest: app.requireAdminRole('finance'),
      preHandler: app.requireReauth,
      schema: {
        tags: ['admin'],
        summary: 'Confirm a pending bank transfer: the amount is credited',
        security: bearer,
        params: IdParams,
        response: {
          200: AdminDepositActionResponse,
          ...errorResponses(400, 401, 403, 404, 409, 419, 422, 429),
        },
      },
    },
    async (request) => ({
      message: DEPOSIT_MESSAGES.confirmed,
      deposit: await adminConfirmDeposit(app.deps, currentUser(request), request.params.id, request.ip),
    }),
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
    async (request) => ({
      message: DEPOSIT_MESSAGES.rejected,
      deposit: await adminRejectDeposit(
        app.deps,
        currentUser(request),
        request.params.id,
        request.body,
        request.ip,
      ),
    }),
  );
};
