import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANNOUNCEMENT_MESSAGES as M,
  AnnouncementAudienceResponse,
  AnnouncementInput,
  AnnouncementListQuery,
  AnnouncementListResponse,
  AnnouncementResponse,
  AnnouncementScheduleBody,
  IdParams,
} from '@app/shared';
import { z } from 'zod';
import type { RouteApp } from '../../lib/route-app';
import { bearer, errorResponses } from '../auth/route-schemas';
import { actorOf } from '../admin-content/guards';
import {
  announcementAudience,
  createAnnouncement,
  getAnnouncement,
  listAnnouncements,
  scheduleAnnouncement,
  sendAnnouncement,
  updateAnnouncement,
} from './announcements.service';

const reads = errorResponses(400, 401, 403, 404);
const writes = errorResponses(400, 401, 403, 404, 409, 419, 429);
const schema = (summary: string) => ({ tags: ['admin'], summary, security: bearer });

/** Announcements to members (issue 37 item 3, decision 183): superadmin and support. */
export const adminAnnouncementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.requireAdminRole('support');
  announcementReadRoutes(app, onRequest);
  announcementEditRoutes(app, onRequest);
  announcementSendRoutes(app, onRequest);
};

/** The announcements, one of them, and how many members its segment reaches. */
function announcementReadRoutes(app: RouteApp, onRequest: onRequestHookHandler): void {
  app.get(
    '/api/admin/announcements',
    {
      onRequest,
      schema: {
        ...schema('Announcements, newest first, with their delivery counts'),
        querystring: AnnouncementListQuery,
        response: { 200: AnnouncementListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAnnouncements(app.deps, request.query.page, request.query.per_page ?? 20),
  );
  app.get(
    '/api/admin/announcements/:id',
    {
      onRequest,
      schema: {
        ...schema('One announcement'),
        params: IdParams,
        response: { 200: AnnouncementResponse.shape.announcement, ...reads },
      },
    },
    async (request) => getAnnouncement(app.deps, request.params.id),
  );
  app.get(
    '/api/admin/announcements/:id/audience',
    {
      onRequest,
      schema: {
        ...schema('How many members its segment reaches now'),
        params: IdParams,
        response: { 200: AnnouncementAudienceResponse, ...reads },
      },
    },
    async (request) => ({ members: await announcementAudience(app.deps, request.params.id) }),
  );
}

/** Writing a draft and editing one not yet sent. */
function announcementEditRoutes(app: RouteApp, onRequest: onRequestHookHandler): void {
  app.post(
    '/api/admin/announcements',
    {
      onRequest,
      schema: {
        ...schema('Write an announcement (a draft)'),
        body: AnnouncementInput,
        response: { 201: AnnouncementResponse, ...errorResponses(400, 401, 403, 419, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: M.saved,
        announcement: await createAnnouncement(app.deps, actorOf(app, request), request.body),
      }),
  );
  app.put(
    '/api/admin/announcements/:id',
    {
      onRequest,
      schema: {
        ...schema('Edit a draft announcement (a scheduled one goes back to the drafts first)'),
        params: IdParams,
        body: AnnouncementInput,
        response: { 200: AnnouncementResponse, ...writes },
      },
    },
    async (request) => ({
      message: M.saved,
      announcement: await updateAnnouncement(
        app.deps,
        actorOf(app, request),
        request.params.id,
        request.body,
      ),
    }),
  );
}

/** Sending: scheduled for the job (or back to a draft), or now. */
function announcementSendRoutes(app: RouteApp, onRequest: onRequestHookHandler): void {
  app.post(
    '/api/admin/announcements/:id/schedule',
    {
      onRequest,
      // It mails the segment's members then, a notice whatever they chose: a recent second factor.
      preHandler: app.requireReauth,
      schema: {
        ...schema('Schedule the send (the job sends it then); at null makes it a draft again'),
        params: IdParams,
        body: z.object({ at: AnnouncementScheduleBody.shape.at.nullable() }),
        response: { 200: AnnouncementResponse, ...writes },
      },
    },
    async (request) => ({
      message: request.body.at ? M.scheduled : M.unscheduled,
      announcement: await scheduleAnnouncement(
        app.deps,
        actorOf(app, request),
        request.params.id,
        request.body.at ? new Date(request.body.at) : null,
      ),
    }),
  );
  app.post(
    '/api/admin/announcements/:id/send',
    {
      onRequest,
      preHandler: app.requireReauth,
      schema: {
        ...schema('Send now, in the app and by mail'),
        params: IdParams,
        response: { 200: AnnouncementResponse, ...writes },
      },
    },
    async (request) => ({
      message: M.sent,
      announcement: await sendAnnouncement(app.deps, actorOf(app, request), request.params.id),
    }),
  );
}
