import { useState, type FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formText } from '../components/form-value';
import type { AdminMemberDetailResponse, MemberSection } from '@app/shared/schemas/admin-members';
import { Alert, RetryAlert } from '#components/ui/alert';
import { Badge } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { Dialog } from '#components/ui/dialog';
import { TextareaField } from '#components/ui/field';
import { Pagination } from '#components/ui/pagination';
import { PageSpinner, Spinner } from '#components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#components/ui/tabs';
import { useMessage } from '#i18n/use-message';
import { ApiError } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { useDateFormat, useMoney } from '#lib/money';
import { ProposeCorrection } from '../../corrections/propose-correction';
import { AccountCard, MoneyCard } from './member-cards';
import { useChangeMemberStatus, useMember, useMemberSection } from '../api/admin-queues-api';

/** A member's page: account, money, profile, and each history as a paged section. */
export function MemberPage() {
  const { id } = useParams();
  const memberId = Number(id);
  const { t } = useTranslation();
  if (!Number.isInteger(memberId) || memberId <= 0)
    return <Alert tone="error">{t('adminQueues.members.notFound')}</Alert>;
  return <Member id={memberId} />;
}

function Member({ id }: { id: number }) {
  const { t } = useTranslation();
  const member = useMember(id);
  const [dialog, setDialog] = useState(false);
  useDocumentMeta(t('adminQueues.members.pageTitle', { id }), t('adminQueues.members.metaDescription'));
  if (member.isPending) return <PageSpinner label={t('adminQueues.members.loading')} />;
  if (member.isError) {
    return member.error instanceof ApiError && member.error.status === 404 ? (
      <Alert tone="error">{t('adminQueues.members.notFound')}</Alert>
    ) : (
      <RetryAlert onRetry={() => void member.refetch()}>{t('adminQueues.members.error')}</RetryAlert>
    );
  }
  const data = member.data;
  const account = data.member;
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{account.username}</h1>
        <Badge tone={account.status === 'active' ? 'success' : 'danger'}>
          {t(`adminQueues.members.status.${account.status}`)}
        </Badge>
        {account.status !== 'closed' && (
          <Button
            className="ms-auto"
            variant={account.status === 'active' ? 'danger' : 'primary'}
            onClick={() => setDialog(true)}
          >
            {t(
              account.status === 'active' ? 'adminQueues.members.suspend' : 'adminQueues.members.reactivate',
            )}
          </Button>
        )}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <AccountCard data={data} />
        {data.money && <MoneyCard totals={data.money} />}
      </div>
      <ProposeCorrection memberId={account.id} memberLabel={`${account.username} (${account.email})`} />
      <Sections id={id} sections={data.sections as MemberSection[]} />
      <StatusDialog member={data} open={dialog} onClose={() => setDialog(false)} />
    </section>
  );
}

/**
 * The open section and its page live in the URL (`?section=ledger&page=3`, decision 122): Back from a
 * screen opened here returns to the same page of the same history.
 */
function Sections({ id, sections }: { id: number; sections: MemberSection[] }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('section') as MemberSection | null;
  const current = asked && sections.includes(asked) ? asked : (sections[0] ?? 'sessions');
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const show = (section: MemberSection, nextPage: number) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('section', section);
      if (nextPage > 1) next.set('page', String(nextPage));
      else next.delete('page');
      return next;
    });
  return (
    <Tabs value={current} onValueChange={(value) => show(value as MemberSection, 1)}>
      <TabsList aria-label={t('adminQueues.members.history')} className="flex-wrap">
        {sections.map((section) => (
          <TabsTrigger key={section} value={section}>
            {t(`adminQueues.members.sections.${section}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      {sections.map((section) => (
        <TabsContent key={section} value={section} className="mt-4">
          {current === section && (
            <Section id={id} section={section} page={page} setPage={(next) => show(section, next)} />
          )}
        </TabsContent>
      ))}
    </Tabs>
  );
}

/** One section's rows as a simple list: the first columns of each row, whatever the section. */
function Section({
  id,
  section,
  page,
  setPage,
}: {
  id: number;
  section: MemberSection;
  page: number;
  setPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const date = useDateFormat();
  const query = useMemberSection(id, section, page);
  if (query.isPending) return <Spinner label={t('adminQueues.members.loading')} />;
  if (query.isError) {
    return <RetryAlert onRetry={() => void query.refetch()}>{t('adminQueues.members.error')}</RetryAlert>;
  }
  if (query.data.data.length === 0)
    return <p className="text-muted">{t('adminQueues.members.sectionEmpty')}</p>;
  const text = (row: Record<string, unknown>, keys: string[]) => {
    for (const key of keys) {
      const value = row[key];
      if (typeof value === 'string' && value) return value;
    }
    return '';
  };
  const describe = (row: Record<string, unknown>): [string, string, string] => {
    const when = text(row, ['created_at', 'date', 'starts_at', 'disbursed_at']);
    const title = text(row, [
      'plan_name',
      'name',
      'title',
      'action',
      'description',
      'reference',
      'kind',
      'status',
    ]);
    const amountValue = row.amount ?? row.principal ?? row.invested;
    const amount = typeof amountValue === 'number' ? money(amountValue) : text(row, ['ip', 'status']);
    return [date(when), title, amount];
  };
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
        {query.data.data.map((row, index) => {
          const [when, title, amount] = describe(row);
          return (
            <li
              key={`${String((row as { id: unknown }).id)}-${index}`}
              className="flex flex-wrap gap-3 px-4 py-3 text-sm"
            >
              <span className="w-28 shrink-0 text-muted">{when}</span>
              <span className="min-w-0 flex-1 wrap-anywhere">{title}</span>
              <span className="tabular-nums">{amount}</span>
            </li>
          );
        })}
      </ul>
      <Pagination
        page={query.data.meta.current_page}
        totalPages={query.data.meta.total_pages}
        onPageChange={setPage}
        label={t(`adminQueues.members.sections.${section}`)}
        disabled={query.isFetching}
      />
    </div>
  );
}

function StatusDialog({
  member,
  open,
  onClose,
}: {
  member: AdminMemberDetailResponse;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const change = useChangeMemberStatus(member.member.id);
  const [error, setError] = useState<string | undefined>();
  const suspending = member.member.status === 'active';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = formText(new FormData(event.currentTarget), 'reason').trim();
    if (!reason) {
      setError(message('Please give a reason.'));
      return;
    }
    change.mutate(
      { status: suspending ? 'suspended' : 'active', reason },
      {
        onSuccess: onClose,
        onError: (failure) =>
          setError(
            failure instanceof ApiError && failure.serverMessage
              ? message(failure.serverMessage)
              : t('adminQueues.members.statusFailed'),
          ),
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !change.isPending && !next && onClose()}
      title={t(suspending ? 'adminQueues.members.suspend' : 'adminQueues.members.reactivate')}
      description={t(
        suspending ? 'adminQueues.members.confirmSuspend' : 'adminQueues.members.confirmReactivate',
        {
          member: `${member.member.username} (${member.member.email})`,
        },
      )}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextareaField
          label={t('adminQueues.members.reason')}
          name="reason"
          rows={3}
          maxLength={500}
          error={error}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose} disabled={change.isPending}>
            {t('adminQueues.item.cancel')}
          </Button>
          <Button type="submit" variant={suspending ? 'danger' : 'primary'} loading={change.isPending}>
            {t(suspending ? 'adminQueues.members.suspend' : 'adminQueues.members.reactivate')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
