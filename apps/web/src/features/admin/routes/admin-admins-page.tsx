import { useState, type FormEvent } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { UserPlus } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import { ADMIN_ROLES } from '@app/shared/constants';
import type { AdminAccount } from '@app/shared/schemas/admin';
import { PageHeader } from '#components/page-header';
import { Alert } from '#components/ui/alert';
import { Badge } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { DataTable } from '#components/ui/data-table';
import { Dialog } from '#components/ui/dialog';
import { PasswordField, SelectField, TextareaField, TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { errorMessage, firstFieldErrors } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { formatTime } from '#lib/intl-format';
import { useAdminMe } from '#lib/session';
import { useUrlListState } from '#lib/use-url-list-state';
import { useAdmins, useCreateAdmin, useUpdateAdmin } from '../api/admins';

/** A text field of a submitted form ('' when absent). */
function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

const column = createColumnHelper<AdminAccount>();

/**
 * The table's columns: the admin (email and username), role, status, second factor, creation date and
 * an Edit button on every row but one's own.
 */
function adminColumns(
  t: TFunction,
  language: string,
  myId: number | undefined,
  onEdit: (admin: AdminAccount) => void,
) {
  return [
    column.accessor('email', {
      header: () => t('admin.admins.email'),
      cell: (info) => (
        <span className="flex flex-col">
          <span className="font-medium wrap-anywhere">{info.getValue()}</span>
          <span className="text-xs text-muted">{info.row.original.username}</span>
        </span>
      ),
    }),
    column.accessor('admin_role', {
      header: () => t('admin.admins.role'),
      cell: (info) => t(`admin.roles.${info.getValue()}`),
    }),
    column.accessor('status', {
      header: () => t('admin.admins.status'),
      cell: (info) => {
        const grant = info.row.original.pending_grant;
        return (
          <span className="flex flex-col items-start gap-1">
            <Badge tone={info.getValue() === 'active' ? 'success' : 'danger'}>
              {t(`admin.admins.statuses.${info.getValue()}`)}
            </Badge>
            {grant && (
              <span className="max-w-56 text-xs text-muted">
                {t('admin.admins.grantWaiting', {
                  role: t(`admin.roles.${grant.admin_role}`),
                  name: grant.proposed_by,
                  date: formatTime(grant.proposed_at, language),
                })}
              </span>
            )}
          </span>
        );
      },
    }),
    column.accessor('two_factor_enabled', {
      header: () => t('admin.admins.twoFactor'),
      cell: (info) => (info.getValue() ? t('admin.admins.twoFactorOn') : t('admin.admins.twoFactorPending')),
    }),
    column.accessor('created_at', {
      header: () => t('admin.admins.created'),
      cell: (info) => formatTime(info.getValue(), language),
      meta: { className: 'whitespace-nowrap' },
    }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">{t('admin.admins.actions')}</span>,
      cell: (info) =>
        info.row.original.id === myId ? (
          <span className="text-xs text-muted">{t('admin.admins.you')}</span>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`${t('admin.admins.edit')} ${info.row.original.email}`}
            onClick={() => onEdit(info.row.original)}
          >
            {t('admin.admins.edit')}
          </Button>
        ),
      meta: { align: 'end' },
    }),
  ];
}

/** Admins (issue 15 item 1): superadmins add admins and change other admins' role or status. */
export function AdminAdminsPage() {
  const { t, i18n } = useTranslation();
  const state = useUrlListState({ filters: [] });
  const query = useAdmins(state.query);
  const { data: me } = useAdminMe();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminAccount | null>(null);
  useDocumentMeta(t('admin.admins.title'), t('admin.admins.lead'));

  const columns = adminColumns(t, i18n.language, me?.user.id, setEditing);

  return (
    <>
      <PageHeader
        title={t('admin.admins.title')}
        description={t('admin.admins.lead')}
        actions={
          <Button onClick={() => setCreating(true)}>
            <UserPlus className="size-4" aria-hidden="true" />
            {t('admin.admins.add')}
          </Button>
        }
      />
      <DataTable
        caption={t('admin.admins.caption')}
        columns={columns}
        state={state}
        query={query}
        rowKey={(admin) => admin.id}
        empty={t('admin.admins.empty')}
      />
      {creating && <CreateAdminDialog onClose={() => setCreating(false)} />}
      {editing && <EditAdminDialog admin={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function CreateAdminDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const create = useCreateAdmin();
  const errors = firstFieldErrors(create.error);
  const failure =
    create.error && Object.keys(errors).length === 0 ? errorMessage(create.error, 'An error occurred') : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    create.mutate(
      {
        email: textOf(form, 'email'),
        username: textOf(form, 'username'),
        password: textOf(form, 'password'),
        role: textOf(form, 'role') as AdminAccount['admin_role'],
      },
      {
        onSuccess: (answer) => {
          toast.success(message(answer.message));
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('admin.admins.addTitle')}
      description={t('admin.admins.addLead')}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm text-muted">{t('admin.admins.grantsNote')}</p>
        <TextField
          name="email"
          type="email"
          label={t('admin.admins.email')}
          required
          error={message(errors.email)}
        />
        <TextField
          name="username"
          label={t('admin.admins.username')}
          required
          error={message(errors.username)}
        />
        <PasswordField
          name="password"
          label={t('admin.admins.password')}
          autoComplete="new-password"
          required
          error={message(errors.password)}
        />
        <SelectField
          name="role"
          label={t('admin.admins.role')}
          defaultValue="support"
          error={message(errors.role)}
        >
          {ADMIN_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`admin.roles.${role}`)}
            </option>
          ))}
        </SelectField>
        {failure && <Alert tone="error">{message(failure)}</Alert>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('admin.admins.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function EditAdminDialog({ admin, onClose }: { admin: AdminAccount; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const update = useUpdateAdmin();
  const errors = firstFieldErrors(update.error);
  const failure =
    update.error && Object.keys(errors).length === 0 ? errorMessage(update.error, 'An error occurred') : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const role = textOf(form, 'role') as AdminAccount['admin_role'];
    const status = textOf(form, 'status') as AdminAccount['status'];
    update.mutate(
      {
        id: admin.id,
        ...(role !== admin.admin_role ? { role } : {}),
        ...(status !== admin.status ? { status } : {}),
        reason: textOf(form, 'reason'),
      },
      {
        onSuccess: (answer) => {
          toast.success(message(answer.message));
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('admin.admins.editTitle', { email: admin.email })}
      description={t('admin.admins.editLead')}
    >
      <form onSubmit={submit} className="space-y-4">
        <p className="text-sm text-muted">{t('admin.admins.grantsNote')}</p>
        <SelectField
          name="role"
          label={t('admin.admins.role')}
          defaultValue={admin.admin_role}
          error={message(errors.role)}
        >
          {ADMIN_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`admin.roles.${role}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          name="status"
          label={t('admin.admins.status')}
          defaultValue={admin.status}
          error={message(errors.status)}
        >
          <option value="active">{t('admin.admins.statuses.active')}</option>
          <option value="suspended">{t('admin.admins.statuses.suspended')}</option>
        </SelectField>
        <TextareaField
          name="reason"
          label={t('admin.admins.reason')}
          rows={2}
          maxLength={500}
          error={message(errors.reason)}
        />
        {failure && <Alert tone="error">{message(failure)}</Alert>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('admin.admins.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
