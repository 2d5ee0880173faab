import { useTranslation } from 'react-i18next';
import type { AuditEntryResponse } from '@app/shared/schemas/admin';
import { NUMBER_LOCALES } from '@app/shared/number-locales';

function show(value: unknown): string {
  if (value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Before and after side by side, field by field; changed fields are marked. */
export function AuditDiff({ entry }: { entry: AuditEntryResponse }) {
  const { t, i18n } = useTranslation();
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  if (keys.length === 0) return <span className="text-muted">—</span>;
  return (
    <details className="group">
      <summary className="cursor-pointer rounded text-sm font-medium text-brand-text focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        {t('admin.audit.changes', {
          count: keys.length,
          number: keys.length.toLocaleString(NUMBER_LOCALES[i18n.resolvedLanguage ?? 'en']),
        })}
      </summary>
      <table className="mt-2 w-full min-w-72 text-xs">
        <caption className="sr-only">{t('admin.audit.diffCaption', { id: entry.id })}</caption>
        <thead>
          <tr className="text-muted">
            <th scope="col" className="pe-2 text-start font-medium">
              {t('admin.audit.field')}
            </th>
            <th scope="col" className="pe-2 text-start font-medium">
              {t('admin.audit.before')}
            </th>
            <th scope="col" className="text-start font-medium">
              {t('admin.audit.after')}
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => {
            const from = show(before[key]);
            const to = show(after[key]);
            const changed = from !== to;
            return (
              <tr key={key} className={changed ? 'bg-warning-soft' : undefined}>
                <th scope="row" className="pe-2 text-start font-mono font-normal">
                  {key}
                  {changed && <span className="sr-only"> ({t('admin.audit.changed')})</span>}
                </th>
                <td className="pe-2 font-mono break-all" dir="ltr">
                  {from}
                </td>
                <td className="font-mono break-all" dir="ltr">
                  {to}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}
