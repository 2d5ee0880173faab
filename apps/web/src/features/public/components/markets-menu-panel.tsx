import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MARKET_ASSETS_NAV } from '@app/shared/constants';
import { formatTime } from '#lib/intl-format';
import { useMarkets } from '../api/get-markets';
import { AssetName, ChangeBadge, Price } from './market-list';

/** The Markets menu: live prices of the navigation's four assets (spec §2). */
export function MarketsMenuPanel({ onNavigate }: { onNavigate?: () => void }) {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError } = useMarkets(MARKET_ASSETS_NAV);
  return (
    <div className="w-full sm:w-80">
      <p className="px-3 pt-1 pb-2 text-xs font-semibold tracking-wide text-muted uppercase">
        {t('site.markets.livePrices')}
      </p>
      {isPending ? (
        <ul aria-busy="true" aria-label={t('site.markets.loading')}>
          {MARKET_ASSETS_NAV.map((id) => (
            <li key={id} className="flex h-14 items-center gap-3 px-3">
              <span className="size-6 animate-pulse rounded-full bg-surface-muted" />
              <span className="h-3 w-24 animate-pulse rounded bg-surface-muted" />
            </li>
          ))}
        </ul>
      ) : isError || !data ? (
        <p className="px-3 py-4 text-sm text-muted">{t('site.markets.unavailable')}</p>
      ) : (
        <ul data-testid="nav-markets">
          {data.data.map((item) => (
            <li key={item.id} className="flex h-14 items-center justify-between gap-3 rounded-lg px-3">
              <AssetName item={item} compact />
              <span className="flex flex-col items-end">
                <Price value={item.current_price} currency={data.vs_currency} />
                <ChangeBadge value={item.price_change_percentage_24h} />
              </span>
            </li>
          ))}
        </ul>
      )}
      {data?.stale && (
        <p className="px-3 pt-1 text-xs text-muted">
          {t('site.markets.delayed', { time: formatTime(data.updated_at, i18n.resolvedLanguage ?? 'en') })}
        </p>
      )}
      <Link
        to="/#prices"
        onClick={onNavigate}
        className="mt-2 block rounded-lg px-3 py-2 text-sm font-medium text-brand-text hover:bg-surface-muted"
      >
        {t('site.markets.seeAll')}
      </Link>
    </div>
  );
}
