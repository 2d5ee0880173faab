import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminMemberDetailResponse, AdminMemberMoney } from '@app/shared/schemas/admin-members';
import { Card } from '#components/ui/card';
import { useDateFormat, useMoney } from '#lib/money';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2 border-b border-line py-2 last:border-0">
      <dt className="text-muted">{label}</dt>
      <dd className="text-end font-medium wrap-anywhere">{children}</dd>
    </div>
  );
}

/** The member's account and profile: contact, type, codes, dates, the second factor, name and country. */
export function AccountCard({ data }: { data: AdminMemberDetailResponse }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const account = data.member;
  const name = [data.profile.first_name, data.profile.last_name].filter(Boolean).join(' ');
  return (
    <Card className="p-5">
      <h2 className="font-semibold">{t('adminQueues.members.account')}</h2>
      <dl className="mt-3 text-sm">
        <Row label={t('adminQueues.members.email')}>{account.email}</Row>
        <Row label={t('adminQueues.members.accountType')}>
          {t(account.account_type === 'business' ? 'auth.signup.corporate' : 'auth.signup.personal')}
        </Row>
        {account.account_type === 'business' && (
          <>
            <Row label={t('auth.signup.businessName')}>{account.business_name ?? '—'}</Row>
            <Row label={t('auth.signup.businessEmail')}>{account.business_email ?? '—'}</Row>
          </>
        )}
        <Row label={t('adminQueues.queue.columns.id')}>{account.id}</Row>
        <Row label={t('adminQueues.members.columns.referral')}>{account.referral_code}</Row>
        <Row label={t('adminQueues.members.joined')}>{date(account.created_at)}</Row>
        <Row label={t('adminQueues.members.verified')}>
          {t(account.email_verified ? 'adminQueues.members.yes' : 'adminQueues.members.no')}
        </Row>
        <Row label={t('adminQueues.members.twoFactor')}>
          {t(account.two_factor_enabled ? 'adminQueues.members.yes' : 'adminQueues.members.no')}
        </Row>
        <Row label={t('adminQueues.members.name')}>{name || '—'}</Row>
        <Row label={t('adminQueues.members.country')}>{data.profile.country ?? '—'}</Row>
      </dl>
    </Card>
  );
}

/** The member's money: balances, holds, debts, totals and points (for the admins who see money). */
export function MoneyCard({ totals }: { totals: AdminMemberMoney }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Card className="p-5">
      <h2 className="font-semibold">{t('adminQueues.members.money')}</h2>
      <dl className="mt-3 text-sm">
        <Row label={t('adminQueues.money.balance')}>{money(totals.balance)}</Row>
        <Row label={t('adminQueues.money.invested')}>{money(totals.invested)}</Row>
        <Row label={t('adminQueues.money.withdrawalHold')}>{money(totals.withdrawal_hold)}</Row>
        <Row label={t('adminQueues.money.loanOutstanding')}>{money(totals.loan_outstanding)}</Row>
        <Row label={t('adminQueues.money.refundDebt')}>{money(totals.refund_debt)}</Row>
        <Row label={t('adminQueues.money.totalDeposit')}>{money(totals.total_deposit)}</Row>
        <Row label={t('adminQueues.money.totalEarnings')}>{money(totals.total_earnings)}</Row>
        <Row label={t('adminQueues.money.totalWithdrawn')}>{money(totals.total_withdrawn)}</Row>
        <Row label={t('adminQueues.money.points')}>{totals.loyalty_points}</Row>
      </dl>
    </Card>
  );
}
