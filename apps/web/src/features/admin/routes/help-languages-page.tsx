import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import type { AdminFaq } from '@app/shared/schemas/admin-content';
import { Alert, RetryAlert } from '#components/ui/alert';
import { PageSpinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { ApiError, errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { useHelpVersions, useSaveHelpVersion, type HelpContentKind } from '../api/help-admin';
import { ContentPageHeader } from '../components/admin-page-frame';
import { HelpLanguagesForm, versionsToSave, type LanguagesValues } from '../components/help-languages-form';

/** /admin/help/{articles|faqs}/:id/languages: one item's en/es/ar versions side by side (decision 164). */
export function HelpLanguagesPage({ kind }: { kind: HelpContentKind }) {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const title = t('admin.content.help.languages.title');
  useDocumentMeta(title, t('admin.content.help.metaDescription'));
  const back = { to: `/admin/help/${kind}`, label: t(`admin.content.help.${kind}.back`) };
  return (
    <>
      <ContentPageHeader title={title} back={back} lead={t('admin.content.help.languages.lead')} />
      {Number.isInteger(id) && id > 0 ? (
        <Versions kind={kind} id={id} listPath={back.to} />
      ) : (
        <Alert tone="error">{t('admin.content.help.languages.notFound')}</Alert>
      )}
    </>
  );
}

function Versions({ kind, id, listPath }: { kind: HelpContentKind; id: number; listPath: string }) {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const query = useHelpVersions(kind, id);
  const save = useSaveHelpVersion(kind);
  const [generation, setGeneration] = useState(0);
  if (query.isPending) return <PageSpinner label={t('admin.content.loading')} />;
  if (query.isError)
    return query.error instanceof ApiError && query.error.status === 404 ? (
      <Alert tone="error">{t('admin.content.help.languages.notFound')}</Alert>
    ) : (
      <RetryAlert onRetry={() => void query.refetch()}>
        {message(errorMessage(query.error, 'Could not load this item.'))}
      </RetryAlert>
    );
  const { versions } = query.data;

  const onSubmit = async (values: LanguagesValues, setError: (name: string, text: string) => void) => {
    const { saves, errors } = versionsToSave(kind, versions, values);
    for (const [name, text] of Object.entries(errors)) setError(name, text);
    if (Object.keys(errors).length > 0) return;
    // A question's translations point at its English version, which may be created by this save.
    let englishId = versions.find((version) => version.language === 'en')?.id ?? null;
    const unlinked = (versions as AdminFaq[]).filter(
      (version) => kind === 'faqs' && version.language !== 'en' && version.translation_of === null,
    );
    const plan = [
      ...saves,
      ...unlinked
        .filter((version) => !saves.some((one) => one.id === version.id))
        .map((version) => ({ language: version.language, id: version.id, body: {} })),
    ];
    if (saves.length === 0) {
      toast.info(t('admin.content.help.languages.nothing'));
      return;
    }
    for (const step of plan) {
      const link =
        kind === 'faqs' && step.language !== 'en' && englishId !== null
          ? step.id === null || unlinked.some((version) => version.id === step.id)
            ? { translation_of: englishId }
            : {}
          : {};
      const body = { ...step.body, ...link };
      if (Object.keys(body).length === 0) continue;
      try {
        const answer = (await save.mutateAsync({ id: step.id, body })) as { faq?: AdminFaq };
        if (step.language === 'en' && step.id === null && answer.faq) englishId = answer.faq.id;
      } catch (error) {
        const fields = error instanceof ApiError ? Object.entries(error.fieldErrors ?? {}) : [];
        for (const [field, texts] of fields) setError(`${step.language}.${field}`, texts[0] ?? '');
        toast.error(
          `${t(`admin.content.settings.languageNames.${step.language}`)}: ${message(errorMessage(error, 'Could not save.'))}`,
        );
        return;
      }
    }
    toast.success(t('admin.content.help.languages.saved'));
    setGeneration((value) => value + 1);
  };

  return (
    <HelpLanguagesForm
      key={generation}
      kind={kind}
      versions={versions}
      pending={save.isPending}
      onSubmit={(values, setError) => void onSubmit(values, setError)}
      onCancel={() => void navigate(listPath)}
    />
  );
}
