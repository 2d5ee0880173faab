import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '#lib/api-client';

const MAX_RETRIES = 2;

/** A 4xx answer will not change by asking again; network and server failures may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
