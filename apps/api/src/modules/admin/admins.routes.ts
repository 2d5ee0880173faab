import { z } from 'zod';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminAccountResponse,
  AdminIdParams,
  AdminListQuery,
  AdminListResponse,
  AuditLogQuery,
  AuditLogResponse,
  CreateAdminRequest,
  UpdateAdminRequest,
} from '@app/shared';
import { currentAdmin } from '../../plugins/auth';
import { bearer, errorResponses, ipOf } from '../auth/route-schemas';
import { createAdmin, listAdmins, updateAdmin, type Actor } from './admins.service';
import { exportAudit, listAudit } from '../audit/audit.service';
import { readAhead } from '../../lib/read-ahead';
import type { RouteApp } from '../../lib/route-app';

/**
 * Admins management and the audit log (issue 15 items 1, 7; decisions 120, 121): superadmin only;
 * creating an admin and changing a role or status need a second factor from the last 10 minutes.
 */
export const adminsRoutes: FastifyPluginAsyncZod = async (app) => {
  const superadmin = app.requireAdminRole();
  adminAccountRoutes(app, superadmin);
  auditLogRoutes(app, superadmin);
};

function actorOf(request: Parameters<typeof currentAdmin>[0]): Actor {
  const { user, role } = currentAdmin(request);
  return { user, role, ip: ipOf(request) };
}

/** The admin accounts: the list, creating one, changing one's role or status. */
function adminAccountRoutes(app: RouteApp, superadmin: onRequestHookHandler): void {
  app.get(
    '/api/admin/admins',
    {
      onRequest: superadmin,
      schema: {
        tags: ['admin'],
        summary: 'Admin accounts with role, status and whether 2FA is set up (superadmin)',
        security: bearer,
        querystring: AdminListQuery,
        response: { 200: AdminListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAdmins(app.deps, request.query),
  );

  app.post(
    '/api/admin/admins',
    {
      onRequest: superadmin,
      preHandler: app.requireReauth,
      schema: {
        tags: ['admin'],
        summary: 'Create an admin of a role (superadmin, recent second factor); audited',
        security: bearer,
        body: CreateAdminRequest,
        response: { 201: AdminAccountResponse, ...errorResponses(400, 401, 403, 419, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createAdmin(app.deps, actorOf(request), request.body)),
  );

  app.patch(
    '/api/admin/admins/:id',
    {
      onRequest: superadmin,
      preHandler: app.requireReauth,
      schema: {
        tags: ['admin'],
        summary:
          'Change another admin’s role or status (superadmin, recent second factor, never oneself); disabling ends its sessions; audited',
        security: bearer,
        params: AdminIdParams,
        body: UpdateAdminRequest,
        response: { 200: AdminAccountResponse, ...errorResponses(400, 401, 403, 404, 419, 422, 429) },
      },
    },
    async (request) => updateAdmin(app.deps, actorOf(request), request.params.id, request.body),
  );
}

/** The audit log: one page of it, or every page of the same filters as CSV. */
function auditLogRoutes(app: RouteApp, superadmin: onRequestHookHandler): void {
  app.get(
    '/api/admin/audit-log',
    {
      onRequest: superadmin,
      schema: {
        tags: ['admin'],
        summary:
          'The audit log, newest first: filters by actor (id or email), action (or "prefix."), object and dates; paged',
        security: bearer,
        querystring: AuditLogQuery,
        response: { 200: AuditLogResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAudit(app.deps.database.db, request.query),
  );

  app.get(
    '/api/admin/audit-log/export',
    {
      onRequest: superadmin,
      schema: {
        tags: ['admin'],
        summary: 'The audit log of the filters as CSV (every page, streamed)',
        security: bearer,
        querystring: AuditLogQuery,
        produces: ['text/csv'],
        // 200 is a text/csv stream, sent as it is (Fastify never serializes a stream).
        response: { 200: z.unknown().describe('text/csv'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const day = app.deps.clock.now().toISOString().slice(0, 10);
      const csv = await readAhead(exportAudit(app.deps.database.db, request.query));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
