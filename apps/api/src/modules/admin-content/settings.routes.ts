import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminSettingsResponse, AdminSettingsUpdate } from '@app/shared';
import { z } from 'zod';
import { bearer, errorResponses } from '../auth/route-schemas';
import { actorOf, contentGuards } from './guards';
import { getAdminSettings, updateAdminSettings } from './settings.service';

/** The site settings of the back office (issue 15 item 5; DESIGN §6 GET/PUT settings). */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guards = contentGuards(app);

  app.get(
    '/api/admin/settings',
    {
      onRequest: guards.settings,
      schema: {
        tags: ['admin'],
        summary: 'The site settings (superadmin)',
        security: bearer,
        response: { 200: AdminSettingsResponse, ...errorResponses(401, 403) },
      },
    },
    async () => getAdminSettings(app.deps),
  );

  app.put(
    '/api/admin/settings',
    {
      onRequest: guards.settings,
      preHandler: app.requireReauth,
      schema: {
        tags: ['admin'],
        summary: 'Change the settings sent (superadmin, second factor in the last 10 minutes)',
        security: bearer,
        body: AdminSettingsUpdate,
        response: {
          200: AdminSettingsResponse.extend({ message: z.string() }),
          ...errorResponses(400, 401, 403, 419, 429),
        },
      },
    },
    async (request) => updateAdminSettings(app.deps, actorOf(app, request), request.body),
  );
};
