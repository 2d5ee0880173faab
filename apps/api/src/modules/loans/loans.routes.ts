import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParams,
  LOAN_LIST_LIMIT,
  LOAN_MESSAGES,
  LoanApplicationListResponse,
  LoanApplyRequest,
  LoanApplyResponse,
  LoanDetail,
  LoanListResponse,
  LoanPlanListResponse,
  LoanRepayRequest,
  LoanRepayResponse,
  MessageResponse,
} from '@app/shared';
import { currentUser } from '../../plugins/auth';
import { bearer, errorResponses, ipOf } from '../auth/route-schemas';
import type { RouteApp } from '../../lib/route-app';
import { applyForLoan, listApplications, withdrawApplication } from './loan-applications.service';
import { listLoanPlans } from './loan-plans.service';
import { getLoan, listLoans, repayLoan } from './loans.service';

const WithdrawApplicationResponse = MessageResponse.extend({
  application: LoanApplicationListResponse.element,
});

/**
 * Loans (spec §7 and DESIGN §6): plans, applications, loans with their schedule; the back office's
 * queue is admin/queues/loan-applications.routes.ts.
 */
export const loansRoutes: FastifyPluginAsyncZod = async (app) => {
  loanPlanRoutes(app);
  applicationRoutes(app);
  loanRoutes(app);
};

/** The loan plans a member can apply for. */
function loanPlanRoutes(app: RouteApp): void {
  app.get(
    '/api/loan-plans',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['loans'],
        summary:
          'Active loan plans; profit_rate and profit_interval parsed from change (null when it does not parse)',
        security: bearer,
        response: { 200: LoanPlanListResponse, ...errorResponses(401, 403) },
      },
    },
    async () => listLoanPlans(app.deps.database.db),
  );
}

/** Loan applications: apply, the list, withdraw a pending one. */
function applicationRoutes(app: RouteApp): void {
  app.post(
    '/api/loans/apply',
    {
      onRequest: app.requireMember,
      config: { idempotent: true },
      schema: {
        tags: ['loans'],
        summary: 'Apply for a loan (verified email; amount within the plan; one pending per plan)',
        security: bearer,
        body: LoanApplyRequest,
        response: { 201: LoanApplyResponse, ...errorResponses(400, 401, 403, 404, 409, 419, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await applyForLoan(app.deps, currentUser(request), request.body)),
  );

  app.get(
    '/api/loan-applications',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['loans'],
        summary: `The member’s pending loan applications and newest ${LOAN_LIST_LIMIT} others, newest first`,
        security: bearer,
        response: { 200: LoanApplicationListResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => listApplications(app.deps, currentUser(request).id),
  );

  app.post(
    '/api/loan-applications/:id/withdraw',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['loans'],
        summary: 'Withdraw (cancel) a pending application (409 when the back office decided first)',
        security: bearer,
        params: IdParams,
        response: { 200: WithdrawApplicationResponse, ...errorResponses(400, 401, 403, 404, 409, 419, 429) },
      },
    },
    async (request) => ({
      message: LOAN_MESSAGES.withdrawn,
      application: await withdrawApplication(
        app.deps,
        currentUser(request),
        request.params.id,
        ipOf(request),
      ),
    }),
  );
}

/** The member’s loans: the list, one with its schedule, repay early. */
function loanRoutes(app: RouteApp): void {
  app.get(
    '/api/loans',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['loans'],
        summary: `The member’s active loans and newest ${LOAN_LIST_LIMIT} completed ones, newest first, with what is paid, owed, next due and overdue`,
        security: bearer,
        response: { 200: LoanListResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => listLoans(app.deps, currentUser(request).id),
  );

  app.get(
    '/api/loans/:id',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['loans'],
        summary: 'One loan with its schedule and payments',
        security: bearer,
        params: IdParams,
        response: { 200: LoanDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getLoan(app.deps, currentUser(request).id, request.params.id),
  );

  app.post(
    '/api/loans/:id/repay',
    {
      onRequest: app.requireMember,
      config: { idempotent: true },
      schema: {
        tags: ['loans'],
        summary:
          'Repay everything now: outstanding principal and the interest already due (future interest waived)',
        security: bearer,
        params: IdParams,
        body: LoanRepayRequest,
        response: { 200: LoanRepayResponse, ...errorResponses(400, 401, 403, 404, 409, 419, 422, 429) },
      },
    },
    async (request) => ({
      message: LOAN_MESSAGES.repaid,
      loan: await repayLoan(app.deps, currentUser(request), request.params.id, request.body?.expected_amount),
    }),
  );
}
