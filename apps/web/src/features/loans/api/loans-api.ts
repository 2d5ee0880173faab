import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LoanApplication,
  LoanApplyResponse,
  LoanDetail,
  LoanListResponse,
  LoanPlan,
  LoanRepayResponse,
} from '@app/shared/schemas/loans';
import { api } from '#lib/api-client';
import { activityQueryKey } from '#lib/query-keys';
import { meQueryKey } from '#lib/session';

/** Query keys of the loans feature. */
export const loanPlansQueryKey = ['loan-plans'] as const;
export const loanApplicationsQueryKey = ['loan-applications'] as const;
export const loansQueryKey = ['loans'] as const;

/** GET /api/loan-plans: the active plans (spec §2 Explore). */
export function useLoanPlans() {
  return useQuery({
    queryKey: loanPlansQueryKey,
    queryFn: ({ signal }) => api.get<LoanPlan[]>('/api/loan-plans', { signal }),
  });
}

/** GET /api/loan-applications: the member's applications, newest first. */
export function useLoanApplications() {
  return useQuery({
    queryKey: loanApplicationsQueryKey,
    queryFn: ({ signal }) => api.get<LoanApplication[]>('/api/loan-applications', { signal }),
  });
}

/** POST /api/loans/apply; the history is reloaded on success (spec §7). */
export function useApplyForLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: { plan_id: number; amount_requested: string; term: number }) =>
      api.post<LoanApplyResponse>('/api/loans/apply', payload, { idempotent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loanApplicationsQueryKey }),
  });
}

/** POST /api/loan-applications/:id/withdraw: the member takes back a pending application (decision 174). */
export function useWithdrawApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<{ message: string; application: LoanApplication }>(
        `/api/loan-applications/${id}/withdraw`,
        {},
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: loanApplicationsQueryKey }),
  });
}

/** GET /api/loans: the member's loans. */
export function useLoans() {
  return useQuery({
    queryKey: loansQueryKey,
    queryFn: ({ signal }) => api.get<LoanListResponse>('/api/loans', { signal }),
  });
}

/** GET /api/loans/:id: one loan with its schedule and payments. */
export function useLoan(id: number | null) {
  return useQuery({
    queryKey: [...loansQueryKey, id],
    queryFn: ({ signal }) => api.get<LoanDetail>(`/api/loans/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** What the caller says once a repayment is answered, whatever is still on screen by then. */
interface RepayLoanCallbacks {
  onRepaid?: (answer: LoanRepayResponse) => void;
  onFailed?: (error: Error) => void;
}

/**
 * POST /api/loans/:id/repay with the payoff the member confirmed: the server refuses (409) a figure
 * that is no longer today's, and the loan then reloads to show the new one. On success the balance,
 * loans and activity reload. `onRepaid` and `onFailed` run from the mutation itself, not from
 * `mutate()`'s callbacks: those are dropped once the component that sent it unmounts, and the repay
 * panel does as soon as the loan reloads as completed.
 */
export function useRepayLoan({ onRepaid, onFailed }: RepayLoanCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payoff }: { id: number; payoff: number }) =>
      api.post<LoanRepayResponse>(
        `/api/loans/${id}/repay`,
        { expected_amount: payoff },
        { idempotent: true },
      ),
    onError: (error) => {
      onFailed?.(error);
      return queryClient.invalidateQueries({ queryKey: loansQueryKey });
    },
    onSuccess: (answer) => {
      onRepaid?.(answer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: loansQueryKey }),
        queryClient.invalidateQueries({ queryKey: loanApplicationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: activityQueryKey }),
      ]);
    },
  });
}
