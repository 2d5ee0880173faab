import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MemberSection } from '@app/shared/schemas/admin-members';
import { Alert, RetryAlert } from '#components/ui/alert';
import { Badge } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { Pagination } from '#components/ui/pagination';
import { PageSpinner, Spinner } from '#components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#components/ui/tabs';
import { ApiError } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { useAdminMe } from '#lib/session';
import { useDateFormat, useMoney } from '#lib/money';
import { ProposeCorrection } from '../../corrections/propose-correction';
import { AccountCard, MoneyCard } from './member-cards';
import { useMember, useMemberSection } from '../api/admin-queues-api';
import { StatusDialog, TwoFactorResetDialog } from './member-dialogs';
import { describeSectionRow } from './member-section-row';

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
  // Suspending and removing a second factor are support's (and a superadmin's), on the server too;
  // finance reads the page and proposes corrections.
  const role = useAdminMe().data?.user.admin_role;
  const supportsMembers = role === 'support' || role === 'superadmin';
  const [dialog, setDialog] = useState<'status' | 'two-factor' | null>(null);
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
        {account.status !== 'closed' && supportsMembers && (
          <div className="ms-auto flex flex-wrap gap-2">
            {account.two_factor_enabled && (
              <Button variant="secondary" onClick={() => setDialog('two-factor')}>
                {t('adminQueues.members.resetTwoFactor')}
              </Button>
            )}
            <Button
              variant={account.status === 'active' ? 'danger' : 'primary'}
              onClick={() => setDialog('status')}
            >
              {t(
                account.status === 'active'
                  ? 'adminQueues.members.suspend'
                  : 'adminQueues.members.reactivate',
              )}
            </Button>
          </div>
        )}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <AccountCard data={data} />
        {data.money && <MoneyCard totals={data.money} />}
      </div>
      <ProposeCorrection memberId={account.id} memberLabel={`${account.username} (${account.email})`} />
      <Sections id={id} sections={data.sections as MemberSection[]} />
      <StatusDialog member={data} open={dialog === 'status'} onClose={() => setDialog(null)} />
      <TwoFactorResetDialog member={data} open={dialog === 'two-factor'} onClose={() => setDialog(null)} />
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

/** One section's rows as a simple list: when, what in the reader's words, and a figure. */
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
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const date = useDateFormat();
  const query = useMemberSection(id, section, page);
  if (query.isPending) return <Spinner label={t('adminQueues.members.loading')} />;
  if (query.isError) {
    return <RetryAlert onRetry={() => void query.refetch()}>{t('adminQueues.members.error')}</RetryAlert>;
  }
  if (query.data.data.length === 0)
    return <p className="text-muted">{t('adminQueues.members.sectionEmpty')}</p>;
  const formatters = {
    t,
    money: (value: number) => money(value),
    date,
    language: i18n.resolvedLanguage ?? 'en',
  };
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
        {query.data.data.map((row, index) => {
          const { when, title, detail: amount } = describeSectionRow(section, row, formatters);
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
