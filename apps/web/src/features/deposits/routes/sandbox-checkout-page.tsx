import { FlaskConical } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import type { SandboxActionResponse, SandboxCheckout } from '@app/shared/schemas/deposits';
import { Brand } from '#components/brand';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { Spinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { ApiError, errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { useMoney } from '#lib/money';
import { useCancelSandboxCheckout } from '../api/cancel-sandbox-checkout';
import { useSandboxCheckout } from '../api/get-sandbox-checkout';
import { usePaySandboxCheckout } from '../api/pay-sandbox-checkout';
import { currencyLabel, METHOD_KEYS } from '../components/deposit-labels';

/** The checkout could not be read: "not found" for a 404 (nothing to retry), else the error and Retry. */
function CheckoutError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <div className="space-y-4">
      <Alert tone="error">
        {missing ? t('checkout.notFound') : message(errorMessage(error, 'An error occurred'))}
      </Alert>
      {!missing && (
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}

/** What is charged: the amount, the payment method and the currency. */
function CheckoutSummary({ checkout }: { checkout: SandboxCheckout }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <dl className="divide-y divide-line rounded-xl border border-line">
      <div className="flex items-baseline justify-between gap-4 px-4 py-3">
        <dt className="text-sm text-muted">{t('checkout.amount')}</dt>
        <dd className="text-xl font-semibold tabular-nums">{money(checkout.amount)}</dd>
      </div>
      <div className="flex items-baseline justify-between gap-4 px-4 py-3">
        <dt className="text-sm text-muted">{t('checkout.method')}</dt>
        <dd className="text-end font-medium">{t(METHOD_KEYS[checkout.payment_method].label)}</dd>
      </div>
      <div className="flex items-baseline justify-between gap-4 px-4 py-3">
        <dt className="text-sm text-muted">{t('checkout.currency')}</dt>
        <dd className="text-end font-medium">{currencyLabel(checkout.currency)}</dd>
      </div>
    </dl>
  );
}

/**
 * Pay and Cancel of a pending deposit, with a line saying what is under way; both are disabled from
 * the first click until the page is left.
 */
function CheckoutActions({
  amount,
  pay,
  cancel,
  leave,
  fail,
}: {
  amount: number;
  pay: ReturnType<typeof usePaySandboxCheckout>;
  cancel: ReturnType<typeof useCancelSandboxCheckout>;
  leave: (answer: SandboxActionResponse) => void;
  fail: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const busy = pay.isPending || cancel.isPending || pay.isSuccess || cancel.isSuccess;
  return (
    <>
      <p className="mt-4 text-sm text-muted" aria-live="polite">
        {pay.isPending || pay.isSuccess
          ? t('checkout.paying')
          : cancel.isPending || cancel.isSuccess
            ? t('checkout.cancelling')
            : t('checkout.instructions')}
      </p>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          disabled={busy}
          loading={cancel.isPending}
          onClick={() => cancel.mutate(undefined, { onSuccess: leave, onError: fail })}
        >
          {t('checkout.cancel')}
        </Button>
        <Button
          disabled={busy}
          loading={pay.isPending}
          onClick={() => pay.mutate(undefined, { onSuccess: leave, onError: fail })}
        >
          {t('checkout.pay', { amount: money(amount) })}
        </Button>
      </div>
    </>
  );
}

/** A deposit no longer pending: its status and the way back to the dashboard. */
function CheckoutClosed({ status }: { status: SandboxCheckout['status'] }) {
  const { t } = useTranslation();
  return (
    <div className="mt-4 space-y-4">
      <Alert tone="info">{t('checkout.closed', { status: t(`deposits.status.${status}`) })}</Alert>
      <Button asChild variant="secondary">
        <Link to="/dashboard">{t('checkout.back')}</Link>
      </Button>
    </div>
  );
}

/**
 * The sandbox payment page (DESIGN §6, PAYMENTS_MODE=sandbox): stands in for the gateway's page.
 * For the signed-in member whose deposit it is (the router's RequireMember; another member's deposit
 * is "not found"); Pay makes the server send itself the gateway's signed payment notification, Cancel
 * abandons the payment; both return to the redirect_url.
 */
export function SandboxCheckoutPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const checkout = useSandboxCheckout(id);
  // The mutations live here, not in CheckoutActions: their answers still lead away once the deposit,
  // read again, is no longer pending and the actions are gone.
  const pay = usePaySandboxCheckout(id);
  const cancel = useCancelSandboxCheckout(id);
  useDocumentMeta(t('checkout.metaTitle'), t('checkout.metaDescription'));

  const leave = (answer: SandboxActionResponse) => void navigate(answer.redirect_url, { replace: true });
  const fail = (error: unknown) =>
    toast.error(message(errorMessage(error, 'Deposit failed. Please try again.')));

  let body;
  if (checkout.isPending) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner label={t('checkout.loading')} />
      </div>
    );
  } else if (checkout.isError) {
    body = <CheckoutError error={checkout.error} onRetry={() => void checkout.refetch()} />;
  } else {
    const data = checkout.data;
    body = (
      <>
        <CheckoutSummary checkout={data} />
        {data.status === 'pending' ? (
          <CheckoutActions amount={data.amount} pay={pay} cancel={cancel} leave={leave} fail={fail} />
        ) : (
          <CheckoutClosed status={data.status} />
        )}
      </>
    );
  }

  return (
    <div className="flex min-h-dvh flex-col bg-bg">
      <header className="px-4 py-4 sm:px-8">
        <Brand />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center">
        <Card className="w-full max-w-md p-6 sm:p-7">
          <h1 className="text-xl font-semibold tracking-tight">{t('checkout.title')}</h1>
          <p
            role="note"
            className="mt-3 flex items-start gap-2 rounded-lg border border-warning-line bg-warning-soft px-3.5 py-2.5 text-sm font-medium text-warning"
          >
            <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t('checkout.sandboxNote')}
          </p>
          <div className="mt-5">{body}</div>
        </Card>
      </main>
    </div>
  );
}
