import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { ArrowRight, MailCheck, MailWarning } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#components/page-header';
import { PrivateAmount } from '#components/private-amount';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { useOpenedOnce } from '#components/ui/opened-once';
import { useDocumentMeta } from '#lib/document-meta';
import { useMe } from '#lib/session';
import { PromoTiles } from '../components/promo-tiles';
import { NUMBER_LOCALES } from '@app/shared/number-locales';

interface DashboardPageProps {
  /** The plan cards and table (investing feature). */
  plans?: ReactNode;
  /** The Finalise account setup banner (auth feature). */
  setup?: ReactNode;
  /** What the member owes after a gateway took back a deposit, while something is owed (deposits feature). */
  owed?: ReactNode;
  /** The Invite Friends modal (rewards feature). */
  InviteDialog?: ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void }>;
}

/** The member as GET /api/me describes them, once signed in. */
type Member = NonNullable<ReturnType<typeof useMe>['data']>;

/** One summary card: its title, then its figure large. */
function SummaryCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-sm font-medium text-muted">{title}</h2>
      <p className="mt-2 text-3xl font-semibold tracking-tight tabular-nums" data-testid={testId}>
        {children}
      </p>
    </Card>
  );
}

/** The summary cards: balance with no decimals; earnings and deposits with 2; loyalty points. */
function SummaryCards({ user }: { user: Member }) {
  const { t, i18n } = useTranslation();
  return (
    <section
      aria-label={t('pages.dashboard.summary')}
      className="mb-4 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4"
    >
      <SummaryCard title={t('pages.dashboard.balance')} testId="balance">
        <PrivateAmount value={user.balance} decimals={0} />
      </SummaryCard>
      <SummaryCard title={t('pages.dashboard.totalDeposit')} testId="total-deposit">
        <PrivateAmount value={user.total_deposit} decimals={2} />
      </SummaryCard>
      <SummaryCard title={t('pages.dashboard.totalEarnings')} testId="total-earnings">
        <PrivateAmount value={user.total_earnings} decimals={2} />
      </SummaryCard>
      <SummaryCard title={t('pages.dashboard.loyaltyPoints')} testId="loyalty-points">
        {user.loyalty_points.toLocaleString(NUMBER_LOCALES[i18n.resolvedLanguage ?? 'en'])}
      </SummaryCard>
    </section>
  );
}

/** The email verification status, with a link to verify while the address is not verified. */
function EmailStatusCard({ user }: { user: Member }) {
  const { t } = useTranslation();
  const verified = Boolean(user.email_verified_at);
  return (
    <div className="grid grid-cols-1 gap-4">
      <Card className="p-5 sm:p-6">
        <div className="flex items-start gap-4">
          <span
            className={
              verified
                ? 'flex size-10 shrink-0 items-center justify-center rounded-full bg-success-soft text-success'
                : 'flex size-10 shrink-0 items-center justify-center rounded-full bg-warning-soft text-warning'
            }
          >
            {verified ? (
              <MailCheck className="size-5" aria-hidden="true" />
            ) : (
              <MailWarning className="size-5" aria-hidden="true" />
            )}
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="font-semibold">{t('pages.dashboard.emailTitle')}</h2>
            <p className="mt-1 text-sm wrap-anywhere text-muted">
              {verified
                ? t('pages.dashboard.emailVerified', { email: user.email })
                : t('pages.dashboard.emailUnverified', { email: user.email })}
            </p>
            {!verified && (
              <Button asChild size="sm" className="mt-4">
                <Link to="/verify">
                  {t('pages.dashboard.verifyNow')}
                  <ArrowRight className="size-4 rtl:rotate-180" aria-hidden="true" />
                </Link>
              </Button>
            )}
          </div>
        </div>
      </Card>
    </div>
  );
}

/**
 * Overview: the Finalise account setup banner, what the member owes for a reversed deposit, the promo tiles, the greeting, the summary cards
 * (balance with no decimals; earnings and deposits with 2; loyalty points), the email verification
 * status and the plans. The banner, the plans and the Invite Friends modal belong to other features:
 * the router hands them in (features do not import each other).
 */
export function DashboardPage({ plans, setup, owed, InviteDialog }: DashboardPageProps) {
  const { t } = useTranslation();
  const [inviteOpen, setInviteOpen] = useState(false);
  // The Invite Friends modal (its chunk, its form and zod) loads the first time it is opened, not
  // before the first paint (decision 170).
  const inviteMounted = useOpenedOnce(inviteOpen);
  const { data: user } = useMe();
  useDocumentMeta(t('pages.dashboard.title'), t('pages.dashboard.description'));
  if (!user) return null;

  return (
    <>
      <PageHeader
        title={t('pages.dashboard.greeting', { username: user.username })}
        description={t('pages.dashboard.description')}
      />
      {setup}
      {owed}
      <PromoTiles onInvite={() => setInviteOpen(true)} />
      {InviteDialog && inviteMounted && (
        <Suspense fallback={null}>
          <InviteDialog open={inviteOpen} onOpenChange={setInviteOpen} />
        </Suspense>
      )}
      <SummaryCards user={user} />
      <EmailStatusCard user={user} />
      {plans}
    </>
  );
}
