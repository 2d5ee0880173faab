import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminLoanApplicationActionResponse,
  AdminLoanApplicationDetailResponse,
  AdminLoanApplicationListQuery,
  AdminLoanApplicationListResponse,
  IdParams,
  LoanApplicationRejectRequest,
} from '@app/shared';
import type { RouteApp } from '../../../lib/route-app';
import { currentUser } from '../../../plugins/auth';
import { bearer, errorResponses, ipOf } from '../../auth/route-schemas';
import {
  adminApproveLoanApplication,
  adminListLoanApplications,
  adminLoanApplicationDetail,
  adminRejectLoanApplication,
} from './loan-applications.queue';

/** The back office's loan applications queue (decision 166): same URLs, roles, schemas and answers as before. */
export const adminLoanApplicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  loanApplicationReadRoutes(app);
  loanApplicationDecisionRoutes(app);
};

/** The queue as finance reads it: the applications, one application. */
function loanApplicationReadRoutes(app: RouteApp): void {
  app.get(
    '/api/admin/loan-applications',
    {
      onRequest: app.requireAdminRole('finance'),
      schema: {
        tags: ['admin'],
        summary:
          'The loan applications queue: by status (?status=pending: oldest first), member, amount range and dates, with the pending totals',
        security: bearer,
        querystring: AdminLoanApplicationListQuery,
        response: { 200: AdminLoanApplicationListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => adminListLoanApplications(app.deps, request.query),
  );

  app.get(
    '/api/admin/loan-applications/:id',
    {
      onRequest: app.requireAdminRole('finance'),
      schema: {
        tags: ['admin'],
        summary: 'One loan application with its member’s summary and the decision',
        security: bearer,
        params: IdParams,
        response: { 200: AdminLoanApplicationDetailResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => adminLoanApplicationDetail(app.deps, request.params.id),
  );
}

/** The decision on a pending application: approve it (a recent second factor) or reject it. */
function loanApplicationDecisionRoutes(app: RouteApp): void {
  app.post(
    '/api/admin/loan-applications/:id/approve',
    {
      onRequest: app.requireAdminRole('finance'),
      preHandler: app.requireReauth,
      schema: {
        tags: ['admin'],
        summary: 'Approve: the amount is paid into the balance and the schedule is created',
        security: bearer,
        params: IdParams,
        response: {
          200: AdminLoanApplicationActionResponse,
          ...errorResponses(400, 401, 403, 404, 409, 419, 422, 429),
        },
      },
    },
    async (request) => {
      const { message, item } = await adminApproveLoanApplication(
        app.deps,
        currentUser(request),
        request.params.id,
        ipOf(request),
      );
      return { message, application: item };
    },
  );

  app.post(
    '/api/admin/loan-applications/:id/reject',
    {
      onRequest: app.requireAdminRole('finance'),
      schema: {
        tags: ['admin'],
        summary: 'Reject with a reason (a code of the list and free text)',
        security: bearer,
        params: IdParams,
        body: LoanApplicationRejectRequest,
        response: {
          200: AdminLoanApplicationActionResponse,
          ...errorResponses(400, 401, 403, 404, 409, 419, 429),
        },
      },
    },
    async (request) => {
      const { message, item } = await adminRejectLoanApplication(
        app.deps,
        currentUser(request),
        request.params.id,
        request.body,
        ipOf(request),
      );
      return { message, application: item };
    },
  );
}
