import { useTranslation } from 'react-i18next';
import type { AdminMemberDetailResponse, AdminMemberMoney } from '@app/shared/schemas/admin-members';
import { Card } from '#components/ui/card';
import { useDateFormat, useMoney } from '#lib/money';
import { DetailRow } from '../components/detail-row';

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
        <DetailRow label={t('adminQueues.members.email')}>{account.email}</DetailRow>
        <DetailRow label={t('adminQueues.members.accountType')}>
          {t(account.account_type === 'business' ? 'auth.signup.corporate' : 'auth.signup.personal')}
        </DetailRow>
        {account.account_type === 'business' && (
          <>
            <DetailRow label={t('auth.signup.businessName')}>{account.business_name ?? '—'}</DetailRow>
            <DetailRow label={t('auth.signup.businessEmail')}>{account.business_email ?? '—'}</DetailRow>
          </>
        )}
        <DetailRow label={t('adminQueues.queue.columns.id')}>{account.id}</DetailRow>
        <DetailRow label={t('adminQueues.members.columns.referral')}>{account.referral_code}</DetailRow>
        <DetailRow label={t('adminQueues.members.joined')}>{date(account.created_at)}</DetailRow>
        <DetailRow label={t('adminQueues.members.verified')}>
          {t(account.email_verified ? 'adminQueues.members.yes' : 'adminQueues.members.no')}
        </DetailRow>
        <DetailRow label={t('adminQueues.members.twoFactor')}>
          {t(account.two_factor_enabled ? 'adminQueues.members.yes' : 'adminQueues.members.no')}
        </DetailRow>
        <DetailRow label={t('adminQueues.members.name')}>{name || '—'}</DetailRow>
        <DetailRow label={t('adminQueues.members.country')}>{data.profile.country ?? '—'}</DetailRow>
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
        <DetailRow label={t('adminQueues.money.balance')}>{money(totals.balance)}</DetailRow>
        <DetailRow label={t('adminQueues.money.invested')}>{money(totals.invested)}</DetailRow>
        <DetailRow label={t('adminQueues.money.withdrawalHold')}>{money(totals.withdrawal_hold)}</DetailRow>
        <DetailRow label={t('adminQueues.money.loanOutstanding')}>{money(totals.loan_outstanding)}</DetailRow>
        <DetailRow label={t('adminQueues.money.refundDebt')}>{money(totals.refund_debt)}</DetailRow>
        <DetailRow label={t('adminQueues.money.totalDeposit')}>{money(totals.total_deposit)}</DetailRow>
        <DetailRow label={t('adminQueues.money.totalEarnings')}>{money(totals.total_earnings)}</DetailRow>
        <DetailRow label={t('adminQueues.money.totalWithdrawn')}>{money(totals.total_withdrawn)}</DetailRow>
        <DetailRow label={t('adminQueues.money.points')}>{totals.loyalty_points}</DetailRow>
      </dl>
    </Card>
  );
}
