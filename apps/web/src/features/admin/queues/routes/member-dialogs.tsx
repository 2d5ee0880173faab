import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminMemberDetailResponse } from '@app/shared/schemas/admin-members';
import { Button } from '#components/ui/button';
import { Dialog } from '#components/ui/dialog';
import { TextareaField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { ApiError } from '#lib/api-client';
import { toast } from '#lib/toast';
import { formText } from '../components/form-value';
import { useChangeMemberStatus, useResetMemberTwoFactor } from '../api/admin-queues-api';

interface ReasonDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  submitLabel: string;
  danger: boolean;
  pending: boolean;
  /** Sends the reason; calls `failed` with the server's message (or null) when it is refused. */
  send: (reason: string, done: () => void, failed: (message: string | null) => void) => void;
}

/** A back-office action on a member that the audit log keeps with its reason. */
function ReasonDialog({
  open,
  onClose,
  title,
  description,
  submitLabel,
  danger,
  pending,
  send,
}: ReasonDialogProps) {
  const { t } = useTranslation();
  const message = useMessage();
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = formText(new FormData(event.currentTarget), 'reason').trim();
    if (!reason) {
      setError(message('Please give a reason.'));
      return;
    }
    send(reason, onClose, (failure) =>
      setError(failure ? message(failure) : t('adminQueues.members.statusFailed')),
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !pending && !next && onClose()}
      title={title}
      description={description}
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
          <Button type="button" variant="secondary" onClick={onClose} disabled={pending}>
            {t('adminQueues.item.cancel')}
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={pending}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

const serverMessage = (failure: unknown) =>
  failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : null;

interface MemberDialogProps {
  member: AdminMemberDetailResponse;
  open: boolean;
  onClose: () => void;
}

/** Suspend or reactivate, with a reason. */
export function StatusDialog({ member, open, onClose }: MemberDialogProps) {
  const { t } = useTranslation();
  const message = useMessage();
  const change = useChangeMemberStatus(member.member.id);
  const suspending = member.member.status === 'active';
  const label = t(suspending ? 'adminQueues.members.suspend' : 'adminQueues.members.reactivate');
  return (
    <ReasonDialog
      open={open}
      onClose={onClose}
      title={label}
      description={t(
        suspending ? 'adminQueues.members.confirmSuspend' : 'adminQueues.members.confirmReactivate',
        { member: `${member.member.username} (${member.member.email})` },
      )}
      submitLabel={label}
      danger={suspending}
      pending={change.isPending}
      send={(reason, done, failed) =>
        change.mutate(
          { status: suspending ? 'suspended' : 'active', reason },
          {
            onSuccess: (answer) => {
              toast.success(message(answer.message));
              done();
            },
            onError: (failure) => failed(serverMessage(failure)),
          },
        )
      }
    />
  );
}

/** Remove the member's second factor (decision 231), with a reason. */
export function TwoFactorResetDialog({ member, open, onClose }: MemberDialogProps) {
  const { t } = useTranslation();
  const reset = useResetMemberTwoFactor(member.member.id);
  return (
    <ReasonDialog
      open={open}
      onClose={onClose}
      title={t('adminQueues.members.resetTwoFactor')}
      description={t('adminQueues.members.confirmResetTwoFactor', {
        member: `${member.member.username} (${member.member.email})`,
      })}
      submitLabel={t('adminQueues.members.resetTwoFactor')}
      danger
      pending={reset.isPending}
      send={(reason, done, failed) =>
        reset.mutate(reason, { onSuccess: done, onError: (failure) => failed(serverMessage(failure)) })
      }
    />
  );
}
