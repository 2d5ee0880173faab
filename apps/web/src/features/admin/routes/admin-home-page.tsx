import { LogOut, ShieldCheck } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { BrandMark } from '#components/brand';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { useMessage } from '#i18n/use-message';
import { useDocumentMeta } from '#lib/document-meta';
import { useAdminMe } from '#lib/session';
import { useAdminLogout } from '../api/admin-logout';

/** The back office's first screen: who is signed in, and sign out. */
export function AdminHomePage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const { data } = useAdminMe();
  const logout = useAdminLogout();
  useDocumentMeta(t('admin.home.metaTitle'), t('admin.home.metaDescription'));

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => void navigate('/admin/login', { replace: true }),
      onError: () => {
        toast.error(message('Logout failed.'));
        void navigate('/admin/login', { replace: true });
      },
    });

  return (
    <div className="min-h-dvh bg-bg">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <BrandMark className="size-8" />
          <span className="font-semibold">{t('admin.home.brand')}</span>
          <Button
            variant="secondary"
            size="sm"
            className="ms-auto"
            onClick={signOut}
            loading={logout.isPending}
          >
            <LogOut className="size-4" aria-hidden="true" />
            {t('admin.home.signOut')}
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <h1 className="text-2xl font-semibold tracking-tight">{t('admin.home.title')}</h1>
        <Card className="mt-6 flex items-start gap-4 p-6">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand-text">
            <ShieldCheck className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <p className="font-medium wrap-anywhere">
              {t('admin.home.signedInAs', { email: data?.user.email ?? '' })}
            </p>
            <p className="mt-1 text-sm text-muted">{t('admin.home.comingSoon')}</p>
          </div>
        </Card>
      </main>
    </div>
  );
}
