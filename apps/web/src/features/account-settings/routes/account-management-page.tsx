import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Bell, KeyRound, ShieldCheck, UserRoundCog, Wallet } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#components/page-header';
import { Spinner } from '#components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#components/ui/tabs';
import { useDocumentMeta } from '#lib/document-meta';
import { useIdle } from '#lib/use-idle';
import { useMe } from '#lib/session';
import { SecurityTab } from '../components/security-tab';
import { SessionsPanel } from '../components/sessions-panel';
import { preloadAllTabScreens, settingsTab, tabScreens } from '../components/settings-tabs';

const ChangePasswordForm = lazy(async () => ({
  default: (await tabScreens.changePassword()).ChangePasswordForm,
}));
const ChangeEmailForm = lazy(async () => ({ default: (await tabScreens.changeEmail()).ChangeEmailForm }));
const WithdrawalsTab = lazy(async () => ({ default: (await tabScreens.withdrawals()).WithdrawalsTab }));
const NotificationChoices = lazy(async () => ({
  default: (await tabScreens.notifications()).NotificationChoices,
}));
const AccountDataPanel = lazy(async () => ({ default: (await tabScreens.accountData()).AccountDataPanel }));
const CloseAccountPanel = lazy(async () => ({
  default: (await tabScreens.closeAccount()).CloseAccountPanel,
}));

/** A tab whose screen is still loading: a spinner (read out as loading) where the screen will be. */
function TabLoading({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <div className="flex min-h-48 items-center justify-center">
          <Spinner label={t('common.loading')} />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

/**
 * Account settings: Security (default), Change Password (and email), Withdrawals, Notifications, Your
 * data (export and closing the account); ?tab= opens another tab.
 */
export function AccountManagementPage() {
  const { t } = useTranslation();
  const { data: user } = useMe();
  const [params, setParams] = useSearchParams();
  useDocumentMeta(t('settings.metaTitle'), t('settings.metaDescription'));
  const idle = useIdle();
  useEffect(() => {
    if (idle) preloadAllTabScreens();
  }, [idle]);
  if (!user) return null;
  const tab = settingsTab(params.get('tab'));

  return (
    <>
      <PageHeader title={t('settings.title')} description={t('settings.lead')} />
      <Tabs
        value={tab}
        onValueChange={(next) => setParams(next === 'security' ? {} : { tab: next }, { replace: true })}
      >
        <TabsList aria-label={t('settings.title')}>
          <TabsTrigger value="security">
            <ShieldCheck className="size-4" aria-hidden="true" />
            {t('settings.tabs.security')}
          </TabsTrigger>
          <TabsTrigger value="password">
            <KeyRound className="size-4" aria-hidden="true" />
            {t('settings.tabs.password')}
          </TabsTrigger>
          <TabsTrigger value="withdrawals">
            <Wallet className="size-4" aria-hidden="true" />
            {t('settings.tabs.withdrawals')}
          </TabsTrigger>
          <TabsTrigger value="notifications">
            <Bell className="size-4" aria-hidden="true" />
            {t('settings.tabs.notifications')}
          </TabsTrigger>
          <TabsTrigger value="account">
            <UserRoundCog className="size-4" aria-hidden="true" />
            {t('settings.tabs.account')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="security">
          <SecurityTab user={user} />
          <SessionsPanel />
        </TabsContent>
        <TabsContent value="password">
          <TabLoading>
            <ChangePasswordForm />
            <ChangeEmailForm user={user} />
          </TabLoading>
        </TabsContent>
        <TabsContent value="withdrawals">
          <TabLoading>
            <WithdrawalsTab user={user} />
          </TabLoading>
        </TabsContent>
        <TabsContent value="notifications">
          <TabLoading>
            <NotificationChoices />
          </TabLoading>
        </TabsContent>
        <TabsContent value="account" className="space-y-6">
          <TabLoading>
            <AccountDataPanel />
            <CloseAccountPanel user={user} />
          </TabLoading>
        </TabsContent>
      </Tabs>
    </>
  );
}
