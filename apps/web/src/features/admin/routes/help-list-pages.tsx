import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, Plus } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import type { AdminArticle, AdminFaq } from '@app/shared/schemas/admin-content';
import { Badge } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { DataTable } from '#components/ui/data-table';
import { Dialog } from '#components/ui/dialog';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { useUrlListState } from '#lib/use-url-list-state';
import { useHelpContent, useHelpRowAction, type HelpContentKind } from '../api/help-admin';
import { ContentPageHeader } from '../components/admin-page-frame';
import { ListFilters } from '../components/list-filters';

type Item = AdminArticle | AdminFaq;
const titleOf = (item: Item) => ('title' in item ? item.title : item.question);

/** One place up or down in the public order. */
function MoveButtons({
  name,
  pending,
  onMove,
}: {
  name: string;
  pending: boolean;
  onMove: (move: 'up' | 'down') => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`${t('admin.content.help.moveUp')}: ${name}`}
        disabled={pending}
        onClick={() => onMove('up')}
      >
        <ArrowUp className="size-4" aria-hidden="true" />
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`${t('admin.content.help.moveDown')}: ${name}`}
        disabled={pending}
        onClick={() => onMove('down')}
      >
        <ArrowDown className="size-4" aria-hidden="true" />
      </Button>
    </>
  );
}

/** Delete, after a confirmation naming the row; the dialog closes once the row is gone. */
function DeleteButton({
  name,
  pending,
  onDelete,
}: {
  name: string;
  pending: boolean;
  onDelete: (after: () => void) => void;
}) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`${t('admin.content.help.delete')}: ${name}`}
        onClick={() => setDeleting(true)}
      >
        {t('admin.content.help.delete')}
      </Button>
      <Dialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('admin.content.help.delete')}
        description={t('admin.content.help.confirmDelete', { name })}
      >
        <div className="mt-5 flex flex-wrap gap-3">
          <Button variant="danger" loading={pending} onClick={() => onDelete(() => setDeleting(false))}>
            {t('admin.content.help.delete')}
          </Button>
          <Button variant="secondary" onClick={() => setDeleting(false)} disabled={pending}>
            {t('admin.content.cancel')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

/** Publish/unpublish, one place up or down, edit and delete (after a confirmation) of one row. */
function ItemActions({ kind, item }: { kind: HelpContentKind; item: Item }) {
  const { t } = useTranslation();
  const message = useMessage();
  const action = useHelpRowAction(kind);
  const name = titleOf(item);
  const run = (input: Parameters<typeof action.mutate>[0], after?: () => void) =>
    action.mutate(input, {
      onSuccess: (answer) => {
        after?.();
        toast.success(message(answer.message));
      },
      onError: (error) => toast.error(message(errorMessage(error, 'Could not save.'))),
    });
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <MoveButtons name={name} pending={action.isPending} onMove={(move) => run({ id: item.id, move })} />
      <Button
        size="sm"
        variant="secondary"
        aria-label={`${t(item.published ? 'admin.content.help.unpublish' : 'admin.content.help.publish')}: ${name}`}
        disabled={action.isPending}
        onClick={() => run({ id: item.id, published: !item.published })}
      >
        {t(item.published ? 'admin.content.help.unpublish' : 'admin.content.help.publish')}
      </Button>
      <Button asChild size="sm" variant="secondary">
        <Link to={`/admin/help/${kind}/${item.id}`} aria-label={`${t('admin.content.edit')}: ${name}`}>
          {t('admin.content.edit')}
        </Link>
      </Button>
      <Button asChild size="sm" variant="secondary">
        <Link
          to={`/admin/help/${kind}/${item.id}/languages`}
          aria-label={`${t('admin.content.help.languages.row')}: ${name}`}
        >
          {t('admin.content.help.languages.row')}
        </Link>
      </Button>
      <DeleteButton
        name={name}
        pending={action.isPending}
        onDelete={(after) => run({ id: item.id, remove: true }, after)}
      />
    </div>
  );
}

/** The list's columns: the public order, title (or question), language, category, status and actions. */
function helpColumns(kind: HelpContentKind, t: TFunction, page: number): ColumnDef<Item>[] {
  return [
    {
      id: 'position',
      header: t('admin.content.help.order'),
      enableSorting: false,
      meta: { align: 'end' },
      cell: ({ row }) => row.index + 1 + (page - 1) * 50,
    },
    {
      id: 'title',
      header: kind === 'articles' ? t('admin.content.help.title') : t('admin.content.help.question'),
      enableSorting: false,
      cell: ({ row }) => (
        <>
          <span className="font-medium">{titleOf(row.original)}</span>
          {'slug' in row.original && <span className="block text-xs text-muted">{row.original.slug}</span>}
        </>
      ),
    },
    {
      id: 'language',
      header: t('admin.content.settings.languages'),
      enableSorting: false,
      cell: ({ row }) => t(`admin.content.settings.languageNames.${row.original.language}`),
    },
    {
      id: 'category',
      header: t('admin.content.help.category'),
      enableSorting: false,
      cell: ({ row }) => t(`admin.content.help.categories.${row.original.category}`, row.original.category),
    },
    {
      id: 'published',
      header: t('admin.content.status'),
      enableSorting: false,
      cell: ({ row }) => (
        <Badge tone={row.original.published ? 'success' : 'neutral'}>
          {t(row.original.published ? 'admin.content.help.published' : 'admin.content.help.draft')}
        </Badge>
      ),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t('admin.content.actions')}</span>,
      enableSorting: false,
      meta: { align: 'end' },
      cell: ({ row }) => <ItemActions kind={kind} item={row.original} />,
    },
  ];
}

/** /admin/help/articles and /admin/help/faqs: help content in its public order (issue 15 item 6). */
export function HelpContentListPage({ kind }: { kind: HelpContentKind }) {
  const { t } = useTranslation();
  const list = useUrlListState({ filters: ['q', 'published'] as const });
  const query = useHelpContent(kind, list.query);
  useDocumentMeta(t(`admin.content.help.${kind}.title`), t('admin.content.help.metaDescription'));

  const columns = useMemo(() => helpColumns(kind, t, list.page), [t, kind, list.page]);

  return (
    <>
      <ContentPageHeader
        title={t(`admin.content.help.${kind}.title`)}
        lead={t('admin.content.help.orderHint')}
        actions={
          <Button asChild>
            <Link to={`/admin/help/${kind}/new`}>
              <Plus className="size-4" aria-hidden="true" />
              {t(`admin.content.help.${kind}.new`)}
            </Link>
          </Button>
        }
      />
      <ListFilters
        searchLabel={t(`admin.content.help.${kind}.searchLabel`)}
        list={list}
        choice={{
          name: 'published',
          label: t('admin.content.help.publishedFilter'),
          options: [
            { value: 'true', label: t('admin.content.help.published') },
            { value: 'false', label: t('admin.content.help.draft') },
          ],
        }}
      />
      <DataTable<Item>
        caption={t(`admin.content.help.${kind}.title`)}
        columns={columns}
        state={list}
        query={query}
        rowKey={(item) => item.id}
        empty={t(`admin.content.help.${kind}.empty`)}
        errorText={t('admin.content.listFailed')}
      />
    </>
  );
}
