import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_CONTENT_MESSAGES as M,
  AdminArticle,
  AdminArticleCreate,
  AdminArticleListResponse,
  AdminArticleResponse,
  AdminArticleUpdate,
  AdminArticleVersionsResponse,
  AdminFaq,
  AdminFaqCreate,
  AdminFaqListResponse,
  AdminFaqResponse,
  AdminFaqUpdate,
  AdminFaqVersionsResponse,
  AdminHelpListQuery,
  AdminHelpReply,
  AdminHelpRequestDetail,
  AdminHelpRequestListQuery,
  AdminHelpRequestListResponse,
  AdminHelpRequestResponse,
  AdminHelpRequestUpdate,
  AdminMoveRequest,
  AdminSlugParams,
  IdParams,
  MessageResponse,
} from '@app/shared';
import { bearer, errorResponses } from '../auth/route-schemas';
import { actorOf, contentGuards } from './guards';
import { articleVersions, faqVersions } from './help-versions';
import {
  createAdminArticle,
  createAdminFaq,
  deleteAdminArticle,
  deleteAdminFaq,
  getAdminArticle,
  getAdminFaq,
  getHelpRequest,
  listAdminArticles,
  listAdminFaqs,
  listHelpRequests,
  moveContent,
  replyToHelpRequest,
  updateAdminArticle,
  updateAdminFaq,
  updateHelpRequest,
} from './help.service';

const reads = errorResponses(400, 401, 403, 404);
const writes = errorResponses(400, 401, 403, 404, 419, 429);

