import { useTranslation } from 'react-i18next';
import type { MarketItem } from '@app/shared/schemas/markets';
import { cn } from '#lib/cn';
import { changeTone, formatChange, formatMoney } from '#lib/intl-format';

/** An asset's icon, name and symbol. */
export function AssetName({ item, compact = false }: { item: MarketItem; compact?: boolean }) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      <img
        src={item.image}
        alt=""
        width={compact ? 24 : 32}
        height={compact ? 24 : 32}
        className={cn('shrink-0 rounded-full', compact ? 'size-6' : 'size-8')}
        loading="lazy"
        decoding="async"
      />
      <span className="min-w-0">
        <span className="block truncate font-medium text-fg">{item.name}</span>
        <span className="block text-xs text-muted uppercase">{item.symbol}</span>
      </span>
    </span>
  );
}

export function ChangeBadge({ value }: { value: number | null }) {
  const { i18n } = useTranslation();
  const tone = changeTone(value);
  return (
    <span
      dir="ltr"
      className={cn(
        'inline-flex rounded-md px-1.5 py-0.5 text-sm font-medium tabular-nums',
        tone === 'up' && 'bg-success-soft text-success',
        tone === 'down' && 'bg-danger-soft text-danger',
        tone === 'flat' && 'bg-surface-muted text-muted',
      )}
    >
      {formatChange(value, i18n.resolvedLanguage ?? 'en')}
    </span>
  );
}

export function Price({ value, currency }: { value: number | null; currency: string }) {
  const { i18n } = useTranslation();
  return (
    <span className="font-medium text-fg tabular-nums">
      {formatMoney(value, currency.toUpperCase(), i18n.resolvedLanguage ?? 'en')}
    </span>
  );
}
