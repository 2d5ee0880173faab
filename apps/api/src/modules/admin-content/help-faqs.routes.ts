import type { onRequestHookHandler } from 'fastify';
import {
  ADMIN_CONTENT_MESSAGES as M,
  AdminFaq,
  AdminFaqCreate,
  AdminFaqListResponse,
  AdminFaqResponse,
  AdminFaqUpdate,
  AdminFaqVersionsResponse,
  AdminHelpListQuery,
  AdminMoveRequest,
  IdParams,
  MessageResponse,
} from '@app/shared';
import type { RouteApp } from '../../lib/route-app';
import { errorResponses } from '../auth/route-schemas';
import { actorOf } from './guards';
import { faqVersions } from './help-versions';
import { reads, schema, writes } from './help-route-schemas';
import {
  createAdminFaq,
  deleteAdminFaq,
  getAdminFaq,
  listAdminFaqs,
  moveContent,
  updateAdminFaq,
} from './help.service';

/** The frequently asked questions as the back office reads them: the list, one's language versions, one. */
export function faqReadRoutes(app: RouteApp, onRequest: onRequestHookHandler): void {
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
}

/** Adding, editing, moving and deleting a question. */
export function faqEditRoutes(app: RouteApp, onRequest: onRequestHookHandler): void {
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
}
