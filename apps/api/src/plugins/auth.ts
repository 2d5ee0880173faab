import type {
  FastifyInstance,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import {
  ADMIN_MESSAGES,
  ADMIN_REAUTH_MINUTES,
  ADMIN_ROLES,
  AUTH_MESSAGES,
  MEMBER_REAUTH_MINUTES,
  type AdminRole,
} from '@app/shared';
import type { AuthUser } from '@app/db';
import { AppError } from '../errors';
import { verifyToken, type TokenKind } from '../modules/auth/token.service';
import { clientAddress } from '../lib/client-address';

export interface AuthContext {
  tokenId: number;
  kind: TokenKind;
  /** The user without credentials: a service that checks one reads it itself (decision 148). */
  user: AuthUser;
  /** When the caller last proved who they are on this token: the sign-in, then each reauthentication. */
  reauthAt: Date | null;
}

/** What the role guard of one admin route allows (read by the table-driven role test). */
export interface AdminRouteGuard {
  method: string;
  url: string;
  /** The roles the route admits (superadmin is always among them); null: no admin guard at all. */
  roles: readonly AdminRole[] | null;
  /** The route also needs a second factor from the last 10 minutes (`requireReauth`). */
  reauth: boolean;
  /** Reachable without an admin session on purpose (`config.adminPublic`: the sign-in steps). */
  public: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * An /api/admin route that is reachable without an admin session on purpose (the sign-in steps).
     * Every other /api/admin route must carry a role guard; the role test enforces it.
     */
    adminPublic?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** onRequest hook of a route: a signed-in member (member token, active account). */
    requireMember: onRequestHookHandler;
    /** onRequest hook of a route: a signed-in admin of any role (admin token, admin role). */
    requireAdmin: onRequestHookHandler;
    /**
     * onRequest hook factory: a signed-in admin whose role is one of `roles`; superadmin is always
     * admitted. 401 without an admin session, 403 for a member token or another role.
     */
    requireAdminRole: (...roles: AdminRole[]) => onRequestHookHandler;
    /**
     * preHandler of an admin route that moves money, settings or roles: a second factor given in the
     * last 10 minutes on this session, else 403 `REAUTH_REQUIRED` (POST /api/admin/reauth opens it).
     */
    requireReauth: preHandlerHookHandler;
    /**
     * onRequest hook of a member route a stolen session could use to take money or the account (after
     * `requireMember`): the password given in the last 10 minutes on this session (the sign-in counts),
     * else 403 `REAUTH_REQUIRED` (POST /api/confirm-password opens it). Before the Idempotency-Key is
     * claimed, so the same key is sent again after the password (decision 230).
     */
    requireRecentPassword: onRequestHookHandler;
    /** Every /api/admin route of this app with its guard, in registration order. */
    adminRouteGuards: AdminRouteGuard[];
  }
}

/** The roles a guard hook admits, attached to the hook function so that onRoute can read them. */
const GUARD_ROLES = Symbol('adminGuardRoles');
type TaggedHook = onRequestHookHandler & { [GUARD_ROLES]?: readonly AdminRole[] };

