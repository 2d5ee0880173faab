import '#lib/zod-config';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CORRECTION_STATUSES, type AdminCorrection } from '@app/shared/schemas/corrections';
import { Alert, RetryAlert } from '#components/ui/alert';
import { Badge } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { SelectField } from '#components/ui/field';
import { Pagination } from '#components/ui/pagination';
import { Spinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { ApiError } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { useDateFormat } from '#lib/money';
import { useAdminMe } from '#lib/session';
import { useUrlListState } from '#lib/use-url-list-state';
import { statusTone, useAge } from '../queues/components/format';
import { CorrectionDialog, useSignedMoney, type CorrectionAction } from './correction-dialogs';
import { useCorrections, useDecideCorrection } from './corrections-api';

const FILTERS = ['status', 'user_id'] as const;
const STATUS_CHOICES = [...CORRECTION_STATUSES, 'all'] as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="wrap-anywhere">{children}</dd>
    </div>
  );
}

/** One correction as a card (a list of cards reads at 390 px as well as at 1280). */
function CorrectionCard({
  correction,
  meId,
  now,
  busy,
  onAction,
}: {
  correction: AdminCorrection;
  meId: number | undefined;
  /** When the list was read (ms): the age counts to it. */
  now: number;
  busy: boolean;
  onAction: (action: CorrectionAction) => void;
}) {
  const { t } = useTranslation();
  const signed = useSignedMoney();
  const date = useDateFormat();
  const age = useAge();
  const own = meId !== undefined && correction.proposed_by === meId;
  const seconds = Math.max(0, (now - Date.parse(correction.created_at)) / 1000);
  const pending = correction.status === 'pending';
  return (
    <Card className="space-y-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-base font-semibold">{t('admin.corrections.item', { id: correction.id })}</h2>
        <Badge tone={statusTone(correction.status)}>
          {t(`admin.corrections.status.${correction.status}`)}
        </Badge>
        <span
          className={`ms-auto text-lg font-semibold tabular-nums ${correction.direction === 'credit' ? 'text-success' : 'text-danger'}`}
        >
          {signed(correction)}
        </span>
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <Fact label={t('admin.corrections.fields.member')}>
          <Link
            className="text-brand-text underline underline-offset-4"
            to={`/admin/members/${correction.user_id}`}
          >
            {correction.member_email || `#${correction.user_id}`}
          </Link>
        </Fact>
        <Fact label={t('admin.corrections.fields.memberReason')}>{correction.member_reason}</Fact>
        <Fact label={t('admin.corrections.fields.note')}>{correction.note}</Fact>
        <Fact label={t('admin.corrections.fields.reference')}>{correction.reference}</Fact>
        <Fact label={t('admin.corrections.fields.proposer')}>
          {own
            ? t('admin.corrections.you')
            : (correction.proposed_by_email ??
              t('admin.corrections.adminId', { id: correction.proposed_by ?? '—' }))}
        </Fact>
        <Fact label={t('admin.corrections.fields.proposed')}>
          {date(correction.created_at)}
          {pending && ` · ${t('admin.corrections.waiting', { age: age(seconds) })}`}
        </Fact>
        {correction.decision_reason && (
          <Fact label={t('admin.corrections.fields.decisionReason')}>{correction.decision_reason}</Fact>
        )}
      </dl>
      {pending && (
        <div className="flex flex-wrap gap-2">
          {own ? (
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => onAction('withdraw')}>
              {t('admin.corrections.actions.withdraw')}
            </Button>
          ) : (
            <>
              <Button size="sm" disabled={busy} onClick={() => onAction('approve')}>
                {t('admin.corrections.actions.approve')}
              </Button>
              <Button variant="secondary" size="sm" disabled={busy} onClick={() => onAction('reject')}>
                {t('admin.corrections.actions.reject')}
              </Button>
            </>
          )}
        </div>
      )}
    </Card>
  );
}

/** The decision's answer in words: the server's message, or what went wrong. */
function useOutcomeText() {
  const { t } = useTranslation();
  const message = useMessage();
  return (error: unknown) =>
    error instanceof ApiError && error.code === 'REAUTH_REQUIRED'
      ? t('admin.corrections.reauth')
      : error instanceof ApiError && error.serverMessage
        ? message(error.serverMessage)
        : t('admin.corrections.decisionFailed');
}

/** The API's query: pending when the URL names no status, every status for "all". */
function listQuery(query: Record<string, string>, status: string): Record<string, string> {
  const next: Record<string, string> = { ...query, status };
  if (status === 'all') delete next.status;
  return next;
}

/**
 * Balance corrections (issue 37 item 2, decision 182): the pending ones first (the filter is in the
 * URL), each with approve / reject for another admin and withdraw for its proposer.
 */
