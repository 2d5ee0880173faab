import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MARKET_ASSETS_HOME } from '@app/shared/constants';
import { Button } from '#components/ui/button';
import { formatCompactMoney, formatTime } from '#lib/intl-format';
import { useMarkets } from '../api/get-markets';
import { AssetName, ChangeBadge, Price } from './market-list';

const ROW = 'h-[68px]';

/** The column headings; the market cap shows from the small breakpoint up. */
function PricesHead() {
  const { t } = useTranslation();
  return (
    <thead className="bg-surface-muted/70 text-xs font-medium tracking-wide text-muted uppercase">
      <tr>
        <th scope="col" className="px-4 py-3 text-start sm:px-6">
          {t('site.markets.asset')}
        </th>
        <th scope="col" className="px-4 py-3 text-end sm:px-6">
          {t('site.markets.price')}
        </th>
        <th scope="col" className="px-4 py-3 text-end sm:px-6">
          {t('site.markets.change')}
        </th>
        <th scope="col" className="hidden px-4 py-3 text-end sm:table-cell sm:px-6">
          {t('site.markets.marketCap')}
        </th>
      </tr>
    </thead>
  );
}

/** Placeholder rows, one per asset, as tall as the loaded ones. */
function LoadingRows() {
  return MARKET_ASSETS_HOME.map((id) => (
    <tr key={id} className={ROW}>
      <td className="px-4 sm:px-6">
        <span className="flex items-center gap-3">
          <span className="size-8 animate-pulse rounded-full bg-surface-muted" />
          <span className="h-3 w-24 animate-pulse rounded bg-surface-muted" />
        </span>
      </td>
      <td className="px-4 sm:px-6">
        <span className="ms-auto block h-3 w-20 animate-pulse rounded bg-surface-muted" />
      </td>
      <td className="px-4 sm:px-6">
        <span className="ms-auto block h-3 w-14 animate-pulse rounded bg-surface-muted" />
      </td>
      <td className="hidden px-4 sm:table-cell sm:px-6">
        <span className="ms-auto block h-3 w-20 animate-pulse rounded bg-surface-muted" />
      </td>
    </tr>
  ));
}

/** The home page's live prices of four assets (spec §2); rows keep their height while loading (no layout shift). */
export function PricesTable() {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const { data, isPending, isError, refetch, isFetching } = useMarkets(MARKET_ASSETS_HOME);

  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-surface shadow-xs">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">{t('site.markets.caption')}</caption>
        <PricesHead />
        <tbody className="divide-y divide-line" aria-busy={isPending || undefined}>
          {isPending && <LoadingRows />}
          {!isPending && (isError || !data) && (
            <tr>
              <td colSpan={4} className="h-[272px] px-6 text-center">
                <p className="text-muted">{t('site.markets.unavailable')}</p>
                <Button
                  variant="secondary"
                  size="sm"
                  className="mt-4"
                  onClick={() => void refetch()}
                  loading={isFetching}
                >
                  <RefreshCw className="size-4" aria-hidden="true" />
                  {t('common.retry')}
                </Button>
              </td>
            </tr>
          )}
          {data?.data.map((item) => (
            <tr key={item.id} className={ROW}>
              <td className="px-4 sm:px-6">
                <AssetName item={item} />
              </td>
              <td className="px-4 text-end sm:px-6">
                <Price value={item.current_price} currency={data.vs_currency} />
              </td>
              <td className="px-4 text-end sm:px-6">
                <ChangeBadge value={item.price_change_percentage_24h} />
              </td>
              <td className="hidden px-4 text-end text-muted tabular-nums sm:table-cell sm:px-6">
                {formatCompactMoney(item.market_cap, data.vs_currency.toUpperCase(), locale)}
              </td>
            </tr>
          ))}
          {data && data.data.length === 0 && (
            <tr>
              <td colSpan={4} className="h-[272px] px-6 text-center text-muted">
                {t('site.markets.empty')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <p className="border-t border-line px-4 py-3 text-xs text-muted sm:px-6">
        {data?.stale
          ? t('site.markets.delayed', { time: formatTime(data.updated_at, locale) })
          : t('site.markets.source')}
      </p>
    </div>
  );
}
