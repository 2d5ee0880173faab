import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import type { Enable2faResponse, UserResponse } from '@app/shared/schemas/auth';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { Spinner } from '#components/ui/spinner';
import { AuthenticatorSetup } from '#components/authenticator-setup';
import { LazyDialog } from '#components/ui/lazy-dialog';
import { useMessage } from '#i18n/use-message';
import { ApiError, errorMessage } from '#lib/api-client';
import { cn } from '#lib/cn';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { tabScreens } from './settings-tabs';

const CodeForm = lazy(async () => ({ default: (await tabScreens.codeForm()).CodeForm }));

/**
 * The code form (and its form library) loads with its first use, not with the page (decision 170):
 * the tab first shows whether two-factor is on, and asks for a code only after a click.
 */
function LazyCodeForm(props: ComponentProps<typeof CodeForm>) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} />}>
      <CodeForm {...props} />
    </Suspense>
  );
}

/**
 * Two-factor authentication (spec §4): off → QR code and secret → verified and on (with 10 recovery
 * codes shown once); disabling or new recovery codes need a current code.
 */
export function SecurityTab({ user }: { user: UserResponse }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<Enable2faResponse | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const on = user.two_factor_enabled;

  let body;
  if (recoveryCodes) {
    body = <RecoveryCodesPanel codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (on) {
    body = <TwoFactorOn onRecoveryCodes={setRecoveryCodes} />;
  } else if (setup) {
    body = (
      <TwoFactorSetup
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
        }}
      />
    );
  } else {
    body = <TwoFactorOff onStarted={setSetup} />;
  }

  return (
    <Card className="p-5 sm:p-7">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand-text">
            <ShieldCheck className="size-5" aria-hidden="true" />
          </span>
          <div>
            <h2 className="font-semibold">{t('settings.twoFactor.title')}</h2>
            <p className="mt-0.5 text-sm text-muted">{t('settings.twoFactor.lead')}</p>
          </div>
        </div>
        <span
          className={cn(
            'inline-flex items-center rounded-full px-2.5 py-1 text-xs font-medium',
            on ? 'bg-success-soft text-success' : 'bg-surface-muted text-muted',
          )}
        >
          {on ? t('settings.twoFactor.statusOn') : t('settings.twoFactor.statusOff')}
        </span>
      </div>
      <div className="mt-6 border-t border-line pt-6">{body}</div>
    </Card>
  );
}

function TwoFactorOff({ onStarted }: { onStarted: (setup: Enable2faResponse) => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const enable = useEnableTwoFactor();
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">{t('settings.twoFactor.offBody')}</p>
      <Button
        loading={enable.isPending}
        onClick={() =>
          enable.mutate(undefined, {
            onSuccess: onStarted,
            onError: (error) => toast.error(message(errorMessage(error, 'Unable to enable 2FA'))),
          })
        }
      >
        {t('settings.twoFactor.enable')}
      </Button>
    </div>
  );
}

interface TwoFactorSetupProps {
  setup: Enable2faResponse;
  onCancel: () => void;
  onEnabled: (recoveryCodes: string[]) => void;
}

function TwoFactorSetup({ setup, onCancel, onEnabled }: TwoFactorSetupProps) {
  const { t } = useTranslation();
  const message = useMessage();
  const verify = useVerifyTwoFactor();
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = (token: string) => {
    setFailure(null);
    verify.mutate(
      { token },
      {
        onSuccess: (answer) => {
          if (!answer.success) {
            setFailure(answer.message || 'Verification failed');
            return;
          }
          toast.success(message('2FA has been successfully enabled for your account!'));
          onEnabled(answer.recovery_codes);
        },
        onError: (error) =>
          setFailure(
            error instanceof ApiError && error.status === 0
              ? 'Verification error'
              : errorMessage(error, 'Verification failed'),
          ),
      },
    );
  };

  return (
    <AuthenticatorSetup
      qrCode={setup.qr_code}
      secret={setup.secret}
      texts={{
        step1: t('settings.twoFactor.step1'),
        qrAlt: t('settings.twoFactor.qrAlt'),
        secretLead: t('settings.twoFactor.secretLead'),
        copySecret: t('settings.twoFactor.copySecret'),
        step2: t('settings.twoFactor.step2'),
      }}
      codeStep={
        <LazyCodeForm
          accept="totp"
          submitLabel={t('settings.twoFactor.verify')}
          pending={verify.isPending}
          failure={failure}
          onSubmit={confirm}
          secondary={
            <Button variant="ghost" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          }
        />
      }
    />
  );
}

function TwoFactorOn({ onRecoveryCodes }: { onRecoveryCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [dialog, setDialog] = useState<'disable' | 'regenerate' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const open = (which: 'disable' | 'regenerate') => {
    setFailure(null);
    setDialog(which);
  };

  const turnOff = (token: string) =>
    disable.mutate(
      { token },
      {
        onSuccess: () => {
          toast.success(message('2FA has been disabled'));
          setDialog(null);
        },
        onError: (error) => setFailure(errorMessage(error, 'Unable to disable 2FA')),
      },
    );

  const newCodes = (token: string) =>
    regenerate.mutate(
      { token },
      {
        onSuccess: (answer) => {
          toast.success(message(answer.message));
          setDialog(null);
          onRecoveryCodes(answer.recovery_codes);
        },
        onError: (error) => setFailure(errorMessage(error, 'Unable to generate new recovery codes.')),
      },
    );

  return (
    <div className="space-y-4">
      <Alert tone="success">{t('settings.twoFactor.onBody')}</Alert>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => open('regenerate')}>
          <KeyRound className="size-4" aria-hidden="true" />
          {t('settings.twoFactor.regenerate')}
        </Button>
        <Button variant="secondary" className="text-danger" onClick={() => open('disable')}>
          <ShieldOff className="size-4" aria-hidden="true" />
          {t('settings.twoFactor.disable')}
        </Button>
      </div>
      <LazyDialog
        open={dialog === 'disable'}
        onOpenChange={(isOpen) => setDialog(isOpen ? 'disable' : null)}
        title={t('settings.twoFactor.disableTitle')}
        description={t('settings.twoFactor.disableBody')}
      >
        <LazyCodeForm
          accept="any"
          submitLabel={t('settings.twoFactor.disable')}
          submitVariant="danger"
          pending={disable.isPending}
          failure={failure}
          onSubmit={turnOff}
        />
      </LazyDialog>
      <LazyDialog
        open={dialog === 'regenerate'}
        onOpenChange={(isOpen) => setDialog(isOpen ? 'regenerate' : null)}
        title={t('settings.twoFactor.regenerateTitle')}
        description={t('settings.twoFactor.regenerateBody')}
      >
        <LazyCodeForm
          accept="any"
          submitLabel={t('settings.twoFactor.regenerate')}
          pending={regenerate.isPending}
          failure={failure}
          onSubmit={newCodes}
        />
      </LazyDialog>
    </div>
  );
}
