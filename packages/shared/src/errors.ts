/** Error codes of the API (DESIGN §7). The server maps each to its HTTP status. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  /** 403: the admin route needs a second factor from the last 10 minutes (POST /api/admin/reauth). */
  'REAUTH_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  'CSRF_MISMATCH',
  'BUSINESS_RULE',
  'EMAIL_NOT_VERIFIED',
  'INSUFFICIENT_FUNDS',
  'IDEMPOTENCY_MISMATCH',
  'TOO_MANY_REQUESTS',
  'GATEWAY_UNAVAILABLE',
  /** 503: no database connection came free in time (decision 210); try again after Retry-After. */
  'SERVICE_BUSY',
  /** 500: stored data sealed under another key than this server's APP_KEY (decision 152). */
  'SEALED_DATA_UNREADABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The body of every error response. */
export interface ApiErrorBody {
  message: string;
  code: ErrorCode;
  errors?: Record<string, string[]>;
}

/** The answer of a request that found every database connection busy for too long (decision 210). */
export const SERVICE_BUSY_MESSAGE = 'The service is busy. Please try again in a moment.';
