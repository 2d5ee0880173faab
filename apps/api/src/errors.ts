import type { ApiErrorBody, ErrorCode } from '@app/shared';

/** The HTTP status of each error code (DESIGN §7). */
export const STATUS_OF: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  REAUTH_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  CSRF_MISMATCH: 419,
  BUSINESS_RULE: 422,
  EMAIL_NOT_VERIFIED: 422,
  INSUFFICIENT_FUNDS: 422,
  IDEMPOTENCY_MISMATCH: 422,
  TOO_MANY_REQUESTS: 429,
  GATEWAY_UNAVAILABLE: 503,
  SERVICE_BUSY: 503,
  SEALED_DATA_UNREADABLE: 500,
  INTERNAL: 500,
};

/** The one error class of the API (CONVENTIONS §4). */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly fields?: Record<string, string[]>,
    public readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return STATUS_OF[this.code];
  }

  toBody(): ApiErrorBody {
    return this.fields
      ? { message: this.message, code: this.code, errors: this.fields }
      : { message: this.message, code: this.code };
  }

  static validation(field: string, message: string): AppError {
    return new AppError('VALIDATION_FAILED', message, { [field]: [message] });
  }

  static notFound(message = 'Not found.'): AppError {
    return new AppError('NOT_FOUND', message);
  }
}
