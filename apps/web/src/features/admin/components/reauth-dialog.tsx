import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/button';
import { Dialog } from '#components/ui/dialog';
import { TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { api, ApiError, errorMessage } from '#lib/api-client';

/** Whether a call was refused for want of a recent second factor (403 REAUTH_REQUIRED). */
export function needsReauth(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'REAUTH_REQUIRED';
}

/**
 * Asks for an authenticator code (POST /api/admin/reauth) when a change needs a second factor from
 * the last 10 minutes; `onDone` then repeats the change.
 */
export function ReauthDialog({
  open,
  onOpenChange,
  onDone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(undefined);
    try {
      await api.post('/api/admin/reauth', { code: code.trim() }, { auth: 'admin' });
      setCode('');
      onOpenChange(false);
      onDone();
    } catch (failure) {
      setError(message(errorMessage(failure, 'Invalid authentication code.')));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('admin.content.reauth.title')}
      description={t('admin.content.reauth.lead')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-4">
        <TextField
          label={t('admin.content.reauth.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error}
        />
        <Button type="submit" loading={pending}>
          {t('admin.content.reauth.submit')}
        </Button>
      </form>
    </Dialog>
  );
}
