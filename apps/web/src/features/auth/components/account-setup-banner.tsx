import { lazy, Suspense, useState } from 'react';
import { ArrowRight, Check, Send } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import { personalInfoComplete } from '@app/shared/profile-setup';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { cn } from '#lib/cn';
import { useMe } from '#lib/session';
import { useResendOtp } from '../api/resend-otp';
import { useKyc } from '#lib/kyc';
import { useOpenedOnce } from '#components/ui/opened-once';

// The code entry (its form, zod) loads when first opened: the dashboard's first paint does not wait
// for it (decision 170).
const OtpEntryDialog = lazy(async () => ({ default: (await import('./otp-entry-dialog')).OtpEntryDialog }));

interface SetupStep {
  n: number;
  title: string;
  lead: string;
  done: boolean;
}

/**
 * Where the member is: the steps, the current one (the first not done) and their count; null when
 * there is no user yet or every step is done.
 */
function useSetupProgress() {
  const { t } = useTranslation();
  const { data: user } = useMe();
  const kyc = useKyc(Boolean(user));
  if (!user) return null;
  const verified = Boolean(user.email_verified_at);
  const personal = personalInfoComplete(user.profile);
  // Step 3, identity verification, is shown while the operator's settings require it (decision 181).
  const kycStep = kyc.data && kyc.data.withdrawal_limit.threshold !== null ? kyc.data : null;
  const identified = kycStep === null || kycStep.status === 'approved';
  if (verified && personal && identified) return null;
  const steps: SetupStep[] = [
    {
      n: 1,
      title: t('setup.verifyTitle'),
      lead: t('setup.verifyLead', { email: user.email }),
      done: verified,
    },
    { n: 2, title: t('setup.personalTitle'), lead: t('setup.personalLead'), done: personal },
    ...(kycStep
      ? [{ n: 3, title: t('setup.identityTitle'), lead: t('setup.identityLead'), done: identified }]
      : []),
  ];
  return {
    steps,
    verified,
    total: kycStep ? 3 : 2,
    current: !verified ? 1 : !personal ? 2 : 3,
    email: user.email || null,
  };
}

/** Resends the verification email; once it is sent, `onSent` (the code entry opens). */
function useResendEmail(email: string | null, onSent: () => void) {
  const message = useMessage();
  const resend = useResendOtp();
  const resendEmail = () => {
    if (!email) {
      toast.error(message('User email not available'));
      return;
    }
    resend.mutate(
      { email },
      {
        onSuccess: () => {
          toast.success(message('Verification email resent! Check your inbox for the OTP.'));
          onSent();
        },
        onError: (error) => toast.error(message(errorMessage(error, 'Error resending verification email'))),
      },
    );
  };
  return { resendEmail, resending: resend.isPending };
}

/** A step: its number (a tick once done), its title and lead, and while not done what to do next. */
function SetupStepItem({
  step,
  current,
  onResend,
  resending,
  onHaveCode,
}: {
  step: SetupStep;
  current: number;
  onResend: () => void;
  resending: boolean;
  onHaveCode: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li
      aria-current={step.n === current ? 'step' : undefined}
      className={cn(
        'flex items-start gap-3 rounded-xl border p-4',
        step.n === current ? 'border-brand/40 bg-brand-soft/40' : 'border-line',
      )}
    >
      <span
        className={cn(
          'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
          step.done ? 'bg-success-soft text-success' : 'bg-surface-muted text-fg',
        )}
      >
        {step.done ? <Check className="size-4" aria-hidden="true" /> : step.n}
        {step.done && <span className="sr-only">{t('setup.done')}</span>}
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="font-medium">{step.title}</h3>
        <p className="mt-0.5 text-sm wrap-anywhere text-muted">{step.lead}</p>
        {step.n === 1 && !step.done && (
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" onClick={onResend} loading={resending}>
              <Send className="size-4 rtl:-scale-x-100" aria-hidden="true" />
              {t('setup.resend')}
            </Button>
            <Button size="sm" variant="secondary" onClick={onHaveCode}>
              {t('setup.haveCode')}
            </Button>
          </div>
        )}
        {step.n === 3 && !step.done && (
          <Button asChild size="sm" className="mt-3">
            <Link to="/profile#kyc-title">
              {t('setup.verifyIdentity')}
              <ArrowRight className="size-4 rtl:rotate-180" aria-hidden="true" />
            </Link>
          </Button>
        )}
        {step.n === 2 && !step.done && (
          <Button asChild size="sm" variant={current === 2 ? 'primary' : 'secondary'} className="mt-3">
            <Link to="/profile">
              {t('setup.addInfo')}
              <ArrowRight className="size-4 rtl:rotate-180" aria-hidden="true" />
            </Link>
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * The dashboard's Finalise account setup banner (spec §2, §4): step 1 Verify Email, step 2 Add
 * Personal Info (first name, last name, address and country). 'Step N of 2' names the first step not
 * done; the banner is gone when both are. Resending the email opens the code entry; on success the
 * user is reloaded (the entry's mutation invalidates GET /api/me) and 'Email verified successfully!'.
 */
export function AccountSetupBanner() {
  const { t } = useTranslation();
  const message = useMessage();
  const progress = useSetupProgress();
  const [entryOpen, setEntryOpen] = useState(false);
  const entryMounted = useOpenedOnce(entryOpen);
  const { resendEmail, resending } = useResendEmail(progress?.email ?? null, () => setEntryOpen(true));
  if (!progress) return null;
  const { steps, verified, total, current, email } = progress;

  return (
    <Card className="mb-4 border-brand/30 p-5 sm:p-6" data-testid="account-setup">
      <section aria-labelledby="account-setup-title">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="account-setup-title" className="text-lg font-semibold">
            {t('setup.title')}
          </h2>
          <p className="text-sm font-medium text-brand-text" data-testid="setup-step">
            {t('setup.step', { current, total })}
          </p>
        </div>
        <ol className="mt-4 grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
          {steps.map((step) => (
            <SetupStepItem
              key={step.n}
              step={step}
              current={current}
              onResend={resendEmail}
              resending={resending}
              onHaveCode={() => setEntryOpen(true)}
            />
          ))}
        </ol>
      </section>
      {entryMounted && (
        <Suspense fallback={null}>
          <OtpEntryDialog
            open={entryOpen && !verified}
            onOpenChange={setEntryOpen}
            email={email}
            onVerified={() => {
              setEntryOpen(false);
              toast.success(message('Email verified successfully!'));
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}
