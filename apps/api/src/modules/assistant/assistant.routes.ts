import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AskRequest, AskResponse } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../plugins/auth';
import { bearer, errorResponses } from '../auth/route-schemas';
import { askBuiltIn } from './assistant.service';

/** The assistant of My Goals (spec §7 `POST /api/ai/ask`; DESIGN §6; decisions 115 and 117). */
export const assistantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/ai/ask',
    {
      onRequest: app.requireMember,
      config: {
        // Per member and across nodes (Redis when REDIS_URL is set), like every write limit.
        rateLimit: {
          max: app.deps.config.ai.questionsPerMinute,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => `ai-ask:${request.auth?.user.id ?? request.ip}`,
        },
      },
      schema: {
        tags: ['goals'],
        summary:
          'Ask the assistant: answers from the member’s own figures and the help center; never moves money',
        security: bearer,
        body: AskRequest,
        response: { 200: AskResponse, ...errorResponses(400, 401, 403, 419, 429) },
      },
    },
    async (request) => askBuiltIn(app.deps, currentUser(request).id, request.body.question),
  );
};
