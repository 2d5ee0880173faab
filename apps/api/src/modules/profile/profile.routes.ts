import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UpdateProfileRequest, UpdateProfileResponse } from '@app/shared';
import { currentUser } from '../../plugins/auth';
import { bearer, errorResponses, requestMeta } from '../auth/route-schemas';
import { updateProfile } from './profile.service';

/** The member's compliance profile; it is read with the user in GET /api/me. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/api/profile/update',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['profile'],
        summary: 'Change the profile (country, legal name and address, phone, regulatory answers)',
        security: bearer,
        body: UpdateProfileRequest,
        response: { 200: UpdateProfileResponse, ...errorResponses(400, 401, 403, 419, 429) },
      },
    },
    async (request) => updateProfile(app.deps, currentUser(request), request.body, requestMeta(request)),
  );
};
