import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfirmPasswordResponse } from '@app/shared/schemas/auth';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { PasswordField } from '#components/ui/field';
import { LazyDialog } from '#components/ui/lazy-dialog';
import { useMessage } from '#i18n/use-message';
import { api, errorMessage, firstFieldErrors } from '#lib/api-client';
import { setPasswordConfirmHandler } from '#lib/password-confirm';
import { useAskedDialog } from '#lib/use-asked-dialog';

/**
 * The member's "sudo mode" dialog (decision 230): when a withdrawal, a withdrawal destination or
 * turning 2FA on answers REAUTH_REQUIRED, it asks for the password, opens the 10-minute window with
 * POST /api/confirm-password, and the call is sent again (lib/api-client.ts). Calls that meet it
 * together wait for the same answer; Cancel gives them their REAUTH_REQUIRED error back.
 */
export function PasswordConfirmDialog() {
  const { t } = useTranslation();
  const message = useMessage();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const reset = useCallback(() => {
    setPassword('');
    setFieldError(undefined);
    setFailure(null);
  }, []);
  const { open, ask, settle } = useAskedDialog(reset);
  useEffect(() => setPasswordConfirmHandler(ask), [ask]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(undefined);
    setFailure(null);
    setPending(true);
    try {
      await api.post<ConfirmPasswordResponse>('/api/confirm-password', { password });
      settle(true);
    } catch (error) {
      const onField = firstFieldErrors(error).password;
      if (onField) setFieldError(message(onField));
      else setFailure(errorMessage(error, 'The password is incorrect.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <LazyDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) settle(false);
      }}
      title={t('shell.passwordConfirm.title')}
      description={t('shell.passwordConfirm.lead')}
    >
      <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
        <PasswordField
          label={t('shell.passwordConfirm.password')}
          autoComplete="current-password"
          required
          autoFocus
          value={password}
          error={fieldError}
          onChange={(event) => setPassword(event.target.value)}
        />
        {failure && <Alert tone="error">{message(failure)}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" type="button" onClick={() => settle(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending} disabled={password.length === 0}>
            {t('shell.passwordConfirm.submit')}
          </Button>
        </div>
      </form>
    </LazyDialog>
  );
}
