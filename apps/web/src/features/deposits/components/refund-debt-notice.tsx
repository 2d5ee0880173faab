import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '#components/ui/alert';
import { useMoney } from '#lib/money';
import { useRefunds } from '../api/get-refunds';

/**
 * The dashboard's notice of what the member owes after a gateway took back a credited deposit (a
 * refund or a chargeback; decision 155): shown only while something is owed, with the way to the
 * Activity rows of what was taken back.
 */
export function RefundDebtNotice() {
  const { t } = useTranslation();
  const money = useMoney();
  const refunds = useRefunds();
  const owed = refunds.data?.amount_owed ?? 0;
  if (owed <= 0) return null;
  return (
    <Alert tone="warning" className="mb-4">
      <p className="font-semibold">{t('deposits.owed.title')}</p>
      <p className="mt-1">
        {t('deposits.owed.body', {
          amount: money(owed, 2),
          references: refunds.data?.data.map((refund) => refund.reference).join(', '),
        })}
      </p>
      <Link
        className="mt-2 inline-block font-medium underline underline-offset-4"
        to="/activity?type=deposit_refund"
      >
        {t('deposits.owed.link')}
      </Link>
    </Alert>
  );
}
