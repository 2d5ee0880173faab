import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ASSISTANT_MESSAGES, AskRequest, AskResponse } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../plugins/auth';
import { bearer, errorResponses } from '../auth/route-schemas';
import { requestErrorLine } from '../../lib/error-line';
import { ask, chatClientFor } from './assistant.service';
import { throttleAddress } from '../../lib/client-address';

/** The assistant of My Goals (spec §7 `POST /api/ai/ask`; DESIGN §6; decisions 115 and 117). */
export const assistantRoutes: FastifyPluginAsyncZod = async (app) => {
  const client = chatClientFor(app.deps.config);

  app.post(
    '/api/ai/ask',
    {
      onRequest: app.requireMember,
      config: {
        // Per member and across nodes (Redis when REDIS_URL is set), like every write limit.
        rateLimit: {
          max: app.deps.config.ai.questionsPerMinute,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) =>
            `ai-ask:${request.auth?.user.id ?? throttleAddress(request.ip)}`,
        },
      },
      schema: {
        tags: ['goals'],
        summary:
          'Ask the assistant: answers from the member’s own figures and the help center; never moves money. ' +
          'With an external model and `Accept: text/event-stream`, server-sent events: `delta` {text} as checked text streams in, then `done` with the whole answer (which replaces the streamed text).',
        security: bearer,
        body: AskRequest,
        response: { 200: AskResponse, ...errorResponses(400, 401, 403, 419, 429) },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const { question, language } = request.body;
      const wantsStream = (request.headers.accept ?? '').includes('text/event-stream');
      if (!client || !wantsStream) return ask(app.deps, client, userId, question, language, request.log);

      const stream = new PassThrough();
      const write = (event: 'delta' | 'done' | 'error', payload: unknown) =>
        stream.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
      void ask(app.deps, client, userId, question, language, request.log, (text) => write('delta', { text }))
        .then(
          (answer) => write('done', AskResponse.parse(answer)),
          (error: unknown) => {
            request.log.error(requestErrorLine(request, error), 'assistant answer failed');
            write('error', { message: ASSISTANT_MESSAGES.askFailed });
          },
        )
        .finally(() => stream.end());
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          .header('x-accel-buffering', 'no')
          // A stream is sent as it is (no serializer), after the usual onSend hooks (security headers).
          .send(stream as unknown as AskResponse)
      );
    },
  );
};
