import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import {
  AdminKycActionResponse,
  AdminKycDetailResponse,
  AdminKycListQuery,
  AdminKycListResponse,
  AdminKycRejectRequest,
  IdParams,
  KYC_MAX_BYTES,
  KycActionResponse,
  KycSideParams,
  KycStateResponse,
  KycSubmitRequest,
  KycUploadQuery,
  KycUploadResponse,
  KycUserParams,
} from '@app/shared';
import { auditActor, currentUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { bearer, errorResponses, ipOf } from '../auth/route-schemas';
import type { RouteApp } from '../../lib/route-app';
import { adminDecideKyc, adminKycDetail, adminListKyc } from './kyc-admin.service';
import { kycState, readDocument, submitVerification, uploadDocument } from './kyc.service';
import { throttleAddress } from '../../lib/client-address';

/** A stored document as a download: never cached, never sniffed by the browser, never a public path. */
function sendFile(reply: FastifyReply, file: { mime: string; bytes: Buffer }) {
  return reply
    .header('content-type', file.mime)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .send(file.bytes);
}

/** Identity verification (issue 37 item 1, decisions 180 and 181): the member's routes and the queue. */
export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  // The file is the body, whatever the Content-Type says: its real type is read from its bytes.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: KYC_MAX_BYTES + 1 }, (_r, body, done) => {
    done(null, body);
  });
  const reviewer = app.requireAdminRole('support');
  memberKycRoutes(app);
  kycQueueRoutes(app, reviewer);
  kycDecisionRoutes(app, reviewer);
};

/** The member's side: the state, one document up or back, and sending them for review. */
function memberKycRoutes(app: RouteApp): void {
  const member = { onRequest: app.requireMember, security: bearer };

  app.get(
    '/api/kyc',
    {
      onRequest: member.onRequest,
      schema: {
        tags: ['kyc'],
        summary: 'The member’s identity verification: status, reason, drafts and the withdrawal limit',
        security: bearer,
        response: { 200: KycStateResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ kyc: await kycState(app.deps, app.deps.database.db, currentUser(request).id) }),
  );

  app.post(
    '/api/kyc/documents/:side',
    {
      onRequest: member.onRequest,
      config: {
        rateLimit: {
          max: 10,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) =>
            `kyc-upload:${request.auth?.user.id ?? throttleAddress(request.ip)}`,
        },
      },
      schema: {
        tags: ['kyc'],
        summary: 'Upload one document (the file is the body: PDF, JPEG or PNG, at most 5 MB)',
        security: bearer,
        params: KycSideParams,
        querystring: KycUploadQuery,
        response: { 201: KycUploadResponse, ...errorResponses(400, 401, 403, 409, 419, 429) },
      },
    },
    async (request, reply) => {
      const result = await uploadDocument(
        app.deps,
        currentUser(request),
        request.params.side,
        request.body,
        request.log,
      );
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/api/kyc/documents/:id',
    {
      onRequest: member.onRequest,
      schema: {
        tags: ['kyc'],
        summary: 'One of the member’s own documents',
        security: bearer,
        params: IdParams,
      },
    },
    async (request, reply) =>
      sendFile(reply, await readDocument(app.deps, request.params.id, currentUser(request).id)),
  );

  app.post(
    '/api/kyc/submit',
    {
      onRequest: member.onRequest,
      schema: {
        tags: ['kyc'],
        summary: 'Send the uploaded documents for review',
        security: bearer,
        body: KycSubmitRequest,
        response: { 200: KycActionResponse, ...errorResponses(400, 401, 403, 409, 419, 429) },
      },
    },
    async (request) => submitVerification(app.deps, currentUser(request), request.body),
  );
}

/** The back office's queue (support): the list, a member's document, one verification. */
function kycQueueRoutes(app: RouteApp, reviewer: onRequestHookHandler): void {
  app.get(
    '/api/admin/kyc',
    {
      onRequest: reviewer,
      schema: {
        tags: ['admin'],
        summary: 'The identity verification queue (support): by status, oldest first, a page from `cursor`',
        security: bearer,
        querystring: AdminKycListQuery,
        response: { 200: AdminKycListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => adminListKyc(app.deps, request.query),
  );

  app.get(
    '/api/admin/kyc/documents/:id',
    {
      onRequest: reviewer,
      schema: { tags: ['admin'], summary: 'A member’s document, inline', security: bearer, params: IdParams },
    },
    async (request, reply) => {
      const document = await readDocument(app.deps, request.params.id);
      // Who opened a member's identity document, and when (ASVS V7/V8: access to sensitive data is
      // logged); the document's side and owner, never its content.
      await recordAudit(app.deps.database.db, {
        ...auditActor(request),
        action: 'kyc.document_viewed',
        subjectType: 'kyc_document',
        subjectId: String(request.params.id),
        after: { user_id: document.userId, side: document.side },
        createdAt: app.deps.clock.now(),
      });
      return sendFile(reply, document);
    },
  );

  app.get(
    '/api/admin/kyc/:userId',
    {
      onRequest: reviewer,
      schema: {
        tags: ['admin'],
        summary: 'One verification: the documents and the member’s profile',
        security: bearer,
        params: KycUserParams,
        response: { 200: AdminKycDetailResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => adminKycDetail(app.deps, request.params.userId),
  );
}

/** The reviewer's decision on a submitted verification (support, audited): approve or reject. */
function kycDecisionRoutes(app: RouteApp, reviewer: onRequestHookHandler): void {
  app.post(
    '/api/admin/kyc/:userId/approve',
    {
      onRequest: reviewer,
      schema: {
        tags: ['admin'],
        summary: 'Approve a submitted verification (audited)',
        security: bearer,
        params: KycUserParams,
        response: { 200: AdminKycActionResponse, ...errorResponses(400, 401, 403, 404, 409, 419, 429) },
      },
    },
    async (request) =>
      adminDecideKyc(app.deps, currentUser(request), request.params.userId, ipOf(request), {
        status: 'approved',
      }),
  );

  app.post(
    '/api/admin/kyc/:userId/reject',
    {
      onRequest: reviewer,
      schema: {
        tags: ['admin'],
        summary: 'Reject with a reason the member reads (audited)',
        security: bearer,
        params: KycUserParams,
        body: AdminKycRejectRequest,
        response: { 200: AdminKycActionResponse, ...errorResponses(400, 401, 403, 404, 409, 419, 429) },
      },
    },
    async (request) =>
      adminDecideKyc(app.deps, currentUser(request), request.params.userId, ipOf(request), {
        status: 'rejected',
        reason: request.body.reason,
      }),
  );
}
