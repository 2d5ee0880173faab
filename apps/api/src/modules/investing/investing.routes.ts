import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CompoundingRequest,
  ExitQuote,
  ExitRequest,
  IdParams,
  InvestRequest,
  InvestResponse,
  RenewalRequest,
  UserPlanActionResponse,
  UserPlanDetail,
  UserPlanListQuery,
  UserPlanListResponse,
} from '@app/shared';
import { currentUser } from '../../plugins/auth';
import { bearer, errorResponses } from '../auth/route-schemas';
import type { RouteApp } from '../../lib/route-app';
import { exitQuote, exitUserPlan } from './exit.service';
import {
  getUserPlan,
  invest,
  listUserPlans,
  lockUserPlan,
  setCompounding,
  withdrawUserPlan,
} from './investing.service';
import { setRenewal } from './renewal.service';

/** Investing (spec §7 POST /api/invest, GET /api/pp, POST /api/pp/:id/lock; DESIGN §6). */
export const investingRoutes: FastifyPluginAsyncZod = async (app) => {
  investAndReadRoutes(app);
  planActionRoutes(app);
  earlyExitRoutes(app);
  planChoiceRoutes(app);
};

/** Invest, and the member’s plans: the list and one plan. */
function investAndReadRoutes(app: RouteApp): void {
  app.post(
    '/api/invest',
    {
      onRequest: app.requireMember,
      config: { idempotent: true },
      schema: {
        tags: ['investing'],
        summary: 'Invest an amount of the balance in a plan',
        security: bearer,
        body: InvestRequest,
        response: { 201: InvestResponse, ...errorResponses(400, 401, 403, 404, 409, 419, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await invest(app.deps, currentUser(request), request.body)),
  );

  app.get(
    '/api/pp',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['investing'],
        summary: 'The member’s plans (active, locked, completed, cancelled), newest first',
        security: bearer,
        querystring: UserPlanListQuery,
        response: { 200: UserPlanListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      listUserPlans(app.deps, currentUser(request).id, request.query.page, request.query.per_page),
  );

  app.get(
    '/api/pp/:id',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['investing'],
        summary:
          'One of the member’s plans with its latest earning days, at most 366 (404 for anyone else’s)',
        security: bearer,
        params: IdParams,
        response: { 200: UserPlanDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getUserPlan(app.deps, currentUser(request).id, request.params.id),
  );
}

/** What a member does to a running plan: lock a fixed term, or end a flexible one. */
function planActionRoutes(app: RouteApp): void {
  app.post(
    '/api/pp/:id/lock',
    {
      onRequest: app.requireMember,
      config: { idempotent: true },
      schema: {
        tags: ['investing'],
        summary: 'Lock an active plan for its locked rate (irreversible)',
        security: bearer,
        params: IdParams,
        response: { 200: UserPlanActionResponse, ...errorResponses(400, 401, 403, 404, 409, 419, 422, 429) },
      },
    },
    async (request) => lockUserPlan(app.deps, currentUser(request).id, request.params.id),
  );

  app.post(
    '/api/pp/:id/withdraw',
    {
      onRequest: app.requireMember,
      config: { idempotent: true },
      schema: {
        tags: ['investing'],
        summary: 'End an active flexible plan: the amount goes back to the balance',
        security: bearer,
        params: IdParams,
        response: { 200: UserPlanActionResponse, ...errorResponses(400, 401, 403, 404, 409, 419, 422, 429) },
      },
    },
    async (request) => withdrawUserPlan(app.deps, currentUser(request).id, request.params.id),
  );
}

/** Leaving a fixed-term plan early: a quote, then exactly that quote executed. */
function earlyExitRoutes(app: RouteApp): void {
  app.get(
    '/api/pp/:id/exit-quote',
    {
      onRequest: app.requireMember,
      // Each quote is a row kept for good (decision 186) and locks the plan: limited as writes are.
      config: { writes: true },
      schema: {
        tags: ['investing'],
        summary: 'What leaving an active fixed-term plan today gives (a quote valid for 60 s)',
        security: bearer,
        params: IdParams,
        response: { 200: ExitQuote, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => exitQuote(app.deps, currentUser(request).id, request.params.id),
  );

  app.post(
    '/api/pp/:id/exit',
    {
      onRequest: app.requireMember,
      config: { idempotent: true },
      schema: {
        tags: ['investing'],
        summary: 'Leave a fixed-term plan early by executing exactly its latest quote',
        security: bearer,
        params: IdParams,
        body: ExitRequest,
        response: { 200: UserPlanActionResponse, ...errorResponses(400, 401, 403, 404, 409, 419, 422, 429) },
      },
    },
    async (request) =>
      exitUserPlan(app.deps, currentUser(request).id, request.params.id, request.body.quote_id),
  );
}

/** A running plan’s standing choices: what its end does, and whether it reinvests its earnings. */
function planChoiceRoutes(app: RouteApp): void {
  app.put(
    '/api/pp/:id/renewal',
    {
      onRequest: app.requireMember,
      config: { idempotent: true },
      schema: {
        tags: ['investing'],
        summary:
          'Choose what the end of a fixed term does: back to cash, or renew (with or without earnings)',
        security: bearer,
        params: IdParams,
        body: RenewalRequest,
        response: { 200: UserPlanActionResponse, ...errorResponses(400, 401, 403, 404, 409, 419, 422, 429) },
      },
    },
    async (request) =>
      setRenewal(app.deps, currentUser(request).id, request.params.id, request.body.at_maturity),
  );

  app.put(
    '/api/pp/:id/compounding',
    {
      onRequest: app.requireMember,
      config: { idempotent: true },
      schema: {
        tags: ['investing'],
        summary: 'Turn “reinvest earnings” on or off for a running plan (from the next daily accrual)',
        security: bearer,
        params: IdParams,
        body: CompoundingRequest,
        response: { 200: UserPlanActionResponse, ...errorResponses(400, 401, 403, 404, 409, 419, 422, 429) },
      },
    },
    async (request) =>
      setCompounding(app.deps, currentUser(request).id, request.params.id, request.body.reinvest),
  );
}
