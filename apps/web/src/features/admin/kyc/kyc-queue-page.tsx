import '#lib/zod-config';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import type { KycDocument } from '@app/shared/schemas/kyc';
import { Alert, RetryAlert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { TextareaField } from '#components/ui/field';
import { Skeleton } from '#components/ui/skeleton';
import { useMessage } from '#i18n/use-message';
import { apiFile, errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { ContentPageHeader } from '../components/admin-page-frame';
import { useAdminKycDecision, useAdminKycDetail, useAdminKycQueue } from './kyc-admin-api';

/** A document inline: an image as a data URL (the CSP allows data: images), a PDF as a download. */
function DocumentView({ document }: { document: KycDocument }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    // A PDF's object URL holds the member's document in memory until it is revoked.
    let objectUrl: string | null = null;
    apiFile(`/api/admin/kyc/documents/${document.id}`, 'admin')
      .then((blob) => {
        if (document.mime === 'application/pdf') {
          objectUrl = URL.createObjectURL(blob);
          return objectUrl;
        }
        return new Promise<string>((resolve) => {
          const reader = new FileReader();
          reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
          reader.readAsDataURL(blob);
        });
      })
      .then((value) => live && setUrl(value))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [document.id, document.mime]);
  const label = t(`kyc.sides.${document.side}`);
  if (failed) return <Alert tone="error">{t('kyc.admin.documentFailed')}</Alert>;
  if (!url) return <Skeleton className="h-48" />;
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-medium">{label}</figcaption>
      {document.mime === 'application/pdf' ? (
        <a
          className="text-brand-text underline underline-offset-4"
          href={url}
          download={`${document.side}.pdf`}
        >
          {t('kyc.admin.downloadPdf')}
        </a>
      ) : (
        <img src={url} alt={label} className="max-h-96 w-full rounded-lg border border-line object-contain" />
      )}
    </figure>
  );
}

function KycReview({ userId, onDone }: { userId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const detail = useAdminKycDetail(userId);
  const decide = useAdminKycDecision();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  if (detail.isPending) return <Skeleton className="h-64" />;
  if (detail.isError)
    return <RetryAlert onRetry={() => void detail.refetch()}>{t('kyc.admin.loadFailed')}</RetryAlert>;
  const { item, documents, profile } = detail.data;
  const act = (value: string | null) =>
    decide.mutate(
      { userId, reason: value },
      {
        onSuccess: (answer) => {
          toast.success(message(answer.message));
          onDone();
        },
        onError: (error) => setReasonError(message(errorMessage(error, 'Decision failed.'))),
      },
    );
  return (
    <Card className="space-y-5 p-5 sm:p-6" data-testid="kyc-review">
      <h2 className="text-lg font-semibold wrap-anywhere">
        {item.username} · {t(`kyc.types.${item.document_type}`)}
      </h2>
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <div className="space-y-4">
          {documents.map((document) => (
            <DocumentView key={document.id} document={document} />
          ))}
        </div>
        <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
          {Object.entries(profile).map(([field, value]) => (
            <div key={field}>
              <dt className="text-muted">{t(`profile.fields.${field}`, { defaultValue: field })}</dt>
              <dd className="wrap-anywhere">{value ?? '—'}</dd>
            </div>
          ))}
          <div>
            <dt className="text-muted">{t('kyc.expiresOn')}</dt>
            <dd>{item.document_expires_on ?? '—'}</dd>
          </div>
        </dl>
      </div>
      <TextareaField
        label={t('kyc.admin.reason')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={reasonError}
        maxLength={500}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="button" onClick={() => act(null)} loading={decide.isPending}>
          {t('kyc.admin.approve')}
        </Button>
        <Button type="button" variant="danger" onClick={() => act(reason)} disabled={decide.isPending}>
          {t('kyc.admin.reject')}
        </Button>
      </div>
    </Card>
  );
}

/** The back office's identity verification queue (support): submitted verifications, oldest first. */
export function KycQueuePage() {
  const { t } = useTranslation();
  useDocumentMeta(t('kyc.admin.title'), t('kyc.admin.lead'));
  const queue = useAdminKycQueue('submitted');
  const [selected, setSelected] = useState<number | null>(null);
  const items = queue.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <div className="space-y-4">
      <ContentPageHeader title={t('kyc.admin.title')} lead={t('kyc.admin.lead')} />
      {queue.isPending && <Skeleton className="h-24" />}
      {queue.isError && !queue.isFetchNextPageError && (
        <RetryAlert onRetry={() => void queue.refetch()}>{t('kyc.admin.loadFailed')}</RetryAlert>
      )}
      {queue.data && items.length === 0 && <p className="text-muted">{t('kyc.admin.empty')}</p>}
      {items.length > 0 && (
        <ul className="space-y-2">
          {items.map((item) => (
            <li key={item.user_id}>
              <Button type="button" variant="secondary" onClick={() => setSelected(item.user_id)}>
                {t('kyc.admin.review', { name: item.username })}
              </Button>
              <span className="ms-3 text-sm text-muted wrap-anywhere">{item.email}</span>
            </li>
          ))}
        </ul>
      )}
      {queue.isFetchNextPageError && (
        <RetryAlert onRetry={() => void queue.fetchNextPage()}>{t('kyc.admin.loadMoreFailed')}</RetryAlert>
      )}
      {queue.hasNextPage && !queue.isFetchNextPageError && (
        <Button
          type="button"
          variant="secondary"
          onClick={() => void queue.fetchNextPage()}
          loading={queue.isFetchingNextPage}
        >
          {t('kyc.admin.loadMore')}
        </Button>
      )}
      {selected !== null && <KycReview key={selected} userId={selected} onDone={() => setSelected(null)} />}
    </div>
  );
}
