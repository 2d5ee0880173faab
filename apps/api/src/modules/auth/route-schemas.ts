import type { FastifyRequest } from 'fastify';
import { ErrorResponse } from '@app/shared';
import type { RequestMeta } from './security-events';
import { clientAddress } from '../../lib/client-address';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 419 | 422 | 429;

/** The error answers a route can give, each with the one error body of DESIGN §7. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof ErrorResponse> {
  const responses = {} as Record<S, typeof ErrorResponse>;
  for (const status of statuses) responses[status] = ErrorResponse;
  return responses;
}

/** OpenAPI: the route takes the bearer token. */
export const bearer = [{ bearer: [] }];

/** The client's address as the audit log keeps it: without a balancer's port (decision 226). */
export const ipOf = (request: FastifyRequest): string => clientAddress(request.ip);

/** Where a request came from, for the audit log and security mails (never a secret). */
export function requestMeta(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return { ip: clientAddress(request.ip), userAgent: agent ? agent.slice(0, 200) : null };
}

/** The token of a route guarded by requireMember/requireAdmin. */
export function currentTokenId(request: FastifyRequest): number {
  if (!request.auth) throw new Error('route is not guarded by requireMember/requireAdmin');
  return request.auth.tokenId;
}
