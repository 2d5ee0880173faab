import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { useMessage } from '#i18n/use-message';
import { ApiError, errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { useUndoEmailChange } from '../api/email-change-undo';
import { AuthLayout } from '../components/auth-layout';

/** The API's words for a wrong, expired or used link (EMAIL_CHANGE_MESSAGES.undoInvalid). */
const INVALID_LINK = 'This link is invalid, has expired or was already used.';

/**
 * /email-change/undo?token=… (the link mailed to the old address, decision 175): says what the link
 * does and sends the token only when the member confirms (a mail scanner that opens links, even one
 * that runs scripts, does not sign the member out); then says what happened. On success every session
 * is signed out, so the way on is to sign in.
 */
export function EmailChangeUndoPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  useDocumentMeta(t('emailUndo.metaTitle'), t('emailUndo.metaDescription'));
  const undo = useUndoEmailChange();

  let body;
  if (!token) body = <Alert tone="error">{message(INVALID_LINK)}</Alert>;
  else if (undo.isSuccess) body = <Alert tone="success">{message(undo.data.message)}</Alert>;
  else if (undo.isError) {
    const tokenError = undo.error instanceof ApiError ? undo.error.fieldErrors?.token?.[0] : undefined;
    body = <Alert tone="error">{message(tokenError ?? errorMessage(undo.error, 'An error occurred'))}</Alert>;
  } else
    body = (
      <>
        <p className="text-muted">{t('emailUndo.explain')}</p>
        <Button onClick={() => undo.mutate({ token })} disabled={undo.isPending} aria-busy={undo.isPending}>
          {undo.isPending ? t('emailUndo.working') : t('emailUndo.confirm')}
        </Button>
      </>
    );

  return (
    <AuthLayout>
      <h1 className="text-2xl font-semibold tracking-tight">{t('emailUndo.title')}</h1>
      <div className="mt-6 space-y-4">
        {body}
        {(undo.isSuccess || undo.isError || !token) && (
          <Link to="/login" className="inline-block font-medium underline">
            {t('emailUndo.signIn')}
          </Link>
        )}
      </div>
    </AuthLayout>
  );
}
