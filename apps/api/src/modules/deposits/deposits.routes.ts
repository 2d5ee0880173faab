import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CancelDepositResponse,
  DepositBankDetailsResponse,
  MemberRefundsResponse,
  CreateDepositRequest,
  CreateDepositResponse,
  Deposit,
  DepositListQuery,
  DepositListResponse,
  DepositTotalResponse,
  IdParams,
} from '@app/shared';
import { currentUser } from '../../plugins/auth';
import { bearer, errorResponses, ipOf } from '../auth/route-schemas';
import type { RouteApp } from '../../lib/route-app';
import {
  cancelDeposit,
  createDeposit,
  depositBankDetails,
  depositTotal,
  getDeposit,
  listDeposits,
} from './deposits.service';
import { memberRefunds } from './refunds.service';

/** Member deposits (spec §7 and DESIGN §6 "Deposits"); the back office's queue is admin/queues/deposits.routes.ts. */
export const depositsRoutes: FastifyPluginAsyncZod = async (app) => {
  newDepositAndListRoutes(app);
  oneDepositRoutes(app);
};

/** Start a deposit, and the member’s deposits: the list, the total, what gateways took back. */
function newDepositAndListRoutes(app: RouteApp): void {
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
      onRequest: app.requireMember,
      schema: {
        tags: ['deposits'],
        summary: 'Total of the member’s deposits that reached the balance',
        security: bearer,
        response: { 200: DepositTotalResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => depositTotal(app.deps, currentUser(request).id),
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
}

/** One deposit: read it, its bank details again, cancel it. */
function oneDepositRoutes(app: RouteApp): void {
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

  app.get(
    '/api/deposits/:id/bank-details',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['deposits'],
        summary: 'The bank details of a pending bank-transfer deposit, again (409 once it is not pending)',
        security: bearer,
        params: IdParams,
        response: { 200: DepositBankDetailsResponse, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => depositBankDetails(app.deps, currentUser(request).id, request.params.id),
  );

  app.post(
    '/api/deposits/:id/cancel',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['deposits'],
        summary:
          'Cancel a pending bank-transfer deposit (409 when the back office confirmed or rejected it first)',
        security: bearer,
        params: IdParams,
        response: { 200: CancelDepositResponse, ...errorResponses(400, 401, 403, 404, 409, 419, 422, 429) },
      },
    },
    async (request) => cancelDeposit(app.deps, currentUser(request), request.params.id, ipOf(request)),
  );
}
