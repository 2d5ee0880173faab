import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_CONTENT_MESSAGES as M,
  AdminHelpReply,
  AdminHelpRequestDetail,
  AdminHelpRequestListQuery,
  AdminHelpRequestListResponse,
  AdminHelpRequestResponse,
  AdminHelpRequestUpdate,
  IdParams,
} from '@app/shared';
import type { RouteApp } from '../../lib/route-app';
import { errorResponses } from '../auth/route-schemas';
import { actorOf, contentGuards } from './guards';
import { articleEditRoutes, articleReadRoutes } from './help-articles.routes';
import { faqEditRoutes, faqReadRoutes } from './help-faqs.routes';
import { reads, schema, writes } from './help-route-schemas';
import {
  getHelpRequest,
  listHelpRequests,
  replyToHelpRequest,
  updateHelpRequest,
} from './help-inbox.service';

/** Help content and the contact inbox of the back office (issue 15 item 6; DESIGN §6 help/*). */
export const adminHelpRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = contentGuards(app).help;
  articleReadRoutes(app, onRequest);
  articleEditRoutes(app, onRequest);
  faqReadRoutes(app, onRequest);
  faqEditRoutes(app, onRequest);
  inboxRoutes(app, onRequest);
};

/** The contact inbox: the messages, one with its note and replies, its status or note, a reply by mail. */
function inboxRoutes(app: RouteApp, onRequest: onRequestHookHandler): void {
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
}
