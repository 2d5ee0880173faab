import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { UserRow } from '@app/db';
import { AppError } from '../errors';
import { verifyToken, type MemberAccount, type TokenKind } from '../modules/auth/token.service';

export interface AuthContext {
  tokenId: number;
  kind: TokenKind;
  user: UserRow;
  /** Only on routes with `config.withAccount`. */
  account?: MemberAccount;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers the member's own account: authentication also reads the profile and money
     * figures, in the same statement (GET /api/me: one database round trip per request).
     */
    withAccount?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** onRequest hook of a route: a signed-in member (member token, active account). */
    requireMember: onRequestHookHandler;
    /** onRequest hook of a route: a signed-in admin (admin token, admin role). */
    requireAdmin: onRequestHookHandler;
  }
}

/** Resolves `Authorization: Bearer <id>|<secret>` on every request into `request.auth`. */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header || !header.startsWith('Bearer ')) return;
    const { db } = app.deps.database;
    const withAccount = request.routeOptions.config.withAccount === true;
    const verified = await verifyToken(db, header.slice(7).trim(), app.deps.clock.now(), withAccount);
    if (!verified || verified.user.status !== 'active') return;
    request.auth = verified;
  });

  // Synchronous (done callback): the token was read by the hook above; nothing is left to wait for.
  const require =
    (kind: TokenKind): onRequestHookHandler =>
    (request, _reply, done) => {
      const auth = request.auth;
      if (!auth) return done(new AppError('UNAUTHENTICATED', 'Not authenticated'));
      // Member tokens never open admin routes and admin tokens are refused by member routes (DESIGN §6).
      if (auth.kind !== kind || (kind === 'admin' && auth.user.role !== 'admin')) {
        return done(
          new AppError(
            'FORBIDDEN',
            kind === 'admin' ? 'This area is for administrators.' : 'Use a member account for this.',
          ),
        );
      }
      done();
    };
  app.decorate('requireMember', require('member'));
  app.decorate('requireAdmin', require('admin'));
}

/** The signed-in user's profile and figures on a route with `config.withAccount`. */
export function currentAccount(request: FastifyRequest): MemberAccount | undefined {
  return request.auth?.account;
}

/** The signed-in user of a route guarded by requireMember/requireAdmin. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  return request.auth.user;
}
