import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParams,
  NotificationListQuery,
  NotificationListResponse,
  NotificationPreferencesResponse,
  NotificationPreferencesSaved,
  NotificationReadResponse,
  UNREAD_COUNT_CAP,
  UpdateNotificationPreferencesBody,
} from '@app/shared';
import { currentUser } from '../../plugins/auth';
import { bearer, errorResponses } from '../auth/route-schemas';
import {
  getNotificationPreferences,
  updateNotificationPreferences,
} from './notification-preferences.service';
import { notificationLanguage } from './notification-texts';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './notifications.service';

/** The bell (DESIGN §6 "Notifications"): a member's notifications, newest first, and marking read. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  app.get(
    '/api/notifications',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['notifications'],
        summary: `The member’s notifications, newest first, with the unread count (up to ${UNREAD_COUNT_CAP})`,
        security: bearer,
        querystring: NotificationListQuery,
        response: { 200: NotificationListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // The web app asks in its UI language (?lang=); without it, the member's saved language.
      const language = notificationLanguage(request.query.lang, user.language);
      return listNotifications(db, user.id, request.query.page, request.query.per_page, language);
    },
  );

  app.post(
    '/api/notifications/:id/read',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['notifications'],
        summary: 'Mark one notification read',
        security: bearer,
        params: IdParams,
        response: { 200: NotificationReadResponse, ...errorResponses(400, 401, 403, 404, 419, 429) },
      },
    },
    async (request) =>
      markNotificationRead(db, currentUser(request).id, request.params.id, app.deps.clock.now()),
  );

  app.post(
    '/api/notifications/read-all',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['notifications'],
        summary: 'Mark every notification read',
        security: bearer,
        response: { 200: NotificationReadResponse, ...errorResponses(401, 403, 419, 429) },
      },
    },
    async (request) => markAllNotificationsRead(db, currentUser(request).id, app.deps.clock.now()),
  );

  app.get(
    '/api/notification-preferences',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['notifications'],
        summary: 'The member’s notification choices per category and channel (security is always on)',
        security: bearer,
        response: { 200: NotificationPreferencesResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => getNotificationPreferences(db, currentUser(request).id),
  );

  app.put(
    '/api/notification-preferences',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['notifications'],
        summary: 'Save notification choices: in the app and by email, per category',
        security: bearer,
        body: UpdateNotificationPreferencesBody,
        response: { 200: NotificationPreferencesSaved, ...errorResponses(400, 401, 403, 419, 429) },
      },
    },
    async (request) =>
      updateNotificationPreferences(db, currentUser(request).id, request.body, app.deps.clock.now()),
  );
};
