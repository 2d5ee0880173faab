import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import type { AdminArticle, AdminFaq } from '@app/shared/schemas/admin-content';
import { RetryAlert } from '#components/ui/alert';
import { PageSpinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { applyFieldErrors } from '#lib/form-errors';
import { useHelpItem, useSaveHelpItem, type HelpContentKind } from '../api/help-admin';
import { ContentPageHeader } from '../components/admin-page-frame';
import { ARTICLE_FIELDS, ArticleForm, FAQ_FIELDS, FaqForm } from '../components/help-item-form';

/** /admin/help/{articles|faqs}/new and /:id: one article or question (issue 15 item 6). */
export function HelpItemEditPage({ kind }: { kind: HelpContentKind }) {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const params = useParams();
  const id = params.id === undefined || params.id === 'new' ? null : Number(params.id);
  const item = useHelpItem(kind, id);
  const save = useSaveHelpItem(kind, id);
  const listPath = `/admin/help/${kind}`;
  const title = t(`admin.content.help.${kind}.${id === null ? 'newTitle' : 'editTitle'}`);
  useDocumentMeta(title, t('admin.content.help.metaDescription'));
  const back = { to: listPath, label: t(`admin.content.help.${kind}.back`) };
  const onSaved = (answer: { message: string }) => {
    toast.success(message(answer.message));
    void navigate(listPath);
  };

  if (id !== null && item.isPending) return <PageSpinner label={t('admin.content.loading')} />;
  if (id !== null && item.isError)
    return (
      <>
        <ContentPageHeader title={title} back={back} />
        <RetryAlert onRetry={() => void item.refetch()}>
          {message(errorMessage(item.error, 'Could not load this item.'))}
        </RetryAlert>
      </>
    );

  const current = id === null ? null : (item.data ?? null);
  return (
    <>
      <ContentPageHeader
        title={title}
        back={back}
        actions={
          id !== null && (
            <Link
              to={`${listPath}/${id}/languages`}
              className="text-sm text-brand-text underline underline-offset-4"
            >
              {t('admin.content.help.languages.open')}
            </Link>
          )
        }
      />
      {kind === 'articles' ? (
        <ArticleForm
          article={current as AdminArticle | null}
          pending={save.isPending}
          onCancel={() => void navigate(listPath)}
          onSubmit={(values, setError) =>
            save.mutate(values, {
              onSuccess: onSaved,
              onError: (error) => {
                if (!applyFieldErrors(error, setError, ARTICLE_FIELDS))
                  toast.error(message(errorMessage(error, 'Could not save.')));
              },
            })
          }
        />
      ) : (
        <FaqForm
          faq={current as AdminFaq | null}
          pending={save.isPending}
          onCancel={() => void navigate(listPath)}
          onSubmit={(values, setError) =>
            save.mutate(values, {
              onSuccess: onSaved,
              onError: (error) => {
                if (!applyFieldErrors(error, setError, FAQ_FIELDS))
                  toast.error(message(errorMessage(error, 'Could not save.')));
              },
            })
          }
        />
      )}
    </>
  );
}
