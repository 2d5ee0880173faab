import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FrontQuery, FrontSettings } from '@app/shared';
import { getFrontSettings } from './settings.service';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/front',
    {
      schema: {
        tags: ['settings'],
        summary: 'Public site settings (front)',
        querystring: FrontQuery,
        response: { 200: FrontSettings },
      },
    },
    async (request) => getFrontSettings(app.deps.database.db, request.query),
  );
};
