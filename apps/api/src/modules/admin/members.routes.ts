import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminMemberDetailResponse,
  AdminMemberListQuery,
  AdminMemberListResponse,
  AdminMemberSectionResponse,
  AdminMemberStatusRequest,
  AdminMemberStatusResponse,
  AdminMemberTwoFactorResetRequest,
  AdminOverviewResponse,
  IdParams,
  MemberSectionParams,
  PageQuery,
} from '@app/shared';
import type { RouteApp } from '../../lib/route-app';
import { currentUser } from '../../plugins/auth';
import { bearer, errorResponses, ipOf } from '../auth/route-schemas';
import { changeMemberStatus, listMembers, memberDetail, memberSection } from './members.service';
import { resetMemberTwoFactor } from './member-two-factor.service';
import { overview } from './overview.service';

/** The back office's members and overview (DESIGN §6 "Admin": users, users/:id, PATCH users/:id, overview). */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  memberReadRoutes(app);
  memberStatusRoutes(app);
  overviewRoutes(app);
};

/** What finance and support read of the members: the list, one member, one page of a section. */
function memberReadRoutes(app: RouteApp): void {
  app.get(
    '/api/admin/users',
    {
      onRequest: app.requireAdminRole('finance', 'support'),
      schema: {
        tags: ['admin'],
        summary: 'Members, newest first: search by id, referral code, or the start of an email or username',
        security: bearer,
        querystring: AdminMemberListQuery,
        response: { 200: AdminMemberListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listMembers(app.deps, request.query),
  );

  app.get(
    '/api/admin/users/:id',
    {
      onRequest: app.requireAdminRole('finance', 'support'),
      schema: {
        tags: ['admin'],
        summary: 'A member: account, profile, money (finance and superadmin) and the sections to open',
        security: bearer,
        params: IdParams,
        response: { 200: AdminMemberDetailResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => memberDetail(app.deps, currentUser(request), request.params.id),
  );

  app.get(
    '/api/admin/users/:id/:section',
    {
      onRequest: app.requireAdminRole('finance', 'support'),
      schema: {
        tags: ['admin'],
        summary:
          'One page of a section of the member page: plans, loans, goals, deposits, withdrawals, ledger, sessions, security-events, notifications',
        security: bearer,
        params: MemberSectionParams,
        querystring: PageQuery,
        response: { 200: AdminMemberSectionResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      memberSection(
        app.deps,
        currentUser(request),
        request.params.id,
        request.params.section,
        request.query.page,
        request.query.per_page,
      ),
  );
}

/** Suspending or reactivating a member, removing a member's second factor (support and superadmin). */
function memberStatusRoutes(app: RouteApp): void {
  app.patch(
    '/api/admin/users/:id',
    {
      onRequest: app.requireAdminRole('support'),
      schema: {
        tags: ['admin'],
        summary: 'Suspend (every session ends at once) or reactivate a member, with a reason',
        security: bearer,
        params: IdParams,
        body: AdminMemberStatusRequest,
        response: { 200: AdminMemberStatusResponse, ...errorResponses(400, 401, 403, 404, 409, 419, 429) },
      },
    },
    async (request) =>
      changeMemberStatus(app.deps, currentUser(request), request.params.id, request.body, ipOf(request)),
  );

  app.post(
    '/api/admin/users/:id/reset-2fa',
    {
      onRequest: app.requireAdminRole('support'),
      preHandler: app.requireReauth,
      schema: {
        tags: ['admin'],
        summary:
          'Remove a member’s second factor after checking who asks (recovery codes too; every session ends), with a reason',
        security: bearer,
        params: IdParams,
        body: AdminMemberTwoFactorResetRequest,
        response: {
          200: AdminMemberStatusResponse,
          ...errorResponses(400, 401, 403, 404, 409, 419, 429),
        },
      },
    },
    async (request) =>
      resetMemberTwoFactor(
        app.deps,
        currentUser(request),
        request.params.id,
        request.body.reason,
        ipOf(request),
      ),
  );
}

/** The back office's front page: queues, money flows, new members, the last ledger check. */
function overviewRoutes(app: RouteApp): void {
  app.get(
    '/api/admin/overview',
    {
      onRequest: app.requireAdminRole('finance', 'support'),
      schema: {
        tags: ['admin'],
        summary:
          'Pending counts and oldest age per queue, money in and out and new members per day (30 days), assets under management, the last ledger check',
        security: bearer,
        response: { 200: AdminOverviewResponse, ...errorResponses(401, 403) },
      },
    },
    async () => overview(app.deps),
  );
}
