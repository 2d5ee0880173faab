import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseBusy } from '@app/db';
import { DEPOSIT_MESSAGES, KYC_MESSAGES, SERVICE_BUSY_MESSAGE, type ApiErrorBody } from '@app/shared';
import { AppError } from '../errors';
import { GatewayError } from '../integrations/payments/gateway';
import { SealedDataUnreadableError } from '../lib/crypto';
import { DocumentStorageError } from '../lib/document-storage-error';
import { requestErrorLine, routeOf } from '../lib/error-line';

/** Seconds a client is asked to wait before it sends again a request the busy database refused. */
const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * One error handler (CONVENTIONS §4): zod failures → 400 with field errors; 5xx never leaks internals,
 * and its log line names the route and the error, never a value of the request (decision 153).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) void reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const path =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (error.validationContext ?? 'body');
        (errors[path] ??= []).push(issue.message ?? 'Invalid value.');
      }
      const first = Object.values(errors)[0]?.[0] ?? 'The request is not valid.';
      const body: ApiErrorBody = { message: first, code: 'VALIDATION_FAILED', errors };
      return reply.status(400).send(body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { route: routeOf(request), issues: error.cause.issues },
        'response did not match its schema',
      );
      return reply.status(500).send({ message: 'Something went wrong on our side.', code: 'INTERNAL' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ message: 'Too many requests. Please try again later.', code: 'TOO_MANY_REQUESTS' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type.
      const message =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Send the request body as JSON.'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is too large.'
            : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'The request body is empty.'
              : status === 400
                ? 'The request body is not valid JSON.'
                : error.message;
      return reply.status(status).send({ message, code: status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED' });
    }
    if (error instanceof SealedDataUnreadableError) {
      // A node started with another key than the one the data was sealed under (decision 152).
      request.log.error({ code: 'SEALED_DATA_UNREADABLE' }, 'sealed data does not open with APP_KEY');
      return reply.status(500).send({
        message: "Stored data could not be read with this server's key. Please try again later.",
        code: 'SEALED_DATA_UNREADABLE',
      });
    }
    if (error instanceof DocumentStorageError) {
      // The bucket refused (a wrong credential, a missing bucket) or did not answer (decision 190).
      const { operation, status: storeStatus, s3Code } = error;
      request.log.error(
        { code: 'DOCUMENT_STORAGE', operation, storeStatus, s3Code },
        'identity document storage failed',
      );
      return reply
        .status(503)
        .send({ message: KYC_MESSAGES.storageUnavailable, code: 'GATEWAY_UNAVAILABLE' });
    }
    if (error instanceof GatewayError) {
      // A payment gateway refused an invoice or did not answer: the member reads that the service is
      // unavailable; the operator reads why (its HTTP status or error text, never a key or the member).
      request.log.error(
        { code: 'PAYMENT_GATEWAY', gateway: error.gateway, reason: error.reason.slice(0, 200) },
        'payment gateway failed',
      );
      return reply
        .status(503)
        .send({ message: DEPOSIT_MESSAGES.gatewayUnavailable, code: 'GATEWAY_UNAVAILABLE' });
    }
    if (isDatabaseBusy(error)) {
      // Every pooled connection stayed busy for DATABASE_WAIT_MS, or a new one did not open (decision
      // 210): the statement that waited was never sent.
      request.log.warn({ code: 'SERVICE_BUSY', route: routeOf(request) }, 'no database connection in time');
      return reply
        .status(503)
        .header('Retry-After', String(BUSY_RETRY_AFTER_SECONDS))
        .send({ message: SERVICE_BUSY_MESSAGE, code: 'SERVICE_BUSY' });
    }
    request.log.error(requestErrorLine(request, error), 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side.', code: 'INTERNAL' });
  });
}