export function CorrectionsPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const failed = useOutcomeText();
  const me = useAdminMe();
  const state = useUrlListState({ filters: FILTERS });
  const status = state.filters.status || 'pending';
  const list = useCorrections(listQuery(state.query, status));
  const decide = useDecideCorrection();
  const [open, setOpen] = useState<{ correction: AdminCorrection; action: CorrectionAction } | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  useDocumentMeta(t('admin.corrections.title'), t('admin.corrections.lead'));

  const confirm = (reason: string | null) => {
    if (!open) return;
    const { correction, action } = open;
    // The confirmation closes first: the reauth dialog may ask for a code while the call waits.
    setOpen(null);
    const body =
      action === 'approve'
        ? { id: correction.id, kind: action }
        : { id: correction.id, kind: action, reason: reason ?? '' };
    decide.mutate(body, {
      onSuccess: (answer) => setOutcome({ tone: 'success', text: message(answer.message) }),
      onError: (error) => setOutcome({ tone: 'error', text: failed(error) }),
    });
  };

  return (
    <section className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">{t('admin.corrections.title')}</h1>
        <p className="text-muted">{t('admin.corrections.lead')}</p>
      </div>
      <StatusFilter status={status} onFilter={(value) => state.setFilters({ status: value })} />
      {state.filters.user_id && (
        <p className="text-sm">
          {t('admin.corrections.oneMember', { id: state.filters.user_id })}{' '}
          <Button variant="link" size="sm" onClick={() => state.setFilters({ user_id: '' })}>
            {t('admin.corrections.allMembers')}
          </Button>
        </p>
      )}
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <CorrectionList
        list={list}
        meId={me.data?.user.id}
        busy={decide.isPending}
        onPage={(page) => state.setPage(page)}
        onAction={(correction, action) => {
          setOutcome(null);
          setOpen({ correction, action });
        }}
      />
      {open && (
        <CorrectionDialog
          key={`${open.correction.id}-${open.action}`}
          correction={open.correction}
          action={open.action}
          pending={decide.isPending}
          onClose={() => setOpen(null)}
          onConfirm={confirm}
        />
      )}
    </section>
  );
}

/** The status filter: pending (the default, which the URL does not name), another status, or all. */
function StatusFilter({ status, onFilter }: { status: string; onFilter: (status: string) => void }) {
  const { t } = useTranslation();
  const filter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('status');
    onFilter(typeof value === 'string' && value !== 'pending' ? value : '');
  };
  return (
    <form
      key={status}
      onSubmit={filter}
      className="grid gap-3 rounded-xl border border-line bg-surface p-4 sm:grid-cols-[1fr_auto] sm:items-end"
    >
      <SelectField label={t('admin.corrections.filter')} name="status" defaultValue={status}>
        {STATUS_CHOICES.map((value) => (
          <option key={value} value={value}>
            {t(`admin.corrections.status.${value}`)}
          </option>
        ))}
      </SelectField>
      <Button type="submit">{t('admin.corrections.apply')}</Button>
    </form>
  );
}

/** The list's states: loading, failed with a retry, empty, or the page of cards and its pagination. */
function CorrectionList({
  list,
  meId,
  busy,
  onPage,
  onAction,
}: {
  list: ReturnType<typeof useCorrections>;
  meId: number | undefined;
  busy: boolean;
  onPage: (page: number) => void;
  onAction: (correction: AdminCorrection, action: CorrectionAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {list.isPending && <Spinner label={t('admin.corrections.loading')} />}
      {list.isError && (
        <RetryAlert onRetry={() => void list.refetch()}>{t('admin.corrections.error')}</RetryAlert>
      )}
      {list.data && list.data.data.length === 0 && (
        <p
          role="status"
          className="rounded-xl border border-dashed border-line px-4 py-10 text-center text-muted"
        >
          {t('admin.corrections.empty')}
        </p>
      )}
      {list.data && list.data.data.length > 0 && (
        <div className="space-y-4" aria-busy={list.isFetching || undefined}>
          <ul className="space-y-3" aria-label={t('admin.corrections.title')}>
            {list.data.data.map((correction) => (
              <li key={correction.id}>
                <CorrectionCard
                  correction={correction}
                  meId={meId}
                  now={list.dataUpdatedAt}
                  busy={busy}
                  onAction={(action) => onAction(correction, action)}
                />
              </li>
            ))}
          </ul>
          <Pagination
            page={list.data.meta.current_page}
            totalPages={list.data.meta.total_pages}
            onPageChange={onPage}
            label={t('admin.corrections.title')}
            disabled={list.isFetching}
          />
        </div>
      )}
    </>
  );
}
