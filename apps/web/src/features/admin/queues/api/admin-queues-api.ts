import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminDeposit,
  AdminDepositDetailResponse,
  AdminRefundListResponse,
} from '@app/shared/schemas/deposits';
import type { AdminWithdrawal, AdminWithdrawalDetailResponse } from '@app/shared/schemas/withdrawals';
import type { AdminLoanApplication, AdminLoanApplicationDetailResponse } from '@app/shared/schemas/loans';
import { loanTermLabel } from '@app/shared/rate-labels';
import { currentLanguage } from '#i18n/index';
import type {
  AdminQueue,
  QueueDecision,
  QueueMemberSummary,
  QueueTotals,
} from '@app/shared/schemas/admin-queues';
import type {
  AdminMemberDetailResponse,
  AdminMemberListResponse,
  AdminMemberSectionResponse,
  AdminMemberStatusResponse,
  AdminOverviewResponse,
  MemberSection,
} from '@app/shared/schemas/admin-members';
import type { LedgerCheckResponse } from '@app/shared/schemas/ledger';
import type { ListMeta } from '@app/shared/schemas/common';
import { withQuery } from '#lib/api-client';
import { adminApi } from '../../api/admin-api';

/** The back office's queues, members, overview and reconciliation (issue 15, decisions 125–127). */

export const adminQueuesQueryKey = ['admin', 'queues'] as const;
export const adminMembersQueryKey = ['admin', 'members'] as const;
export const adminOverviewQueryKey = ['admin', 'overview'] as const;
export const adminRefundsQueryKey = ['admin', 'refunds'] as const;

/** The API path of each queue. */
export const QUEUE_PATHS: Record<AdminQueue, string> = {
  deposits: '/api/admin/deposits',
  withdrawals: '/api/admin/withdrawals',
  loan_applications: '/api/admin/loan-applications',
};

/** A queue item as the list and the detail show it, whatever the queue. */
export interface QueueItem {
  id: number;
  amount: number;
  status: string;
  created_at: string;
  age_seconds: number;
  member: { id: number; username: string; email: string };
  /** Deposits: the transfer reference; withdrawals: the destination; loans: the plan and term. */
  detail: string;
  reason: string | null;
  awaitingSecondApproval: boolean;
  firstApprover: string | null;
  /** Deposits: the bank's reference of the credit that confirmed it; null until decided (decision 237). */
  bankReference: string | null;
}

export interface QueueList {
  data: QueueItem[];
  meta: ListMeta;
  totals: QueueTotals;
}

export function toQueueItem(
  queue: AdminQueue,
  row: AdminDeposit | AdminWithdrawal | AdminLoanApplication,
): QueueItem {
  if (queue === 'deposits') {
    const deposit = row as AdminDeposit;
    return {
      id: deposit.id,
      amount: deposit.amount,
      status: deposit.status,
      created_at: deposit.created_at,
      age_seconds: deposit.age_seconds,
      member: deposit.user,
      detail: deposit.reference,
      reason: deposit.rejection_reason,
      awaitingSecondApproval: deposit.awaiting_second_approval,
      firstApprover: deposit.first_approval?.by.username ?? null,
      bankReference: deposit.bank_reference,
    };
  }
  if (queue === 'withdrawals') {
    const withdrawal = row as AdminWithdrawal;
    return {
      id: withdrawal.id,
      amount: withdrawal.amount,
      status: withdrawal.status,
      created_at: withdrawal.created_at,
      age_seconds: withdrawal.age_seconds,
      member: withdrawal.user,
      detail: withdrawal.destination_full,
      reason: withdrawal.reason,
      awaitingSecondApproval: withdrawal.awaiting_second_approval,
      firstApprover: withdrawal.first_approval?.by.username ?? null,
      bankReference: null,
    };
  }
  const application = row as AdminLoanApplication;
  return {
    id: application.id,
    amount: application.amount_requested,
    status: application.status,
    created_at: application.date,
    age_seconds: application.age_seconds,
    member: application.user,
    detail: `${application.plan_name ?? ''} · ${loanTermLabel(application.term, application.profit_interval, currentLanguage())}`,
    reason: application.reason,
    awaitingSecondApproval: false,
    firstApprover: null,
    bankReference: null,
  };
}

/** GET the queue's page for the filters in the URL (deposits: the bank transfers). */
export function useQueue(queue: AdminQueue, query: Record<string, string>) {
  return useQuery({
    queryKey: [...adminQueuesQueryKey, queue, query],
    queryFn: async ({ signal }): Promise<QueueList> => {
      const params = queue === 'deposits' ? { method: 'bank_transfer', ...query } : query;
      const answer = await adminApi.get<{
        data: (AdminDeposit | AdminWithdrawal | AdminLoanApplication)[];
        meta: ListMeta;
        totals: QueueTotals;
      }>(withQuery(QUEUE_PATHS[queue], params), { signal });
      return { ...answer, data: answer.data.map((row) => toQueueItem(queue, row)) };
    },
    placeholderData: keepPreviousData,
  });
}

