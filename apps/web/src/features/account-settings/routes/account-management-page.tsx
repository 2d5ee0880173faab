import { Bell, KeyRound, ShieldCheck, UserRoundCog, Wallet } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#components/ui/tabs';
import { useDocumentMeta } from '#lib/document-meta';
import { useMe } from '#lib/session';
import { AccountDataPanel } from '../components/account-data-panel';
import { ChangeEmailForm } from '../components/change-email-form';
import { ChangePasswordForm } from '../components/change-password-form';
import { CloseAccountPanel } from '../components/close-account-panel';
import { NotificationChoices } from '../components/notification-choices';
import { SecurityTab } from '../components/security-tab';
import { SessionsPanel } from '../components/sessions-panel';
import { WithdrawalsTab } from '../components/withdrawals-tab';

const TABS = ['security', 'password', 'withdrawals', 'notifications', 'account'] as const;

/**
 * Account settings: Security (default), Change Password (and email), Withdrawals, Notifications, Your
 * data (export and closing the account); ?tab= opens another tab.
 */
export function AccountManagementPage() {
  const { t } = useTranslation();
  const { data: user } = useMe();
  const [params, setParams] = useSearchParams();
  useDocumentMeta(t('settings.metaTitle'), t('settings.metaDescription'));
  if (!user) return null;
  const tab = TABS.find((name) => name === params.get('tab')) ?? 'security';

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
          <ChangePasswordForm />
          <ChangeEmailForm user={user} />
        </TabsContent>
        <TabsContent value="withdrawals">
          <WithdrawalsTab user={user} />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationChoices />
        </TabsContent>
        <TabsContent value="account" className="space-y-6">
          <AccountDataPanel />
          <CloseAccountPanel user={user} />
        </TabsContent>
      </Tabs>
    </>
  );
}
