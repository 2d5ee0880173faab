import '#lib/zod-config';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminQueue } from '@app/shared/schemas/admin-queues';
import { Alert, RetryAlert } from '#components/ui/alert';
import { Badge } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { PageSpinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { ApiError, firstFieldErrors } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { useDateFormat, useMoney } from '#lib/money';
import { useDecideQueueItem, useQueueItem, type QueueItemDetail } from '../api/admin-queues-api';
import { QUEUE_PATHS_WEB, statusTone, useAge } from '../components/format';
import { ApproveDialog, RejectDialog } from './queue-item-dialogs';
import { DetailRow } from '../components/detail-row';

/** One queue item: its facts, the member's summary, and approve / reject with a confirmation. */
export function QueueItemPage({ queue }: { queue: AdminQueue }) {
  const { id } = useParams();
  const { t } = useTranslation();
  const itemId = Number(id);
  if (!Number.isInteger(itemId) || itemId <= 0)
    return <Alert tone="error">{t('adminQueues.item.notFound')}</Alert>;
  return <QueueItem key={itemId} queue={queue} id={itemId} />;
}

function QueueItem({ queue, id }: { queue: AdminQueue; id: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const detail = useQueueItem(queue, id);
  const { pending, dialog, setDialog, outcome, run, fieldErrors } = useDecision(queue, id);
  const back = useBackToQueue(queue);
  useDocumentMeta(t(`adminQueues.item.titles.${queue}`, { id }), t('adminQueues.queue.metaDescription'));

  if (detail.isPending) return <PageSpinner label={t('adminQueues.item.loading')} />;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return missing ? (
      <Alert tone="error">{t('adminQueues.item.notFound')}</Alert>
    ) : (
      <RetryAlert onRetry={() => void detail.refetch()}>{t('adminQueues.item.error')}</RetryAlert>
    );
  }
  const { item, decision } = detail.data;
  const who = `${item.member.username} (${item.member.email})`;

  return (
    <section className="space-y-6">
      <Button variant="link" onClick={back}>
        {t('adminQueues.item.back')}
      </Button>
      <h1 className="text-2xl font-semibold tracking-tight">
        {t(`adminQueues.item.titles.${queue}`, { id: item.id })}
      </h1>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <div className="grid gap-6 lg:grid-cols-2">
        <RequestCard queue={queue} item={item} decision={decision} />
        <MemberCard member={detail.data.member} />
      </div>
      {item.status === 'pending' && (
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => setDialog('approve')} disabled={pending}>
            {t(
              item.awaitingSecondApproval
                ? `adminQueues.item.approveSecond.${queue}`
                : `adminQueues.item.approve.${queue}`,
            )}
          </Button>
          <Button variant="secondary" onClick={() => setDialog('reject')} disabled={pending}>
            {t('adminQueues.item.reject')}
          </Button>
        </div>
      )}
      <ApproveDialog
        queue={queue}
        detail={detail.data}
        open={dialog === 'approve'}
        pending={pending}
        description={t(
          // A first approval of two moves nothing: the dialog says so (decisions 125, 235).
          detail.data.fourEyes?.needsSecondApproval && !item.awaitingSecondApproval
            ? `adminQueues.item.confirmFirstApproval.${queue}`
            : 'adminQueues.item.confirmApprove',
          { amount: money(item.amount), member: who },
        )}
        serverErrors={fieldErrors}
        onClose={() => setDialog(null)}
        onApprove={(statement) => run({ kind: 'approve', statement })}
      />
      <RejectDialog
        queue={queue}
        open={dialog === 'reject'}
        pending={pending}
        description={t('adminQueues.item.confirmReject', { amount: money(item.amount), member: who })}
        onClose={() => setDialog(null)}
        onReject={(reason_code, reason) => run({ kind: 'reject', reason_code, reason })}
      />
    </section>
  );
}

/**
 * The decision's state: which confirmation is open, the last decision's outcome, and `run`, which
 * sends a decision and closes the confirmation once the server has answered; an approval refused on
 * its fields (a bank transfer's statement line) keeps the confirmation open with the fields' errors.
 */
