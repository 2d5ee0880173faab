import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EmailChangeConfirmRequest,
  EmailChangeRequest,
  EmailChangeResponse,
  EmailChangeUndoRequest,
  MessageResponse,
} from '@app/shared';
import { currentUser } from '../../plugins/auth';
import { bearer, errorResponses, requestMeta } from '../auth/route-schemas';
import { confirmEmailChange, requestEmailChange, undoEmailChange } from './email-change.service';

/** Change of email from Account settings, and the undo link mailed to the old address (decision 175). */
export const emailChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/email-change',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['auth'],
        summary: 'Ask to change the email: mails a 6-digit code to the new address',
        security: bearer,
        body: EmailChangeRequest,
        response: { 200: EmailChangeResponse, ...errorResponses(400, 401, 403, 419, 422, 429) },
      },
    },
    async (request) => requestEmailChange(app.deps, currentUser(request), request.body, requestMeta(request)),
  );

  app.post(
    '/api/email-change/confirm',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['auth'],
        summary: 'Confirm the change with the mailed code; the old address gets an undo link',
        security: bearer,
        body: EmailChangeConfirmRequest,
        response: { 200: EmailChangeResponse, ...errorResponses(400, 401, 403, 419, 422, 429) },
      },
    },
    async (request) =>
      confirmEmailChange(app.deps, currentUser(request), request.body.code, requestMeta(request)),
  );

  app.post(
    '/api/email-change/undo',
    {
      schema: {
        tags: ['auth'],
        summary: 'Restore the previous address with the mailed link; signs out every session',
        body: EmailChangeUndoRequest,
        response: { 200: MessageResponse, ...errorResponses(400, 419, 422, 429) },
      },
    },
    async (request) => undoEmailChange(app.deps, request.body.token, requestMeta(request)),
  );
};
