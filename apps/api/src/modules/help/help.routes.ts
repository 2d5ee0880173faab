import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HelpArticleList, HelpFaqList, HelpListQuery, HelpRequest, MessageResponse } from '@app/shared';
import { errorResponses } from '../auth/route-schemas';
import { listArticles, listFaqs, submitHelpRequest } from './help.service';
import { throttleAddress } from '../../lib/client-address';

/** Contact-form messages one address may send: enough for a person, too few to flood the inbox. */
export const HELP_SUBMIT_MAX = 5;
export const HELP_SUBMIT_WINDOW_MS = 15 * 60_000;

/** The public help center (spec §2, §7): articles, FAQs and the contact form. */
export const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.get(
    '/api/help/articles',
    {
      schema: {
        tags: ['help'],
        summary:
          'Published help articles in the reader’s language (English where an item has no version in it)',
        querystring: HelpListQuery,
        response: { ...errorResponses(400), 200: HelpArticleList },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'public, max-age=300');
      return { data: await listArticles(db, request.query.lang) };
    },
  );

  app.get(
    '/api/help/faqs',
    {
      schema: {
        tags: ['help'],
        summary:
          'Published frequently asked questions in the reader’s language (English where an item has no version in it)',
        querystring: HelpListQuery,
        response: { ...errorResponses(400), 200: HelpFaqList },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'public, max-age=300');
      return { data: await listFaqs(db, request.query.lang) };
    },
  );

  app.post(
    '/api/help/submit',
    {
      config: {
        rateLimit: {
          max: HELP_SUBMIT_MAX,
          timeWindow: HELP_SUBMIT_WINDOW_MS,
          keyGenerator: (request) => `help:${throttleAddress(request.ip)}`,
        },
      },
      schema: {
        tags: ['help'],
        summary: 'Send a message to support (stored and mailed to the company email)',
        body: HelpRequest,
        response: { 200: MessageResponse, ...errorResponses(400, 419, 429) },
      },
    },
    async (request) =>
      submitHelpRequest(app.deps, request.body, {
        userId: request.auth?.kind === 'member' ? request.auth.user.id : null,
        log: request.log,
      }),
  );
};
