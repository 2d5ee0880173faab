import { useId } from 'react';
import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/button';
import { useCopyReferralLink } from './use-copy-referral-link';

/** The read-only referral link with its Copy button. */
export function ReferralLinkField({ link }: { link: string }) {
  const { t } = useTranslation();
  const id = useId();
  const copy = useCopyReferralLink();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {t('rewards.linkLabel')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          readOnly
          value={link}
          dir="ltr"
          onFocus={(event) => event.currentTarget.select()}
          className="block h-11 w-full min-w-0 rounded-lg border border-line-strong bg-surface-muted px-3.5 font-mono text-sm text-fg focus:border-brand focus:ring-3 focus:ring-brand/15 focus:outline-none"
        />
        <Button variant="secondary" onClick={() => void copy(link)} className="shrink-0">
          <Copy className="size-4" aria-hidden="true" />
          {t('rewards.copyLink')}
        </Button>
      </div>
    </div>
  );
}
