import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import type { UseFormSetError } from 'react-hook-form';
import type { AdminSettingsUpdateInput } from '@app/shared/schemas/admin-content';
import { RetryAlert } from '#components/ui/alert';
import { PageSpinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { applyFieldErrors } from '#lib/form-errors';
import { useSaveSiteSettings, useSiteSettings } from '../api/site-settings';
import { ContentPageHeader } from '../components/admin-page-frame';
import {
  SETTINGS_FIELDS,
  SiteSettingsForm,
  type SiteSettingsFormValues,
} from '../components/site-settings-form';

/** /admin/settings (superadmin): the site settings; saving needs a recent second factor (decision 120). */
export function SiteSettingsPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const settings = useSiteSettings();
  const save = useSaveSiteSettings();
  useDocumentMeta(t('admin.content.settings.title'), t('admin.content.settings.metaDescription'));

  const submit = (payload: AdminSettingsUpdateInput, setError: UseFormSetError<SiteSettingsFormValues>) =>
    save.mutate(payload, {
      onSuccess: (answer) => toast.success(message(answer.message)),
      // A missing second factor was asked for by adminApi (the layout's reauth dialog) and the
      // save sent again; what is left here is a refusal.
      onError: (error) => {
        if (!applyFieldErrors(error, setError, SETTINGS_FIELDS))
          toast.error(message(errorMessage(error, 'Could not save the settings.')));
      },
    });

  return (
    <>
      <ContentPageHeader title={t('admin.content.settings.title')} lead={t('admin.content.settings.lead')} />
      {settings.isPending ? (
        <PageSpinner label={t('admin.content.loading')} />
      ) : settings.isError ? (
        <RetryAlert onRetry={() => void settings.refetch()}>
          {message(errorMessage(settings.error, 'Could not load the settings.'))}
        </RetryAlert>
      ) : (
        <SiteSettingsForm
          // A save's answer is what is in force: the form starts again from it (a looser money control
          // waits, so its field shows the value that applies, decisions 248 and 249).
          key={settings.dataUpdatedAt}
          settings={settings.data.settings}
          fourEyesProposal={settings.data.four_eyes_proposal}
          kycProposal={settings.data.kyc_threshold_proposal}
          offeredLanguages={settings.data.offered_languages}
          offeredCurrencies={settings.data.offered_currencies}
          pending={save.isPending}
          onSubmit={submit}
        />
      )}
    </>
  );
}
