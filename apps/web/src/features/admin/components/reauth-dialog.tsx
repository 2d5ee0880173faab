import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminReauthResponse } from '@app/shared/schemas/admin';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Dialog } from '#components/ui/dialog';
import { TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { api, errorMessage } from '#lib/api-client';
import { adminMeQueryKey } from '#lib/session';
import { useAskedDialog } from '#lib/use-asked-dialog';
import { setReauthHandler } from '../api/admin-api';

/**
 * "Sudo mode" (decision 120): when an admin call answers REAUTH_REQUIRED, this dialog asks for a code
 * from the authenticator, opens the 10-minute window with POST /api/admin/reauth, and the call is sent
 * again (features/admin/api/admin-api.ts). Calls that meet it together wait for the same dialog;
 * Cancel gives them their REAUTH_REQUIRED error back.
 *
 * `useReauth()` gives screens the same question before an action (e.g. to ask up front).
 */
export function ReauthProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const reset = useCallback(() => {
    setCode('');
    setFailure(null);
  }, []);
  const { open, ask, settle } = useAskedDialog(reset);
  useEffect(() => setReauthHandler(ask), [ask]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setPending(true);
    try {
      await api.post<AdminReauthResponse>('/api/admin/reauth', { code }, { auth: 'admin' });
      void queryClient.invalidateQueries({ queryKey: adminMeQueryKey });
      settle(true);
    } catch (error) {
      setFailure(errorMessage(error, 'Invalid code. Try again with a new code from your authenticator app.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      {children}
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!next) settle(false);
        }}
        title={t('admin.reauth.title')}
        description={t('admin.reauth.lead')}
      >
        <form onSubmit={(event) => void submit(event)} className="space-y-4">
          <TextField
            label={t('admin.reauth.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          />
          {failure && <Alert tone="error">{message(failure)}</Alert>}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" type="button" onClick={() => settle(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={pending} disabled={code.length !== 6}>
              {t('admin.reauth.submit')}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
