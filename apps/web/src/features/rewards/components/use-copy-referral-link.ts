import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import { REWARDS_MESSAGES } from '@app/shared/rewards';
import { useMessage } from '#i18n/use-message';

/** Copies the referral link and says 'Referral link copied!' (spec §8 Referral). */
export function useCopyReferralLink(): (link: string) => Promise<void> {
  const { t } = useTranslation();
  const message = useMessage();
  return useCallback(
    async (link: string) => {
      try {
        await navigator.clipboard.writeText(link);
        toast.success(message(REWARDS_MESSAGES.linkCopied));
      } catch {
        toast.error(t('common.copyFailed'));
      }
    },
    [message, t],
  );
}
