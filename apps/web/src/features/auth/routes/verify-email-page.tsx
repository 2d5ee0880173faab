import { useState } from 'react';
import { MailCheck, Send } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import { PageHeader } from '#components/page-header';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { useMe } from '#lib/session';
import { useResendOtp } from '../api/resend-otp';
import { OtpForm } from '../components/otp-form';

/**
 * /verify: a signed-in member confirms the email. Resending the code opens the entry; on success the
 * user is reloaded and 'Email verified successfully!' shows (spec §4).
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const { data: user } = useMe();
  const resend = useResendOtp();
  const [entryOpen, setEntryOpen] = useState(false);
  useDocumentMeta(t('auth.verify.metaTitle'), t('auth.verify.metaDescription'));
  if (!user) return null;

  const email = user.email || null;

  const sendCode = () => {
    if (!email) {
      toast.error(message('User email not available'));
      return;
    }
    resend.mutate(
      { email },
      {
        onSuccess: () => {
          toast.success(message('Verification email resent! Check your inbox for the OTP.'));
          setEntryOpen(true);
        },
        onError: (error) => toast.error(message(errorMessage(error, 'Error resending verification email'))),
      },
    );
  };

  return (
    <>
      <PageHeader title={t('auth.verify.title')} description={t('auth.verify.lead')} />
      <Card className="max-w-lg p-5 sm:p-7">
        {user.email_verified_at ? (
          <div className="flex items-start gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-success-soft text-success">
              <MailCheck className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h2 className="font-semibold">{t('auth.verify.verifiedTitle')}</h2>
              <p className="mt-1 text-sm wrap-anywhere text-muted">
                {t('auth.verify.verifiedBody', { email: user.email })}
              </p>
              <Button asChild variant="secondary" size="sm" className="mt-4">
                <Link to="/dashboard">{t('auth.verify.backToDashboard')}</Link>
              </Button>
            </div>
          </div>
        ) : (
          <div className="space-y-5">
            <p className="text-sm wrap-anywhere text-muted">
              {t('auth.verify.sendTo', { email: user.email })}
            </p>
            <div className="flex flex-wrap gap-3">
              <Button onClick={sendCode} loading={resend.isPending}>
                <Send className="size-4 rtl:-scale-x-100" aria-hidden="true" />
                {t('auth.verify.send')}
              </Button>
              {!entryOpen && (
                <Button variant="secondary" onClick={() => setEntryOpen(true)}>
                  {t('auth.verify.haveCode')}
                </Button>
              )}
            </div>
            {entryOpen && (
              <OtpForm
                email={email}
                onVerified={() => toast.success(message('Email verified successfully!'))}
              />
            )}
          </div>
        )}
      </Card>
    </>
  );
}
