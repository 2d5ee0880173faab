import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_CONTENT_MESSAGES as M,
  AdminCatalogueListQuery,
  AdminLoanPlan,
  AdminLoanPlanCreate,
  AdminLoanPlanListResponse,
  AdminLoanPlanResponse,
  AdminLoanPlanUpdate,
  AdminPlanCreate,
  AdminPlanDetail,
  AdminPlanListResponse,
  AdminPlanResponse,
  AdminPlanUpdate,
  IdParams,
} from '@app/shared';
import { bearer, errorResponses } from '../auth/route-schemas';
import {
  createAdminLoanPlan,
  createAdminPlan,
  getAdminLoanPlan,
  getAdminPlan,
  listAdminLoanPlans,
  listAdminPlans,
  updateAdminLoanPlan,
  updateAdminPlan,
} from './catalogue.service';
import type { RouteApp } from '../../lib/route-app';
import { actorOf, contentGuards } from './guards';

/**
 * The plan and loan-plan catalogues of the back office (issue 15 item 4; DESIGN §6 CRUD plans,
 * loan-plans). Adding or editing a plan asks for a second factor from the last 10 minutes: its rates
 * and limits decide what the accruals pay out and what is lent (decision 211).
 */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = contentGuards(app).catalogue;
  planReadRoutes(app, onRequest);
  planEditRoutes(app, onRequest);
  loanPlanReadRoutes(app, onRequest);
  loanPlanEditRoutes(app, onRequest);
};

/** The investment plans, active and inactive, and one of them. */
function planReadRoutes(app: RouteApp, onRequest: onRequestHookHandler): void {
  app.get(
    '/api/admin/plans',
    {
      onRequest,
      schema: {
        tags: ['admin'],
        summary: 'Investment plans of the catalogue, active and inactive (search q, status, sort)',
        security: bearer,
        querystring: AdminCatalogueListQuery,
        response: { 200: AdminPlanListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAdminPlans(app.deps, request.query),
  );

  app.get(
    '/api/admin/plans/:id',
    {
      onRequest,
      schema: {
        tags: ['admin'],
        summary: 'One investment plan',
        security: bearer,
        params: IdParams,
        response: { 200: AdminPlanDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getAdminPlan(app.deps, request.params.id),
  );
}

/** Adding and editing an investment plan, each with a recent second factor. */
function planEditRoutes(app: RouteApp, onRequest: onRequestHookHandler): void {
  app.post(
    '/api/admin/plans',
    {
      onRequest,
      preHandler: app.requireReauth,
      schema: {
        tags: ['admin'],
        summary: 'Add an investment plan (amounts in dollars, rates in basis points)',
        security: bearer,
        body: AdminPlanCreate,
        response: { 201: AdminPlanResponse, ...errorResponses(400, 401, 403, 419, 429) },
      },
    },
    async (request, reply) => {
      const plan = await createAdminPlan(app.deps, actorOf(app, request), request.body);
      return reply.status(201).send({ message: M.planCreated, plan });
    },
  );

  app.patch(
    '/api/admin/plans/:id',
    {
      onRequest,
      preHandler: app.requireReauth,
      schema: {
        tags: ['admin'],
        summary:
          'Edit, activate or deactivate a plan; what members hold keeps its snapshot, and a rate change reaches renewals after the notice',
        security: bearer,
        params: IdParams,
        body: AdminPlanUpdate,
        response: { 200: AdminPlanResponse, ...errorResponses(400, 401, 403, 404, 419, 429) },
      },
    },
    async (request) => ({
      message: M.planUpdated,
      ...(await updateAdminPlan(app.deps, actorOf(app, request), request.params.id, request.body)),
    }),
  );
}

/** The loan plans, active and inactive, and one of them. */
function loanPlanReadRoutes(app: RouteApp, onRequest: onRequestHookHandler): void {
  app.get(
    '/api/admin/loan-plans',
    {
      onRequest,
      schema: {
        tags: ['admin'],
        summary: 'Loan plans of the catalogue, active and inactive (search q, status, sort)',
        security: bearer,
        querystring: AdminCatalogueListQuery,
        response: { 200: AdminLoanPlanListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAdminLoanPlans(app.deps, request.query),
  );

  app.get(
    '/api/admin/loan-plans/:id',
    {
      onRequest,
      schema: {
        tags: ['admin'],
        summary: 'One loan plan',
        security: bearer,
        params: IdParams,
        response: { 200: AdminLoanPlan, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getAdminLoanPlan(app.deps, request.params.id),
  );
}

/** Adding and editing a loan plan, each with a recent second factor. */
function loanPlanEditRoutes(app: RouteApp, onRequest: onRequestHookHandler): void {
  app.post(
    '/api/admin/loan-plans',
    {
      onRequest,
      preHandler: app.requireReauth,
      schema: {
        tags: ['admin'],
        summary: 'Add a loan plan (rate in basis points per interval, amounts in dollars)',
        security: bearer,
        body: AdminLoanPlanCreate,
        response: { 201: AdminLoanPlanResponse, ...errorResponses(400, 401, 403, 419, 429) },
      },
    },
    async (request, reply) => {
      const plan = await createAdminLoanPlan(app.deps, actorOf(app, request), request.body);
      return reply.status(201).send({ message: M.planCreated, plan });
    },
  );

  app.patch(
    '/api/admin/loan-plans/:id',
    {
      onRequest,
      preHandler: app.requireReauth,
      schema: {
        tags: ['admin'],
        summary: 'Edit, activate or deactivate a loan plan; loans already made keep their snapshot',
        security: bearer,
        params: IdParams,
        body: AdminLoanPlanUpdate,
        response: { 200: AdminLoanPlanResponse, ...errorResponses(400, 401, 403, 404, 419, 422, 429) },
      },
    },
    async (request) => ({
      message: M.planUpdated,
      plan: await updateAdminLoanPlan(app.deps, actorOf(app, request), request.params.id, request.body),
    }),
  );
}