function hooksOf(value: unknown): unknown[] {
  if (!value) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * Resolves `Authorization: Bearer <id>|<secret>` into `request.auth` on every request (after the global
 * hooks: security headers, CSRF): who is calling, nothing else. The guards below decide what the
 * caller may open.
 */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header || !header.startsWith('Bearer ')) return;
    const verified = await verifyToken(app.deps.database.db, header.slice(7).trim(), app.deps.clock.now());
    if (verified && verified.user.status === 'active') request.auth = verified;
  });

  // Synchronous (done callback): the token was read by the hook above; nothing is left to wait for.
  const requireMember: onRequestHookHandler = (request, _reply, done) => {
    const auth = request.auth;
    if (!auth) return done(new AppError('UNAUTHENTICATED', 'Not authenticated'));
    // Member tokens never open admin routes and admin tokens are refused by member routes (DESIGN §6).
    if (auth.kind !== 'member') {
      return done(new AppError('FORBIDDEN', 'Use a member account for this.'));
    }
    done();
  };

  const requireAdminRole = (...allowed: AdminRole[]): onRequestHookHandler => {
    const roles: readonly AdminRole[] = ADMIN_ROLES.filter(
      (role) => role === 'superadmin' || allowed.includes(role),
    );
    const hook: TaggedHook = (request, _reply, done) => {
      const auth = request.auth;
      if (!auth) return done(new AppError('UNAUTHENTICATED', 'Not authenticated'));
      if (auth.kind !== 'admin' || auth.user.role !== 'admin' || !auth.user.adminRole) {
        return done(new AppError('FORBIDDEN', 'This area is for administrators.'));
      }
      if (!roles.includes(auth.user.adminRole)) {
        return done(new AppError('FORBIDDEN', ADMIN_MESSAGES.roleNotAllowed));
      }
      done();
    };
    hook[GUARD_ROLES] = roles;
    return hook;
  };

  const { requireReauth, requireRecentPassword } = sudoModeGuards(app);

  app.decorate('requireMember', requireMember);
  app.decorate('requireAdmin', requireAdminRole(...ADMIN_ROLES));
  app.decorate('requireAdminRole', requireAdminRole);
  app.decorate('requireReauth', requireReauth);
  app.decorate('requireRecentPassword', requireRecentPassword);

  // Every /api/admin route is recorded with the roles its guard admits, so that one table-driven
  // test covers every admin route, including routes added later (decision 120).
  const guards: AdminRouteGuard[] = [];
  app.decorate('adminRouteGuards', guards);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/admin/') && route.url !== '/api/admin') return;
    const methods = hooksOf(route.method).map(String);
    const tagged = hooksOf(route.onRequest).find(
      (hook): hook is TaggedHook => typeof hook === 'function' && GUARD_ROLES in hook,
    );
    const reauth = hooksOf(route.preHandler).includes(requireReauth);
    for (const method of methods) {
      if (method === 'HEAD') continue;
      guards.push({
        method,
        url: route.url,
        roles: tagged?.[GUARD_ROLES] ?? null,
        reauth,
        public: route.config?.adminPublic === true,
      });
    }
  });
}

/** The signed-in user of a route guarded by requireMember/requireAdmin. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  return request.auth.user;
}

/** The signed-in admin of a route guarded by requireAdmin/requireAdminRole, with the role. */
export function currentAdmin(request: FastifyRequest): {
  user: AuthUser;
  role: AdminRole;
  tokenId: number;
} {
  const auth = request.auth;
  if (!auth || auth.kind !== 'admin' || !auth.user.adminRole) {
    throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  }
  return { user: auth.user, role: auth.user.adminRole, tokenId: auth.tokenId };
}

/**
 * Who is acting, for `recordAudit`: `{...auditActor(request), action, subjectType, ...}` on an admin
 * route (actor id, actor role and IP).
 */
export function auditActor(request: FastifyRequest): {
  actorId: number;
  actorRole: AdminRole | null;
  ip: string;
} {
  const auth = request.auth;
  if (!auth) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  return {
    actorId: auth.user.id,
    actorRole: auth.kind === 'admin' ? auth.user.adminRole : null,
    ip: clientAddress(request.ip),
  };
}

/**
 * The sudo-mode guards (decisions 120, 230): the session's last proof of identity (its sign-in, then
 * each reauthentication) must be younger than the window of its kind.
 */
function sudoModeGuards(app: FastifyInstance) {
  /** Whether the session's last proof of identity is younger than `minutes`. */
  const provedWithin = (auth: AuthContext, minutes: number): boolean => {
    const since = auth.reauthAt ? app.deps.clock.now().getTime() - auth.reauthAt.getTime() : Infinity;
    return since >= 0 && since < minutes * 60_000;
  };

  const requireReauth: preHandlerHookHandler = (request, _reply, done) => {
    const auth = request.auth;
    if (!auth) return done(new AppError('UNAUTHENTICATED', 'Not authenticated'));
    if (auth.kind !== 'admin' || !provedWithin(auth, ADMIN_REAUTH_MINUTES)) {
      return done(new AppError('REAUTH_REQUIRED', ADMIN_MESSAGES.reauthRequired));
    }
    done();
  };

  const requireRecentPassword: onRequestHookHandler = (request, _reply, done) => {
    const auth = request.auth;
    if (!auth) return done(new AppError('UNAUTHENTICATED', 'Not authenticated'));
    if (auth.kind !== 'member') return done(new AppError('FORBIDDEN', 'Use a member account for this.'));
    if (!provedWithin(auth, MEMBER_REAUTH_MINUTES)) {
      return done(new AppError('REAUTH_REQUIRED', AUTH_MESSAGES.passwordConfirmRequired));
    }
    done();
  };

  return { requireReauth, requireRecentPassword };
}
