import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Refusals } from '../lib/refusals';

/** What a refusal of Node's HTTP parser answers, by the parser's error code. */
function refusalOf(code: string | undefined): { status: number; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: 'The request headers are too large.' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, message: 'The request took too long to arrive.' };
  return { status: 400, message: 'The request could not be read.' };
}

/**
 * Fastify's `clientErrorHandler` (its documented option): a request Node's HTTP parser refuses (a
 * malformed request line or header, 400; headers over Node's 16 KB, 431; a request not received in
 * time, 408) never reaches Fastify, its hooks or its access log. Answered as every other refusal is,
 * with the API's security headers and the product's error body, and logged as a line an operator can
 * count: the status and the parser's code, no path (the parser may not have read one) and nothing the
 * client sent (decision 147, amended).
 */
export function parserRefusals(
  headers: Record<string, string>,
  refusals: Refusals,
): FastifyServerOptions['clientErrorHandler'] {
  return function (this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
    // A connection the client reset, or one already closed: there is no one to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, message } = refusalOf(error.code);
    const body = JSON.stringify({ message, code: 'VALIDATION_FAILED' });
    refusals.report('parser', status);
    this.log.info(
      { res: { statusCode: status }, parserCode: error.code ?? null },
      'request refused by the HTTP parser',
    );
    if (socket.writable) {
      const lines = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
      ];
      socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
    } else {
      socket.destroy();
    }
  };
}
