import { useTranslation } from 'react-i18next';
import { PROFILE_MESSAGES } from '@app/shared/profile';
import { PageHeader } from '#components/page-header';
import { PrivateAmount } from '#components/private-amount';
import { RetryAlert } from '#components/ui/alert';
import { Card } from '#components/ui/card';
import { Spinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { useDocumentMeta } from '#lib/document-meta';
import { useMe } from '#lib/session';
import { KycSection } from '../components/kyc-section';
import { ProfileForm } from '../components/profile-form';
import { NUMBER_LOCALES } from '@app/shared/number-locales';

function Tile({ label, value, testId }: { label: string; value: React.ReactNode; testId: string }) {
  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <h3 className="text-sm font-medium text-muted">{label}</h3>
      <p
        className="mt-1.5 text-lg font-semibold tracking-tight wrap-break-word tabular-nums sm:text-xl"
        data-testid={testId}
      >
        {value}
      </p>
    </Card>
  );
}

/**
 * /profile (spec §2 Profile, §3, §5): who the member is, the account's figures, the compliance form
 * (`ProfileForm`) and identity verification (`KycSection`).
 */
export function ProfilePage() {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const me = useMe();
  useDocumentMeta(t('pages.profile.title'), t('pages.profile.description'));

  // Once the details are there, a later refresh that fails keeps them on screen (and the form what the
  // member typed); only a first load that fails shows the error.
  if (!me.data) {
    if (me.isError) {
      return (
        <RetryAlert onRetry={() => void me.refetch()}>{message(PROFILE_MESSAGES.loadFailed)}</RetryAlert>
      );
    }
    return (
      <div className="flex justify-center py-16">
        <Spinner label={message(PROFILE_MESSAGES.loading)} />
        <span className="sr-only">{message(PROFILE_MESSAGES.loading)}</span>
      </div>
    );
  }
  const user = me.data;
  const numbers = NUMBER_LOCALES[i18n.resolvedLanguage ?? 'en'];

  return (
    <>
      <PageHeader title={t('pages.profile.title')} description={t('pages.profile.description')} />
      <Card className="mb-4 flex items-center gap-4 p-5 sm:p-6">
        <span
          aria-hidden="true"
          className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-soft text-2xl font-semibold text-brand-text uppercase"
        >
          {user.username.slice(0, 1)}
        </span>
        <div className="min-w-0">
          <h2 className="text-lg font-semibold wrap-anywhere">{user.username}</h2>
          <p className="text-sm wrap-anywhere text-muted">{user.email}</p>
        </div>
      </Card>
      <section
        aria-label={t('profile.figures')}
        className="mb-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
      >
        <Tile
          label={t('profile.loyaltyPoints')}
          testId="profile-points"
          value={user.loyalty_points.toLocaleString(numbers)}
        />
        <Tile
          label={t('profile.balance')}
          testId="profile-balance"
          value={<PrivateAmount value={user.balance} decimals={2} wrapBeforeCurrency />}
        />
        <Tile
          label={t('profile.totalEarnings')}
          testId="profile-earnings"
          value={<PrivateAmount value={user.total_earnings} decimals={2} wrapBeforeCurrency />}
        />
        <Tile
          label={t('profile.totalDeposit')}
          testId="profile-deposit"
          value={<PrivateAmount value={user.total_deposit} decimals={2} wrapBeforeCurrency />}
        />
      </section>
      <ProfileForm user={user} />
      <KycSection />
    </>
  );
}
