import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Goal,
  GoalContributionRequest,
  GoalCreateRequest,
  GoalListResponse,
  GoalResponse,
  IdParams,
  MessageResponse,
  PlanImpactRequest,
  PlanImpactResponse,
  PreviewPlansRequest,
  PreviewPlansResponse,
} from '@app/shared';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth';
import { bearer, errorResponses } from '../auth/route-schemas';
import type { RouteApp } from '../../lib/route-app';
import { calculatePlanImpact, getGoal, listGoals, previewPlans } from './goals.service';
import { changeContribution, deleteGoal, pauseGoal, resumeGoal, saveGoal } from './goal-lifecycle.service';

/**
 * Goals (spec §7 GET /api/goals, POST /api/ai/save-goal, /api/ai/preview-plans,
 * /api/goals/calculate-plan-impact; DESIGN §6), plus the modal's POST /api/goals and pause, resume,
 * delete. The assistant's POST /api/ai/ask lives in its own module.
 */
export const goalsRoutes: FastifyPluginAsyncZod = async (app) => {
  goalReadRoutes(app);
  goalSaveRoutes(app);
  goalPlanningRoutes(app);
  goalLifecycleRoutes(app);
};

/** The member’s goals: the list and one goal. */
function goalReadRoutes(app: RouteApp): void {
  app.get(
    '/api/goals',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['goals'],
        summary: 'The member’s goals (newest first) with the summary header’s figures',
        security: bearer,
        response: { 200: GoalListResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => listGoals(app.deps, currentUser(request).id),
  );

  app.get(
    '/api/goals/:id',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['goals'],
        summary: 'One of the member’s goals, with whether it is on track (decision 187)',
        security: bearer,
        params: IdParams,
        response: { 200: Goal, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => getGoal(app.deps, currentUser(request).id, request.params.id),
  );
}

/** Saving a goal, from the modal or from the chat. */
function goalSaveRoutes(app: RouteApp): void {
  app.post(
    '/api/goals',
    {
      onRequest: app.requireMember,
      config: { idempotent: true },
      schema: {
        tags: ['goals'],
        summary: 'Create a goal and invest its first unit (the plan’s min_amount) at once',
        security: bearer,
        body: GoalCreateRequest,
        response: { 201: GoalResponse, ...errorResponses(400, 401, 403, 404, 409, 419, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await saveGoal(app.deps, currentUser(request), request.body, 'modal')),
  );

  app.post(
    '/api/ai/save-goal',
    {
      onRequest: app.requireMember,
      config: { idempotent: true },
      schema: {
        tags: ['goals'],
        summary: 'Save a goal from the chat: the same as POST /api/goals, with the message the chat shows',
        security: bearer,
        body: GoalCreateRequest,
        response: { 201: GoalResponse, ...errorResponses(400, 401, 403, 404, 409, 419, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await saveGoal(app.deps, currentUser(request), request.body, 'chat')),
  );
}

/** Planning a goal before it is saved: the plans that reach it, and how long they take. */
function goalPlanningRoutes(app: RouteApp): void {
  app.post(
    '/api/ai/preview-plans',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['goals'],
        summary:
          'Plans that can reach a target (personal or business, min_amount within the balance), best first',
        security: bearer,
        body: PreviewPlansRequest,
        response: { 200: PreviewPlansResponse, ...errorResponses(400, 401, 403, 419, 429) },
      },
    },
    async (request) => previewPlans(app.deps, currentUser(request).id, request.body),
  );

  app.post(
    '/api/goals/calculate-plan-impact',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['goals'],
        summary: 'Days to the target at one min unit per period (in the plan given, else the best plan)',
        security: bearer,
        body: PlanImpactRequest,
        response: { 200: PlanImpactResponse, ...errorResponses(400, 401, 403, 404, 419, 429) },
      },
    },
    async (request) => calculatePlanImpact(app.deps, request.body),
  );
}

/** A saved goal’s life: pause, resume, change its contribution, delete. */
function goalLifecycleRoutes(app: RouteApp): void {
  app.post(
    '/api/goals/:id/pause',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['goals'],
        summary: 'Pause an active goal’s contributions (its plans keep earning)',
        security: bearer,
        params: IdParams,
        body: z.object({}).optional(),
        response: { 200: GoalResponse, ...errorResponses(400, 401, 403, 404, 419, 422, 429) },
      },
    },
    async (request) => pauseGoal(app.deps, currentUser(request).id, request.params.id),
  );

  app.post(
    '/api/goals/:id/resume',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['goals'],
        summary: 'Resume a paused goal: the next unit one period from today',
        security: bearer,
        params: IdParams,
        body: z.object({}).optional(),
        response: { 200: GoalResponse, ...errorResponses(400, 401, 403, 404, 419, 422, 429) },
      },
    },
    async (request) => resumeGoal(app.deps, currentUser(request).id, request.params.id),
  );

  app.post(
    '/api/goals/:id/contribution',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['goals'],
        summary: 'Change what each coming period invests (within the plan’s minimum and maximum)',
        security: bearer,
        params: IdParams,
        body: GoalContributionRequest,
        response: { 200: GoalResponse, ...errorResponses(400, 401, 403, 404, 419, 422, 429) },
      },
    },
    async (request) =>
      changeContribution(app.deps, currentUser(request).id, request.params.id, request.body.amount),
  );

  app.delete(
    '/api/goals/:id',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['goals'],
        summary: 'Delete a goal; its money stays invested in its plans',
        security: bearer,
        params: IdParams,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 403, 404, 419, 429) },
      },
    },
    async (request) => deleteGoal(app.deps, currentUser(request).id, request.params.id),
  );
}
