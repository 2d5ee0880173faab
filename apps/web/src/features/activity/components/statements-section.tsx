import { useId, useMemo, useState } from 'react';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import type { StatementFormat } from '@app/shared/schemas/statements';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { Spinner } from '#components/ui/spinner';
import { useDownloadStatement, useStatements } from '../api/statements';
import { NUMBER_LOCALES } from '@app/shared/number-locales';

/** Months shown at first, and added by each "Show more". */
const PAGE = 12;

/** "November 2026" in the UI language (a statement's month is a UTC month). */
function useMonthLabel() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(NUMBER_LOCALES[i18n.language] ?? 'en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    return (month: string) => format.format(new Date(`${month}-01T00:00:00Z`));
  }, [i18n.language]);
}

function MonthRow({ month }: { month: string }) {
  const { t } = useTranslation();
  const label = useMonthLabel()(month);
  const download = useDownloadStatement();
  const pending = download.isPending ? download.variables.format : null;
  const start = (format: StatementFormat) =>
    download.mutate({ month, format }, { onError: () => toast.error(t('statements.failed')) });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <span className="font-medium">{label}</span>
      <span className="flex gap-2">
        {(['pdf', 'csv'] as const).map((format) => (
          <Button
            key={format}
            variant="secondary"
            size="sm"
            loading={pending === format}
            disabled={pending !== null}
            aria-label={t(format === 'pdf' ? 'statements.downloadPdf' : 'statements.downloadCsv', {
              month: label,
            })}
            onClick={() => start(format)}
          >
            {pending !== format && <Download className="size-4" aria-hidden="true" />}
            {format.toUpperCase()}
          </Button>
        ))}
      </span>
    </li>
  );
}

/**
 * Statements in Activity: each month the member has, newest first, with its statement to download as
 * PDF or CSV (opening balance, every movement, totals per type, closing balance, in their language).
 */
export function StatementsSection() {
  const { t } = useTranslation();
  const titleId = useId();
  const statements = useStatements();
  const [shown, setShown] = useState(PAGE);
  let body;
  if (statements.isPending) {
    body = <Spinner label={t('statements.loading')} />;
  } else if (statements.isError) {
    body = (
      <Alert tone="error">
        <p>{t('statements.loadFailed')}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void statements.refetch()}>
          {t('statements.reload')}
        </Button>
      </Alert>
    );
  } else if (statements.data.data.length === 0) {
    body = <p className="text-sm text-muted">{t('statements.empty')}</p>;
  } else {
    const months = statements.data.data;
    body = (
      <>
        <ul className="divide-y divide-line">
          {months.slice(0, shown).map(({ month }) => (
            <MonthRow key={month} month={month} />
          ))}
        </ul>
        {months.length > shown && (
          <Button variant="ghost" size="sm" className="mt-2" onClick={() => setShown(shown + PAGE)}>
            {t('statements.showMore')}
          </Button>
        )}
      </>
    );
  }
  return (
    <section aria-labelledby={titleId} className="mt-6">
      <Card className="p-4 sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold">
          {t('statements.title')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('statements.description')}</p>
        <div className="mt-4">{body}</div>
      </Card>
    </section>
  );
}
