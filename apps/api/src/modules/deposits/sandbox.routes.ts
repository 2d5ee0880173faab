import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEPOSIT_MESSAGES,
  IdParams,
  SandboxActionResponse,
  SandboxCheckout,
  centsToMajor,
} from '@app/shared';
import { AppError } from '../../errors';
import { findUserById } from '../auth/account.service';
import { sandboxCoinPaymentsIpn, sandboxNowPaymentsIpn } from '../../integrations/payments/sandbox';
import { currentUser } from '../../plugins/auth';
import { bearer, errorResponses } from '../auth/route-schemas';
import type { RouteApp } from '../../lib/route-app';
import * as repository from './deposits.repository';

/**
 * The sandbox checkout (PAYMENTS_MODE=sandbox only; these routes do not exist otherwise): the page
 * /sandbox/checkout/<id> stands in for the gateway's payment page. Pay and Cancel make the server send
 * its own webhook the IPN the gateway would send, signed with the sandbox secret, through the same
 * path a real IPN takes. Every route is for the signed-in member whose deposit it is: signed out 401,
 * anyone else's deposit 404 (ids are sequential; issue 33).
 */
export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/sandbox/checkout/:id',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['sandbox'],
        summary: 'The sandbox payment page’s deposit (the signed-in member’s own)',
        security: bearer,
        params: IdParams,
        response: { 200: SandboxCheckout, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const deposit = await gatewayDeposit(app, currentUser(request).id, request.params.id);
      return {
        id: deposit.id,
        amount: centsToMajor(deposit.amount),
        payment_method: deposit.method,
        currency: deposit.currency,
        status: deposit.status,
      };
    },
  );

  app.post(
    '/api/sandbox/checkout/:id/pay',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['sandbox'],
        security: bearer,
        summary: 'Pay in the sandbox: the server sends itself the gateway’s signed “paid” IPN',
        params: IdParams,
        response: { 200: SandboxActionResponse, ...errorResponses(400, 401, 403, 404, 419, 429) },
      },
    },
    async (request) => act(app, 'pay', currentUser(request).id, request.params.id),
  );

  app.post(
    '/api/sandbox/checkout/:id/cancel',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['sandbox'],
        security: bearer,
        summary: 'Cancel in the sandbox: the server sends itself the gateway’s signed “failed” IPN',
        params: IdParams,
        response: { 200: SandboxActionResponse, ...errorResponses(400, 401, 403, 404, 419, 429) },
      },
    },
    async (request) => act(app, 'cancel', currentUser(request).id, request.params.id),
  );
};

/** The member's own deposit through a gateway (a bank transfer has no checkout page): else 404. */
async function gatewayDeposit(app: RouteApp, userId: number, id: number) {
  const deposit = await repository.findUserDeposit(app.deps.database.db, userId, id);
  if (!deposit || deposit.method === 'bank_transfer') throw AppError.notFound(DEPOSIT_MESSAGES.notFound);
  return deposit;
}

/**
 * Pay or Cancel: the server sends its own webhook the gateway's signed IPN for that outcome and
 * answers the deposit's status and the page the member goes back to.
 */
async function act(app: RouteApp, outcome: 'pay' | 'cancel', userId: number, id: number) {
  const deposit = await gatewayDeposit(app, userId, id);
  const redirect_url = `/dashboard?deposit=${deposit.id}`;
  if (deposit.status !== 'pending') return { status: deposit.status, redirect_url };
  const { db } = app.deps.database;
  const member = await findUserById(db, deposit.userId);
  const source = {
    id: deposit.id,
    amountCents: deposit.amount,
    currency: deposit.currency,
    invoiceId: deposit.gatewayInvoiceId,
    buyerEmail: member?.email ?? '',
  };
  const { secrets } = app.deps.payments;
  const ipn =
    deposit.method === 'nowpayment'
      ? {
          url: '/api/webhooks/nowpayments',
          ...sandboxNowPaymentsIpn(
            source,
            outcome === 'pay' ? 'finished' : 'failed',
            secrets.nowpaymentsIpnSecret,
          ),
        }
      : {
          url: '/api/webhooks/coinpayments',
          ...sandboxCoinPaymentsIpn(source, outcome === 'pay' ? 100 : -1, secrets.coinpaymentsIpnSecret),
        };
  const response = await app.deps.inject({
    method: 'POST',
    url: ipn.url,
    headers: { 'content-type': 'application/json', ...ipn.headers },
    payload: ipn.body,
  });
  if (response.statusCode !== 200) {
    app.log.warn({ status: response.statusCode }, 'sandbox IPN was refused by our own webhook');
    throw new AppError('GATEWAY_UNAVAILABLE', DEPOSIT_MESSAGES.gatewayUnavailable);
  }
  const updated = await repository.findDeposit(db, deposit.id);
  // The member cancelled: the page they return to says so (not "Deposit failed").
  const back = outcome === 'cancel' ? `${redirect_url}&payment=cancelled` : redirect_url;
  return { status: updated?.status ?? deposit.status, redirect_url: back };
}
