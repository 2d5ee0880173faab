import '#lib/zod-config';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#components/ui/dialog';
import { OtpForm } from './otp-form';

interface OtpEntryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string | null;
  onVerified: () => void;
}

/** The setup banner's code entry (spec §4): the emailed code, in a dialog. */
export function OtpEntryDialog({ open, onOpenChange, email, onVerified }: OtpEntryDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('setup.verifyTitle')}
      description={t('setup.entryLead', { email: email ?? '' })}
    >
      <OtpForm email={email} onVerified={onVerified} />
    </Dialog>
  );
}
