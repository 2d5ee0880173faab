import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { UserX } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserResponse } from '@app/shared/schemas/auth';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { LazyDialog } from '#components/ui/lazy-dialog';
import { PasswordField, TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { applyFieldErrors } from '#lib/form-errors';
import { lazyZodResolver, useLazyResolver } from '#lib/lazy-resolver';
import { useCloseAccount } from '../api/account';

/** The request's schema, loaded apart from the page (decision 202). */
const resolver = lazyZodResolver(
  async () => (await import('@app/shared/schemas/account')).CloseAccountRequest,
);

/**
 * "Close account" (decision 177): a confirm dialog with the password (and a 2FA code when on). A
 * refusal shows its reason and what to do in the dialog; on success this device is signed out too.
 */
export function CloseAccountPanel({ user }: { user: UserResponse }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-danger-line p-5 sm:p-7">
      <section aria-labelledby="close-account-title">
        <h2 id="close-account-title" className="font-semibold">
          {t('settings.close.title')}
        </h2>
        <p className="mt-0.5 text-sm text-muted">{t('settings.close.lead')}</p>
        <Button className="mt-5" variant="danger" onClick={() => setOpen(true)}>
          <UserX className="size-4" aria-hidden="true" />
          {t('settings.close.open')}
        </Button>
      </section>
      <LazyDialog
        open={open}
        onOpenChange={setOpen}
        title={t('settings.close.confirmTitle')}
        description={t('settings.close.confirmText')}
      >
        {open && <CloseAccountForm twoFactor={user.two_factor_enabled} onCancel={() => setOpen(false)} />}
      </LazyDialog>
    </Card>
  );
}

function CloseAccountForm({ twoFactor, onCancel }: { twoFactor: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const closeAccount = useCloseAccount();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: useLazyResolver(resolver),
    defaultValues: { password: '', code: undefined },
  });

  const onSubmit = handleSubmit((values) => {
    setRefusal(null);
    closeAccount.mutate(
      { password: values.password, ...(twoFactor && values.code ? { code: values.code } : {}) },
      {
        onSuccess: (closed) => {
          // What the member saw must not outlive the account in this tab.
          queryClient.clear();
          // The sign-in screen's lasting banner says the answer (e.g. what to do about a small balance
          // left), rather than a toast that fades and a banner saying only "Logged out".
          void navigate('/login', { replace: true, state: { accountClosed: closed.message } });
        },
        onError: (error) => {
          if (!applyFieldErrors(error, setError, ['password', 'code'])) {
            setRefusal(errorMessage(error, 'Your account could not be closed.'));
          }
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {refusal && <Alert tone="error">{message(refusal)}</Alert>}
      <PasswordField
        label={t('settings.close.password')}
        autoComplete="current-password"
        error={message(errors.password?.message)}
        {...register('password')}
      />
      {twoFactor && (
        <TextField
          label={t('settings.close.code')}
          autoComplete="one-time-code"
          inputMode="text"
          error={message(errors.code?.message)}
          {...register('code', { setValueAs: (value: string) => (value === '' ? undefined : value) })}
        />
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="danger" loading={closeAccount.isPending || isSubmitting}>
          {t('settings.close.submit')}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
