import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../auth/route-schemas';
import { handleCoinPaymentsIpn, handleNowPaymentsIpn } from './webhooks.service';

const IpnResponse = z.object({ message: z.string(), status: z.string() });
const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Gateway webhooks (DESIGN §6). The body is kept raw for the signature: this plugin's own parser
 * hands every content type over as text. No browser session here (CSRF and rate limit exempt): the
 * signature is the credential; a bad one is 401 and changes nothing.
 */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/api/webhooks/nowpayments',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'NOWPayments IPN (x-nowpayments-sig: HMAC-SHA512 of the key-sorted JSON body)',
        response: { 200: IpnResponse, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) =>
      handleNowPaymentsIpn(
        app.deps,
        typeof request.body === 'string' ? request.body : '',
        header(request.headers['x-nowpayments-sig']),
        request.log,
      ),
  );

  app.post(
    '/api/webhooks/coinpayments',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'CoinPayments IPN (HMAC header: HMAC-SHA512 of the raw form body with the IPN secret)',
        response: { 200: IpnResponse, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) =>
      handleCoinPaymentsIpn(
        app.deps,
        typeof request.body === 'string' ? request.body : '',
        header(request.headers.hmac),
        request.log,
      ),
  );
};
