import { useQuery } from '@tanstack/react-query';
import type { SandboxCheckout } from '@app/shared/schemas/deposits';
import { api } from '#lib/api-client';
import { sandboxCheckoutQueryKey } from './deposit-keys';

/** GET /api/sandbox/checkout/:id: what the sandbox payment page charges (sandbox mode only). */
export function useSandboxCheckout(id: string) {
  return useQuery({
    queryKey: sandboxCheckoutQueryKey(id),
    queryFn: ({ signal }) =>
      api.get<SandboxCheckout>(`/api/sandbox/checkout/${encodeURIComponent(id)}`, { signal }),
  });
}
