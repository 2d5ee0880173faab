import { useTranslation } from 'react-i18next';
import { REWARDS_MESSAGES } from '@app/shared/rewards';
import { RetryAlert } from '#components/ui/alert';
import { Dialog } from '#components/ui/dialog';
import { Spinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { useReferrals } from '../api/get-referrals';
import { ReferralLinkField } from './referral-link-field';

function InviteBody() {
  const message = useMessage();
  const referrals = useReferrals();
  if (referrals.isPending) return <Spinner label={message(REWARDS_MESSAGES.loading)} />;
  if (referrals.isError)
    return (
      <RetryAlert onRetry={() => void referrals.refetch()}>
        {message(REWARDS_MESSAGES.fetchFailed)}
      </RetryAlert>
    );
  return <ReferralLinkField link={referrals.data.referral_link} />;
}

interface InviteFriendsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The dashboard's Invite Friends modal (spec §2): the referral link and its copy; Escape closes. */
export function InviteFriendsDialog({ open, onOpenChange }: InviteFriendsDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('rewards.invite.title')}
      description={t('rewards.invite.lead')}
    >
      {open && <InviteBody />}
    </Dialog>
  );
}
