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
import { errorResponses } from '../auth/route-schemas';
import * as repository from './deposits.repository';

/**
 * The sandbox checkout (PAYMENTS_MODE=sandbox only; these routes do not exist otherwise): the page
 * /sandbox/checkout/<id> stands in for the gateway's payment page. Pay and Cancel make the server send
 * its own webhook the IPN the gateway would send, signed with the sandbox secret, through the same
 * path a real IPN takes.
 */
export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const gatewayDeposit = async (id: number) => {
    const deposit = await repository.findDeposit(db, id);
    if (!deposit || deposit.method === 'bank_transfer') throw AppError.notFound(DEPOSIT_MESSAGES.notFound);
    return deposit;
  };

  app.get(
    '/api/sandbox/checkout/:id',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'The sandbox payment page’s deposit',
        params: IdParams,
        response: { 200: SandboxCheckout, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const deposit = await gatewayDeposit(request.params.id);
      return {
        id: deposit.id,
        amount: centsToMajor(deposit.amount),
        payment_method: deposit.method,
        currency: deposit.currency,
        status: deposit.status,
      };
    },
  );

  const act = (outcome: 'pay' | 'cancel') => async (id: number) => {
    const deposit = await gatewayDeposit(id);
    const redirect_url = `/dashboard?deposit=${deposit.id}`;
    if (deposit.status !== 'pending') return { status: deposit.status, redirect_url };
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
    return { status: updated?.status ?? deposit.status, redirect_url };
  };

  app.post(
    '/api/sandbox/checkout/:id/pay',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Pay in the sandbox: the server sends itself the gateway’s signed “paid” IPN',
        params: IdParams,
        response: { 200: SandboxActionResponse, ...errorResponses(400, 404, 419, 429) },
      },
    },
    async (request) => act('pay')(request.params.id),
  );

  app.post(
    '/api/sandbox/checkout/:id/cancel',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Cancel in the sandbox: the server sends itself the gateway’s signed “failed” IPN',
        params: IdParams,
        response: { 200: SandboxActionResponse, ...errorResponses(400, 404, 419, 429) },
      },
    },
    async (request) => act('cancel')(request.params.id),
  );
};
