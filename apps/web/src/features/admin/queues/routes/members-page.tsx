import { useMemo, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formText } from '../components/form-value';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminMemberRow } from '@app/shared/schemas/admin-members';
import { Badge } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { DataTable } from '#components/ui/data-table';
import { SelectField, TextField } from '#components/ui/field';
import { useDocumentMeta } from '#lib/document-meta';
import { useDateFormat } from '#lib/money';
import { useUrlListState } from '#lib/use-url-list-state';
import { useMembers } from '../api/admin-queues-api';

const FILTERS = ['q', 'status'] as const;
const column = createColumnHelper<AdminMemberRow>();

/** Members: search by id, referral code, or the start of an email or username; the search is in the URL. */
export function MembersPage() {
  const { t } = useTranslation();
  const state = useUrlListState({ filters: FILTERS });
  const list = useMembers(state.query);
  useDocumentMeta(t('adminQueues.members.title'), t('adminQueues.members.metaDescription'));
  const columns = useMemberColumns();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    state.setFilters({ q: formText(form, 'q'), status: formText(form, 'status') });
  };
  const fieldErrors = (list.error as { fieldErrors?: Record<string, string[]> } | null)?.fieldErrors;
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('adminQueues.members.title')}</h1>
      <form
        key={JSON.stringify(state.filters)}
        onSubmit={submit}
        role="search"
        className="grid gap-3 rounded-xl border border-line bg-surface p-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
      >
        <TextField
          label={t('adminQueues.members.search')}
          hint={t('adminQueues.members.searchHint')}
          name="q"
          type="search"
          defaultValue={state.filters.q}
          error={fieldErrors?.q?.[0]}
        />
        <SelectField
          label={t('adminQueues.members.columns.status')}
          name="status"
          defaultValue={state.filters.status}
        >
          <option value="">{t('adminQueues.members.anyStatus')}</option>
          <option value="active">{t('adminQueues.members.status.active')}</option>
          <option value="suspended">{t('adminQueues.members.status.suspended')}</option>
          <option value="closed">{t('adminQueues.members.status.closed')}</option>
        </SelectField>
        <Button type="submit">{t('adminQueues.members.searchButton')}</Button>
      </form>
      <DataTable
        caption={t('adminQueues.members.title')}
        columns={columns}
        state={state}
        query={list}
        rowKey={(row) => row.id}
        empty={t('adminQueues.members.empty')}
        errorText={t('adminQueues.members.error')}
      />
    </section>
  );
}

/** The members table's columns: id, member (a link to their page), referral code, status, joined. */
function useMemberColumns() {
  const { t } = useTranslation();
  const date = useDateFormat();
  return useMemo(
    () => [
      column.accessor('id', { header: t('adminQueues.queue.columns.id'), enableSorting: false }),
      // The two columns the server sorts (MEMBER_SORTS).
      column.accessor('username', {
        header: t('adminQueues.members.columns.member'),
        enableSorting: true,
        cell: (info) => (
          <span className="flex flex-col">
            <Link
              className="font-medium text-brand-text underline underline-offset-4"
              to={`/admin/members/${info.row.original.id}`}
            >
              {info.getValue()}
            </Link>
            <span className="text-xs text-muted wrap-anywhere">{info.row.original.email}</span>
          </span>
        ),
      }),
      column.accessor('referral_code', {
        header: t('adminQueues.members.columns.referral'),
        enableSorting: false,
      }),
      column.accessor('status', {
        header: t('adminQueues.members.columns.status'),
        enableSorting: false,
        cell: (info) => (
          <Badge
            tone={
              info.getValue() === 'active' ? 'success' : info.getValue() === 'closed' ? 'neutral' : 'danger'
            }
          >
            {t(`adminQueues.members.status.${info.getValue()}`)}
          </Badge>
        ),
      }),
      column.accessor('created_at', {
        header: t('adminQueues.members.joined'),
        enableSorting: true,
        meta: { descFirst: true },
        cell: (info) => date(info.getValue()),
      }),
    ],
    [t, date],
  );
}
