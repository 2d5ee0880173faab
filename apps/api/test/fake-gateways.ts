import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hmacSha512Hex } from '../src/integrations/payments/coinpayments';
import { openApps } from './open-apps';

/**
 * Local fake NOWPayments and CoinPayments API servers speaking their protocols, for the live adapters'
 * invoice creation: they check the credentials the way the gateways do and answer like them.
 */

export interface FakeGatewayRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeGateway {
  baseUrl: string;
  requests: FakeGatewayRequest[];
  /** Makes the next answers fail with this HTTP status (0: normal). */
  failWith: number;
  /** Makes the next answers stop half-way through their body (the connection cut). NOWPayments only. */
  cutBody?: boolean;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // Closed after the file (test/setup.ts's closeTestApps), also when started inside a test, where an
  // afterAll is never called: the worker process outlives the file (decision 168).
  openApps.add(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function fakeNowPayments(apiKey: string): Promise<FakeGateway> {
  const fake: FakeGateway = { baseUrl: '', requests: [], failWith: 0 };
  let invoiceId = 4_000_000;
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      fake.requests.push({ path: request.url ?? '', headers: request.headers, body });
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (fake.failWith) return send(fake.failWith, { message: 'unavailable' });
      if (fake.cutBody) {
        // The headers arrive (fetch resolves), then part of the body, then the connection drops.
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        response.flushHeaders();
        setTimeout(() => response.write('{"id":"4', () => setTimeout(() => response.destroy(), 50)), 50);
        return;
      }
      if (request.method !== 'POST' || request.url !== '/v1/invoice')
        return send(404, { message: 'Not found' });
      if (request.headers['x-api-key'] !== apiKey) return send(403, { message: 'Invalid api key' });
      const input = JSON.parse(body) as Record<string, unknown>;
      invoiceId += 1;
      return send(200, {
        id: String(invoiceId),
        token_id: 'tok',
        order_id: input.order_id,
        order_description: input.order_description,
        price_amount: String(input.price_amount),
        price_currency: input.price_currency,
        pay_currency: input.pay_currency,
        ipn_callback_url: input.ipn_callback_url,
        invoice_url: `https://nowpayments.io/payment/?iid=${invoiceId}`,
        success_url: input.success_url,
        cancel_url: input.cancel_url,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      });
    });
  });
  fake.baseUrl = await listen(server);
  return fake;
}

export async function fakeCoinPayments(publicKey: string, privateKey: string): Promise<FakeGateway> {
  const fake: FakeGateway = { baseUrl: '', requests: [], failWith: 0 };
  let txn = 0;
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      fake.requests.push({ path: request.url ?? '', headers: request.headers, body });
      const send = (payload: unknown, status = 200) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (fake.failWith) return send({ error: 'unavailable' }, fake.failWith);
      if (request.method !== 'POST' || request.url !== '/api.php') return send({ error: 'Not found' }, 404);
      const fields = new URLSearchParams(body);
      if (fields.get('version') !== '1' || fields.get('format') !== 'json')
        return send({ error: 'Invalid version or format' });
      if (fields.get('key') !== publicKey) return send({ error: 'Invalid API public key passed' });
      if (request.headers.hmac !== hmacSha512Hex(privateKey, body))
        return send({ error: 'HMAC signature does not match' });
      if (fields.get('cmd') !== 'create_transaction') return send({ error: 'Unknown command' });
      txn += 1;
      return send({
        error: 'ok',
        result: {
          amount: '0.00200000',
          txn_id: `CPFAKE${txn}`,
          address: 'bc1qfakeaddress',
          confirms_needed: '2',
          timeout: 86400,
          checkout_url: `https://www.coinpayments.net/index.php?cmd=checkout&id=CPFAKE${txn}`,
          status_url: `https://www.coinpayments.net/index.php?cmd=status&id=CPFAKE${txn}`,
          qrcode_url: 'https://www.coinpayments.net/qrgen.php?id=CPFAKE',
        },
      });
    });
  });
  fake.baseUrl = await listen(server);
  return fake;
}
