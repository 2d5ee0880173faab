import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LockKeyhole } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { CheckboxField, PasswordField, TextField } from '#components/ui/field';
import { BrandMark } from '#components/brand';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { useAdminLogin } from '../api/admin-login';

interface AdminLoginValues {
  email: string;
  password: string;
  remember: boolean;
}

/** Admin Login (spec §2): required email and password, browser-enforced; a real sign-in. */
export function AdminLoginPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const login = useAdminLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit } = useForm<AdminLoginValues>({
    defaultValues: { email: '', password: '', remember: false },
  });
  useDocumentMeta(t('admin.login.metaTitle'), t('admin.login.metaDescription'));

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    login.mutate(values, {
      onSuccess: () => void navigate('/admin', { replace: true }),
      onError: (error) => setFailure(errorMessage(error, 'Login failed')),
    });
  });

  return (
    <main className="flex min-h-dvh items-center justify-center bg-bg px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center text-center">
          <BrandMark className="size-11" />
          <h1 className="mt-4 text-2xl font-semibold tracking-tight">{t('admin.login.title')}</h1>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-muted">
            <LockKeyhole className="size-3.5" aria-hidden="true" />
            {t('admin.login.lead')}
          </p>
        </div>
        <Card className="p-6">
          <form onSubmit={onSubmit} className="space-y-4">
            <TextField
              label={t('admin.login.email')}
              type="email"
              required
              autoComplete="username"
              {...register('email', { required: true })}
            />
            <PasswordField
              label={t('admin.login.password')}
              required
              autoComplete="current-password"
              {...register('password', { required: true })}
            />
            <CheckboxField label={t('admin.login.remember')} {...register('remember')} />
            {failure && <Alert tone="error">{message(failure)}</Alert>}
            <Button type="submit" className="w-full" loading={login.isPending}>
              {t('admin.login.submit')}
            </Button>
          </form>
        </Card>
      </div>
    </main>
  );
}
