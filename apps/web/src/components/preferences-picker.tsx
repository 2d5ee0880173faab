import { useEffect, useRef } from 'react';
import { ChevronDown, Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, isLanguage, setLanguage } from '#i18n/index';
import { cn } from '#lib/cn';
import { useFrontSettings } from '#lib/front-settings';
import { useCurrency } from '#lib/preferences';

const LANGUAGE_PREFIX = 'language:';
const CURRENCY_PREFIX = 'currency:';

/**
 * The combined language and currency picker (spec §2): one native select with a group for each, so
 * it is light, keyboard and screen-reader friendly, and a native picker on phones. Both choices are
 * kept locally; the language also switches the interface (and its direction).
 */
export function PreferencesPicker({
  className,
  variant = 'default',
}: {
  className?: string;
  /** 'onDark' for the public site's navigation bar over its dark hero. */
  variant?: 'default' | 'onDark';
}) {
  const { t } = useTranslation();
  const settings = useFrontSettings();
  const [currency, setCurrency] = useCurrency(settings.currency.code);
  const language = currentLanguage();
  const languages = settings.available_languages.filter((option) => isLanguage(option.code));
  const languageLabel = languages.find((option) => option.code === language)?.label ?? language;
  const currencySymbol =
    settings.available_currencies.find((option) => option.code === currency)?.symbol ?? '';

  const choose = (value: string) => {
    if (value.startsWith(LANGUAGE_PREFIX)) {
      const code = value.slice(LANGUAGE_PREFIX.length);
      if (isLanguage(code)) void setLanguage(code);
    } else if (value.startsWith(CURRENCY_PREFIX)) {
      setCurrency(value.slice(CURRENCY_PREFIX.length));
    }
  };

  // On a prerendered page the select works natively before the app has hydrated it: a choice made
  // then is applied once the app runs, instead of being lost.
  const select = useRef<HTMLSelectElement>(null);
  const chooseEarly = useRef(choose);
  useEffect(() => {
    const element = select.current;
    if (!element || element.value === '') return;
    const value = element.value;
    element.value = '';
    chooseEarly.current(value);
  }, []);

  return (
    <div
      className={cn(
        'relative inline-flex h-9 items-center gap-1.5 rounded-lg border px-2.5 text-sm font-medium shadow-xs',
        'has-focus-visible:ring-2 has-focus-visible:ring-ring',
        variant === 'onDark'
          ? 'border-white/20 bg-white/5 text-white hover:bg-white/10 [&_svg]:text-white/70'
          : 'border-line bg-surface text-fg hover:bg-surface-muted',
        className,
      )}
    >
      <Globe className="size-4 text-muted" aria-hidden="true" />
      <span aria-hidden="true">
        {language.toUpperCase()} · {currency}
      </span>
      <ChevronDown className="size-3.5 text-muted" aria-hidden="true" />
      <select
        ref={select}
        aria-label={t('picker.label')}
        value=""
        onChange={(event) => choose(event.target.value)}
        className="absolute inset-0 cursor-pointer appearance-none opacity-0"
      >
        <option value="" disabled hidden>
          {languageLabel} · {currency} {currencySymbol}
        </option>
        <optgroup label={t('picker.language')}>
          {languages.map((option) => (
            <option key={option.code} value={`${LANGUAGE_PREFIX}${option.code}`} lang={option.code}>
              {option.code === language ? `✓ ${option.label}` : option.label}
            </option>
          ))}
        </optgroup>
        <optgroup label={t('picker.currency')}>
          {settings.available_currencies.map((option) => (
            <option key={option.code} value={`${CURRENCY_PREFIX}${option.code}`}>
              {option.code === currency
                ? `✓ ${option.code} ${option.symbol}`
                : `${option.code} ${option.symbol}`}
            </option>
          ))}
        </optgroup>
      </select>
    </div>
  );
}
