import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Gift, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import { MIN_POINTS_TO_REDEEM, REFERRED_LIST_LIMIT } from '@app/shared/constants';
import { REWARDS_MESSAGES } from '@app/shared/rewards';
import type { ReferralInfoResponse } from '@app/shared/schemas/rewards';
import { PageHeader } from '#components/page-header';
import { RetryAlert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { ResponsiveTable } from '#components/ui/responsive-table';
import { Spinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { useDateFormat } from '#lib/money';
import { useReferrals } from '../api/get-referrals';
import { useOpenedOnce } from '#components/ui/opened-once';
import { ReferralLinkField } from '../components/referral-link-field';
import { NUMBER_LOCALES } from '@app/shared/number-locales';

type ReferredUser = ReferralInfoResponse['referred_users'][number];

// Loaded when first opened (decision 170).
const RedeemPointsDialog = lazy(async () => ({
  default: (await import('../components/redeem-points-dialog')).RedeemPointsDialog,
}));

/** The spinner while the referral details load. */
function LoadingRewards() {
  const message = useMessage();
  return (
    <div className="flex items-center justify-center gap-3 py-16 text-muted">
      <Spinner label={message(REWARDS_MESSAGES.loading)} />
      <span aria-hidden="true">{message(REWARDS_MESSAGES.loading)}</span>
    </div>
  );
}

/** The member's referral link, to copy and share. */
function ReferralLinkCard({ link }: { link: string }) {
  const { t } = useTranslation();
  return (
    <Card className="mb-4 p-5 sm:p-6">
      <h2 className="mb-1 font-semibold">{t('rewards.linkTitle')}</h2>
      <p className="mb-4 text-sm text-muted">{t('rewards.linkLead')}</p>
      <ReferralLinkField link={link} />
    </Card>
  );
}

/**
 * The points earned from referrals and the loyalty points held, with the redeem button (enabled from
 * the minimum up); `children` is the redeem dialog, once it has been opened.
 */
function PointsSection({
  info,
  numbers,
  onRedeem,
  children,
}: {
  info: ReferralInfoResponse;
  numbers: string | undefined;
  onRedeem: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const canRedeem = info.loyalty_points >= MIN_POINTS_TO_REDEEM;
  return (
    <section aria-label={t('rewards.pointsTitle')} className="mb-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Card className="p-5 sm:p-6">
        <h2 className="text-sm font-medium text-muted">{t('rewards.pointsEarned')}</h2>
        <p className="mt-2 text-3xl font-semibold tabular-nums" data-testid="referral-points">
          {info.points_earned.toLocaleString(numbers)}
        </p>
      </Card>
      <Card className="p-5 sm:p-6">
        <h2 className="text-sm font-medium text-muted">{t('rewards.loyaltyPoints')}</h2>
        <p className="mt-2 text-3xl font-semibold tabular-nums" data-testid="loyalty-points">
          {info.loyalty_points.toLocaleString(numbers)}
        </p>
        <Button className="mt-4" onClick={onRedeem} disabled={!canRedeem} aria-haspopup="dialog">
          <Gift className="size-4" aria-hidden="true" />
          {t('rewards.redeem')}
        </Button>
        <p className="mt-2 text-xs text-muted">{t('rewards.redeemHint', { min: MIN_POINTS_TO_REDEEM })}</p>
        {children}
      </Card>
    </section>
  );
}

/** Who joined with the member's link: a table, or cards on a small screen. */
function ReferredUsersCard({ users }: { users: ReferredUser[] }) {
  const { t, i18n } = useTranslation();
  const numbers = NUMBER_LOCALES[i18n.resolvedLanguage ?? 'en'];
  const message = useMessage();
  const date = useDateFormat();
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="mb-4 flex items-center gap-2 font-semibold">
        <Users className="size-4 text-muted" aria-hidden="true" />
        {t('rewards.referredTitle')}
      </h2>
      {users.length === 0 ? (
        <p className="py-6 text-center text-muted">{message(REWARDS_MESSAGES.noReferrals)}</p>
      ) : (
        <ResponsiveTable<ReferredUser>
          caption={t('rewards.referredTitle')}
          rows={users}
          rowKey={(row) => row.id}
          cardStyle="divided"
          columns={[
            { header: t('rewards.columns.name'), cell: (row) => row.name },
            { header: t('rewards.columns.email'), cell: (row) => <span dir="ltr">{row.email}</span> },
            { header: t('rewards.columns.joined'), cell: (row) => date(row.created_at) },
          ]}
          card={(row) => (
            <div>
              <p className="font-medium">{row.name}</p>
              <p className="text-sm text-muted" dir="ltr">
                {row.email}
              </p>
              <p className="text-sm text-muted">
                {t('rewards.columns.joined')}: {date(row.created_at)}
              </p>
            </div>
          )}
        />
      )}
      {users.length >= REFERRED_LIST_LIMIT && (
        <p className="mt-3 text-sm text-muted">
          {t('rewards.referredLimit', {
            count: REFERRED_LIST_LIMIT,
            number: REFERRED_LIST_LIMIT.toLocaleString(numbers),
          })}
        </p>
      )}
    </Card>
  );
}

/**
 * /rewards (spec §2 Rewards Hub, §8 Referral): the referral link, points earned from referrals and
 * available, redeeming points to cash (10 at least; all or part, after a confirmation that shows the
 * rate and the amount), and who joined with the link.
 */
export function RewardsPage() {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const referrals = useReferrals();
  const [redeeming, setRedeeming] = useState(false);
  const redeemMounted = useOpenedOnce(redeeming);
  // Each opening starts afresh from the points held then. Not keyed by the points themselves: the
  // redeem's own reload changes them while its answer is still being told (the toast).
  const [openings, setOpenings] = useState(0);
  useDocumentMeta(t('pages.rewards.title'), t('pages.rewards.description'));

  const loadError = referrals.error;
  useEffect(() => {
    if (loadError) toast.error(message(errorMessage(loadError, REWARDS_MESSAGES.fetchFailed)));
  }, [loadError, message]);

  const numbers = NUMBER_LOCALES[i18n.resolvedLanguage ?? 'en'];
  const header = <PageHeader title={t('pages.rewards.title')} description={t('pages.rewards.description')} />;

  if (referrals.isPending) {
    return (
      <>
        {header}
        <LoadingRewards />
      </>
    );
  }
  if (referrals.isError) {
    return (
      <>
        {header}
        <RetryAlert onRetry={() => void referrals.refetch()}>
          {message(REWARDS_MESSAGES.fetchFailed)}
        </RetryAlert>
      </>
    );
  }

  const info = referrals.data;

  return (
    <>
      {header}
      <ReferralLinkCard link={info.referral_link} />
      <PointsSection
        info={info}
        numbers={numbers}
        onRedeem={() => {
          setOpenings((count) => count + 1);
          setRedeeming(true);
        }}
      >
        {redeemMounted && (
          <Suspense fallback={null}>
            <RedeemPointsDialog
              key={openings}
              open={redeeming}
              onOpenChange={setRedeeming}
              held={info.loyalty_points}
              pointsPerDollar={info.points_per_dollar}
              numbers={numbers}
            />
          </Suspense>
        )}
      </PointsSection>
      <ReferredUsersCard users={info.referred_users} />
    </>
  );
}