/** Help content and the contact inbox of the back office (issue 15 item 6; DESIGN §6 help/*). */
export const adminHelpRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = contentGuards(app).help;
  const schema = (summary: string) => ({ tags: ['admin'], summary, security: bearer });

  // ── Articles ───────────────────────────────────────────────────────────────────────────────
  app.get(
    '/api/admin/help/articles',
    {
      onRequest,
      schema: {
        ...schema('Help articles in public order, published or not (search q, published)'),
        querystring: AdminHelpListQuery,
        response: { 200: AdminArticleListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAdminArticles(app.deps, request.query),
  );
  app.get(
    '/api/admin/help/articles/by-slug/:slug',
    {
      onRequest,
      schema: {
        ...schema('Every language version of one article (they share its slug), English first'),
        params: AdminSlugParams,
        response: { 200: AdminArticleVersionsResponse, ...reads },
      },
    },
    async (request) => articleVersions(app.deps, request.params.slug),
  );
  app.get(
    '/api/admin/help/articles/:id',
    {
      onRequest,
      schema: { ...schema('One help article'), params: IdParams, response: { 200: AdminArticle, ...reads } },
    },
    async (request) => getAdminArticle(app.deps, request.params.id),
  );
  app.post(
    '/api/admin/help/articles',
    {
      onRequest,
      schema: {
        ...schema('Add a help article (unpublished unless published: true); it goes last'),
        body: AdminArticleCreate,
        response: { 201: AdminArticleResponse, ...errorResponses(400, 401, 403, 419, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: M.saved,
        article: await createAdminArticle(app.deps, actorOf(app, request), request.body),
      }),
  );
  app.patch(
    '/api/admin/help/articles/:id',
    {
      onRequest,
      schema: {
        ...schema('Edit, publish or unpublish a help article'),
        params: IdParams,
        body: AdminArticleUpdate,
        response: { 200: AdminArticleResponse, ...writes },
      },
    },
    async (request) => ({
      message: M.saved,
      article: await updateAdminArticle(app.deps, actorOf(app, request), request.params.id, request.body),
    }),
  );
  app.post(
    '/api/admin/help/articles/:id/move',
    {
      onRequest,
      schema: {
        ...schema('Move a help article one place up or down in the public order'),
        params: IdParams,
        body: AdminMoveRequest,
        response: { 200: AdminArticleResponse, ...writes },
      },
    },
    async (request) => ({
      message: M.saved,
      article: (await moveContent(
        app.deps,
        actorOf(app, request),
        'article',
        request.params.id,
        request.body.direction,
      )) as AdminArticle,
    }),
  );
  app.delete(
    '/api/admin/help/articles/:id',
    {
      onRequest,
      schema: {
        ...schema('Delete a help article'),
        params: IdParams,
        response: { 200: MessageResponse, ...writes },
      },
    },
    async (request) => {
      await deleteAdminArticle(app.deps, actorOf(app, request), request.params.id);
      return { message: M.deleted };
    },
  );

  // ── FAQs ───────────────────────────────────────────────────────────────────────────────────
  app.get(
    '/api/admin/help/faqs',
    {
      onRequest,
      schema: {
        ...schema('Frequently asked questions in public order, published or not (search q, published)'),
        querystring: AdminHelpListQuery,
        response: { 200: AdminFaqListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAdminFaqs(app.deps, request.query),
  );
  app.get(
    '/api/admin/help/faqs/:id/versions',
    {
      onRequest,
      schema: {
        ...schema("A question's language versions: the English one and those linked to it by translation_of"),
        params: IdParams,
        response: { 200: AdminFaqVersionsResponse, ...reads },
      },
    },
    async (request) => faqVersions(app.deps, request.params.id),
  );
  app.get(
    '/api/admin/help/faqs/:id',
    {
      onRequest,
      schema: { ...schema('One question'), params: IdParams, response: { 200: AdminFaq, ...reads } },
    },
    async (request) => getAdminFaq(app.deps, request.params.id),
  );
  app.post(
    '/api/admin/help/faqs',
    {
      onRequest,
      schema: {
        ...schema('Add a question (unpublished unless published: true); it goes last'),
        body: AdminFaqCreate,
        response: { 201: AdminFaqResponse, ...errorResponses(400, 401, 403, 419, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: M.saved,
        faq: await createAdminFaq(app.deps, actorOf(app, request), request.body),
      }),
  );
  app.patch(
    '/api/admin/help/faqs/:id',
    {
      onRequest,
      schema: {
        ...schema('Edit, publish or unpublish a question'),
        params: IdParams,
        body: AdminFaqUpdate,
        response: { 200: AdminFaqResponse, ...writes },
      },
    },
    async (request) => ({
      message: M.saved,
      faq: await updateAdminFaq(app.deps, actorOf(app, request), request.params.id, request.body),
    }),
  );
  app.post(
    '/api/admin/help/faqs/:id/move',
    {
      onRequest,
      schema: {
        ...schema('Move a question one place up or down in the public order'),
        params: IdParams,
        body: AdminMoveRequest,
        response: { 200: AdminFaqResponse, ...writes },
      },
    },
    async (request) => ({
      message: M.saved,
      faq: (await moveContent(
        app.deps,
        actorOf(app, request),
        'faq',
        request.params.id,
        request.body.direction,
      )) as AdminFaq,
    }),
  );
  app.delete(
    '/api/admin/help/faqs/:id',
    {
      onRequest,
      schema: {
        ...schema('Delete a question'),
        params: IdParams,
        response: { 200: MessageResponse, ...writes },
      },
    },
    async (request) => {
      await deleteAdminFaq(app.deps, actorOf(app, request), request.params.id);
      return { message: M.deleted };
    },
  );

  // ── Inbox ──────────────────────────────────────────────────────────────────────────────────
  app.get(
    '/api/admin/help/requests',
    {
      onRequest,
      schema: {
        ...schema('Contact messages, oldest first by default (status, search q by email or name)'),
        querystring: AdminHelpRequestListQuery,
        response: { 200: AdminHelpRequestListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listHelpRequests(app.deps, request.query),
  );
  app.get(
    '/api/admin/help/requests/:id',
    {
      onRequest,
      schema: {
        ...schema('One contact message with its note and replies'),
        params: IdParams,
        response: { 200: AdminHelpRequestDetail, ...reads },
      },
    },
    async (request) => getHelpRequest(app.deps, request.params.id),
  );
  app.patch(
    '/api/admin/help/requests/:id',
    {
      onRequest,
      schema: {
        ...schema('Set the status (open, answered, closed) or the internal note'),
        params: IdParams,
        body: AdminHelpRequestUpdate,
        response: { 200: AdminHelpRequestResponse, ...writes },
      },
    },
    async (request) => ({
      message: M.saved,
      request: await updateHelpRequest(app.deps, actorOf(app, request), request.params.id, request.body),
    }),
  );
  app.post(
    '/api/admin/help/requests/:id/reply',
    {
      onRequest,
      schema: {
        ...schema('Reply by mail to the sender; the message becomes answered'),
        params: IdParams,
        body: AdminHelpReply,
        response: { 200: AdminHelpRequestResponse, ...writes },
      },
    },
    async (request) => ({
      message: M.replySent,
      request: await replyToHelpRequest(app.deps, actorOf(app, request), request.params.id, request.body),
    }),
  );
};