export interface QueueItemDetail {
  item: QueueItem;
  member: QueueMemberSummary;
  decision: QueueDecision | null;
  /**
   * Withdrawals and bank transfers (decisions 228, 235): the threshold, what the member was paid (or,
   * for a transfer, what was confirmed to them) in the last day, and whether approving now needs a
   * second admin.
   */
  fourEyes: { threshold: number; lastDay: number; needsSecondApproval: boolean } | null;
}

/** GET one queue item with its member's summary. */
export function useQueueItem(queue: AdminQueue, id: number) {
  return useQuery({
    queryKey: [...adminQueuesQueryKey, queue, 'item', id],
    queryFn: async ({ signal }): Promise<QueueItemDetail> => {
      const answer = await adminApi.get<
        AdminDepositDetailResponse | AdminWithdrawalDetailResponse | AdminLoanApplicationDetailResponse
      >(`${QUEUE_PATHS[queue]}/${id}`, { signal });
      const row =
        'deposit' in answer
          ? answer.deposit
          : 'withdrawal' in answer
            ? answer.withdrawal
            : answer.application;
      return {
        item: toQueueItem(queue, row),
        member: answer.member,
        decision: answer.decision,
        fourEyes:
          'four_eyes_threshold' in answer
            ? {
                threshold: answer.four_eyes_threshold,
                lastDay: 'paid_last_day' in answer ? answer.paid_last_day : answer.confirmed_last_day,
                needsSecondApproval: answer.needs_second_approval,
              }
            : null,
      };
    },
  });
}

const APPROVE_PATH: Record<AdminQueue, string> = {
  deposits: 'confirm',
  withdrawals: 'approve',
  loan_applications: 'approve',
};

/** A bank transfer's statement line, as the admin typed it (decision 237). */
export interface StatementLine {
  bank_reference: string;
  amount_received: string;
}

export type QueueDecisionInput =
  { kind: 'approve'; statement?: StatementLine } | { kind: 'reject'; reason_code: string; reason: string };

/**
 * Approve or reject a queue item. No optimistic update: the lists, the item and the overview reload
 * from the server once it has answered.
 */
export function useDecideQueueItem(queue: AdminQueue, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: QueueDecisionInput) =>
      decision.kind === 'approve'
        ? adminApi.post<{ message: string }>(
            `${QUEUE_PATHS[queue]}/${id}/${APPROVE_PATH[queue]}`,
            decision.statement ?? {},
          )
        : adminApi.post<{ message: string }>(`${QUEUE_PATHS[queue]}/${id}/reject`, {
            reason_code: decision.reason_code,
            reason: decision.reason,
          }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueuesQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminOverviewQueryKey }),
      ]),
  });
}

/** GET /api/admin/users with the search in the URL. */
export function useMembers(query: Record<string, string>) {
  return useQuery({
    queryKey: [...adminMembersQueryKey, query],
    queryFn: ({ signal }) =>
      adminApi.get<AdminMemberListResponse>(withQuery('/api/admin/users', query), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMember(id: number) {
  return useQuery({
    queryKey: [...adminMembersQueryKey, id],
    queryFn: ({ signal }) => adminApi.get<AdminMemberDetailResponse>(`/api/admin/users/${id}`, { signal }),
  });
}

export function useMemberSection(id: number, section: MemberSection, page: number) {
  return useQuery({
    queryKey: [...adminMembersQueryKey, id, section, page],
    queryFn: ({ signal }) =>
      adminApi.get<AdminMemberSectionResponse>(
        withQuery(`/api/admin/users/${id}/${section}`, { page, per_page: 10 }),
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** PATCH /api/admin/users/:id: suspend or reactivate with a reason; the member reloads after. */
export function useChangeMemberStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { status: 'active' | 'suspended'; reason: string }) =>
      adminApi.patch<AdminMemberStatusResponse>(`/api/admin/users/${id}`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminMembersQueryKey }),
  });
}

/** POST /api/admin/users/:id/reset-2fa {reason}: support removes the member's second factor (decision 231). */
export function useResetMemberTwoFactor(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      adminApi.post<AdminMemberStatusResponse>(`/api/admin/users/${id}/reset-2fa`, { reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminMembersQueryKey }),
  });
}

export function useOverview() {
  return useQuery({
    queryKey: adminOverviewQueryKey,
    queryFn: ({ signal }) => adminApi.get<AdminOverviewResponse>('/api/admin/overview', { signal }),
  });
}

/** GET /api/admin/ledger/check: runs the check (a scan of the books; audited) when asked. */
export function useRunLedgerCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminApi.get<LedgerCheckResponse>('/api/admin/ledger/check'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOverviewQueryKey }),
  });
}

/** GET /api/admin/refunds: refunds and chargebacks of credited deposits, open ones by default (decision 155). */
export function useAdminRefunds(query: Record<string, string>) {
  return useQuery({
    queryKey: [...adminRefundsQueryKey, query],
    queryFn: ({ signal }) =>
      adminApi.get<AdminRefundListResponse>(withQuery('/api/admin/refunds', query), { signal }),
    placeholderData: keepPreviousData,
  });
}