function useDecision(queue: AdminQueue, id: number) {
  const { t } = useTranslation();
  const message = useMessage();
  const decide = useDecideQueueItem(queue, id);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const run = (body: Parameters<typeof decide.mutate>[0]) => {
    setFieldErrors({});
    decide.mutate(body, {
      onSuccess: (answer) => {
        setDialog(null);
        setOutcome({ tone: 'success', text: message(answer.message) });
      },
      onError: (error) => {
        const fields = firstFieldErrors(error);
        if (body.kind === 'approve' && Object.keys(fields).length > 0) {
          setFieldErrors(fields);
          return;
        }
        setDialog(null);
        const text =
          error instanceof ApiError && error.code === 'REAUTH_REQUIRED'
            ? t('adminQueues.item.reauth')
            : error instanceof ApiError && error.serverMessage
              ? message(error.serverMessage)
              : t('adminQueues.item.decisionFailed');
        setOutcome({ tone: 'error', text });
      },
    });
  };
  const openOrClose = (next: 'approve' | 'reject' | null) => {
    setFieldErrors({});
    setDialog(next);
  };

  return { pending: decide.isPending, dialog, setDialog: openOrClose, outcome, run, fieldErrors };
}

/** Back to the list as it was (its filters are in the URL); straight to the queue when opened directly. */
function useBackToQueue(queue: AdminQueue) {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(QUEUE_PATHS_WEB[queue]);
  };
}

/** The request's facts: amount, status, when it was made, its detail, and who decided it. */
function RequestCard({
  queue,
  item,
  decision,
}: {
  queue: AdminQueue;
  item: QueueItemDetail['item'];
  decision: QueueItemDetail['decision'];
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const date = useDateFormat();
  const age = useAge();
  return (
    <Card className="p-5">
      <h2 className="font-semibold">{t('adminQueues.item.request')}</h2>
      <dl className="mt-3 text-sm">
        <DetailRow label={t('adminQueues.queue.columns.amount')}>{money(item.amount)}</DetailRow>
        <DetailRow label={t('adminQueues.queue.columns.status')}>
          <Badge tone={statusTone(item.status)}>{t(`adminQueues.status.${item.status}`)}</Badge>
        </DetailRow>
        <DetailRow label={t('adminQueues.item.made')}>
          {date(item.created_at)}
          {item.status === 'pending' && ` · ${t('adminQueues.item.waiting', { age: age(item.age_seconds) })}`}
        </DetailRow>
        <DetailRow label={t(`adminQueues.item.detailLabel.${queue}`)}>{item.detail}</DetailRow>
        {item.reason && <DetailRow label={t('adminQueues.item.reason')}>{item.reason}</DetailRow>}
        {item.bankReference && (
          <DetailRow label={t('adminQueues.item.bankReference')}>{item.bankReference}</DetailRow>
        )}
        {item.awaitingSecondApproval && (
          <DetailRow label={t('adminQueues.item.fourEyes')}>
            {t(`adminQueues.item.firstApprovedBy.${queue}`, { name: item.firstApprover ?? '' })}
          </DetailRow>
        )}
        {decision && (
          <DetailRow label={t('adminQueues.item.decidedBy')}>
            {t('adminQueues.item.decision', {
              name: decision.by?.username ?? t('adminQueues.item.system'),
              date: date(decision.at),
            })}
          </DetailRow>
        )}
      </dl>
    </Card>
  );
}

function MemberCard({ member }: { member: QueueItemDetail['member'] }) {
  const { t } = useTranslation();
  const money = useMoney();
  const date = useDateFormat();
  return (
    <Card className="p-5">
      <h2 className="font-semibold">{t('adminQueues.item.member')}</h2>
      <dl className="mt-3 text-sm">
        <DetailRow label={t('adminQueues.members.columns.member')}>
          <Link className="text-brand-text underline underline-offset-4" to={`/admin/members/${member.id}`}>
            {member.username}
          </Link>{' '}
          <span className="text-muted">{member.email}</span>
        </DetailRow>
        <DetailRow label={t('adminQueues.members.columns.status')}>
          <Badge tone={member.status === 'active' ? 'success' : 'danger'}>
            {t(`adminQueues.members.status.${member.status}`)}
          </Badge>
        </DetailRow>
        <DetailRow label={t('adminQueues.members.joined')}>{date(member.created_at)}</DetailRow>
        <DetailRow label={t('adminQueues.money.balance')}>{money(member.balance)}</DetailRow>
        <DetailRow label={t('adminQueues.money.withdrawalHold')}>{money(member.withdrawal_hold)}</DetailRow>
        <DetailRow label={t('adminQueues.money.invested')}>{money(member.invested)}</DetailRow>
        <DetailRow label={t('adminQueues.money.loanOutstanding')}>{money(member.loan_outstanding)}</DetailRow>
        <DetailRow label={t('adminQueues.money.refundDebt')}>{money(member.refund_debt)}</DetailRow>
        <DetailRow label={t('adminQueues.money.totalDeposit')}>{money(member.total_deposit)}</DetailRow>
        <DetailRow label={t('adminQueues.money.totalWithdrawn')}>{money(member.total_withdrawn)}</DetailRow>
      </dl>
    </Card>
  );
}
