import { useState } from 'react';
import { Landmark, Pencil, Plus, Star, Trash2, Wallet } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import { MAX_SAVED_DESTINATIONS } from '@app/shared/constants';
import type { Destination } from '@app/shared/schemas/withdrawals';
import { BackLink, PageHeader } from '#components/page-header';
import { Badge } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { LazyDialog } from '#components/ui/lazy-dialog';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { useDeleteWithdrawalDestination } from '../api/delete-withdrawal-destination';
import { useWithdrawalDestinations } from '../api/get-withdrawal-destinations';
import { useUpdateWithdrawalDestination } from '../api/update-withdrawal-destination';
import { destinationName, destinationText } from '../components/destination-text';
import { DestinationsLoadState } from '../components/destinations-load-state';

/** The way to /withdrawal-info to add a destination. */
function AddDestinationButton() {
  const { t } = useTranslation();
  return (
    <Button asChild>
      <Link to="/withdrawal-info?new=1">
        <Plus className="size-4" aria-hidden="true" />
        {t('withdrawals.destinations.add')}
      </Link>
    </Button>
  );
}

/** The add button, or at MAX_SAVED_DESTINATIONS why there is none (decision 215). */
function AddAction({ saved }: { saved: number }) {
  const { t } = useTranslation();
  if (saved < MAX_SAVED_DESTINATIONS) return <AddDestinationButton />;
  return (
    <p className="max-w-xs text-sm text-muted" role="status">
      {t('withdrawals.destinations.limit', { max: MAX_SAVED_DESTINATIONS })}
    </p>
  );
}

/**
 * Set as default. PATCH replaces a destination's details. A wallet's are all in the answer, so they
 * are sent back with is_default; a bank account's number is masked, so the member confirms it on the
 * edit screen.
 */
function useMakeDefault() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const update = useUpdateWithdrawalDestination();
  const makeDefault = (destination: Destination) => {
    if (destination.kind === 'bank') {
      void navigate(`/withdrawal-info?id=${destination.id}&default=1`);
      return;
    }
    update.mutate(
      {
        id: destination.id,
        changes: {
          kind: 'crypto',
          label: destination.label,
          asset: destination.asset ?? '',
          network: destination.network ?? '',
          address: destination.address ?? '',
          is_default: true,
        },
      },
      {
        onSuccess: () =>
          toast.success(t('withdrawals.destinations.defaultSet', { name: destinationName(destination) })),
        onError: (error) => toast.error(message(errorMessage(error, 'An error occurred'))),
      },
    );
  };
  return { makeDefault, update };
}

/** No destination saved yet: a word and the way to add one. */
function NoDestinations() {
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand-text">
        <Wallet className="size-6" aria-hidden="true" />
      </span>
      <p className="max-w-md text-[15px] text-muted">{t('withdrawals.destinations.empty')}</p>
      <AddDestinationButton />
    </Card>
  );
}

/** One saved destination: its name, kind and details, and Set as default, Edit and Delete. */
function DestinationCard({
  destination,
  settingDefault,
  onMakeDefault,
  onDelete,
}: {
  destination: Destination;
  settingDefault: boolean;
  onMakeDefault: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const Icon = destination.kind === 'bank' ? Landmark : Wallet;
  const name = destinationName(destination);
  return (
    <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:p-5">
      <div className="flex min-w-0 flex-1 items-start gap-3 sm:items-center">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand-text">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold wrap-anywhere">{name}</h2>
            <Badge tone="neutral">{t(`withdrawals.destinations.kinds.${destination.kind}`)}</Badge>
            {destination.is_default && <Badge tone="info">{t('withdrawals.destinations.default')}</Badge>}
          </div>
          <p className="mt-1 text-sm break-all text-muted">{destinationText(destination)}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {!destination.is_default && (
          <Button
            variant="secondary"
            size="sm"
            loading={settingDefault}
            onClick={onMakeDefault}
            aria-label={t('withdrawals.destinations.makeDefaultOf', { name })}
          >
            <Star className="size-4" aria-hidden="true" />
            {t('withdrawals.destinations.makeDefault')}
          </Button>
        )}
        <Button asChild variant="secondary" size="sm">
          <Link
            to={`/withdrawal-info?id=${destination.id}`}
            aria-label={t('withdrawals.destinations.editOf', { name })}
          >
            <Pencil className="size-4" aria-hidden="true" />
            {t('withdrawals.destinations.edit')}
          </Link>
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={onDelete}
          aria-label={t('withdrawals.destinations.deleteOf', { name })}
          aria-haspopup="dialog"
        >
          <Trash2 className="size-4 text-danger" aria-hidden="true" />
          {t('withdrawals.destinations.delete')}
        </Button>
      </div>
    </Card>
  );
}

/** Delete's confirmation, open while a destination is being deleted. */
function DeleteDestinationDialog({
  deleting,
  pending,
  onClose,
  onConfirm,
}: {
  deleting: Destination | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <LazyDialog
      open={deleting !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('withdrawals.destinations.deleteTitle')}
      description={
        deleting ? t('withdrawals.destinations.deleteBody', { name: destinationName(deleting) }) : undefined
      }
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" loading={pending} onClick={onConfirm}>
          {t('withdrawals.destinations.delete')}
        </Button>
      </div>
    </LazyDialog>
  );
}

/** /withdrawal-methods (Manage): the saved bank accounts and wallets; add, edit, delete, set default. */
export function WithdrawalMethodsPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const destinations = useWithdrawalDestinations();
  const { makeDefault, update } = useMakeDefault();
  const remove = useDeleteWithdrawalDestination();
  const [deleting, setDeleting] = useState<Destination | null>(null);
  useDocumentMeta(t('withdrawals.methodsPage.title'), t('withdrawals.methodsPage.description'));

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (answer) => {
        toast.success(message(answer.message || 'Destination deleted.'));
        setDeleting(null);
      },
      onError: (error) => toast.error(message(errorMessage(error, 'An error occurred'))),
    });
  };

  let body;
  if (!destinations.isSuccess) {
    body = <DestinationsLoadState destinations={destinations} />;
  } else if (destinations.data.length === 0) {
    body = <NoDestinations />;
  } else {
    body = (
      <ul className="space-y-3">
        {destinations.data.map((destination) => (
          <li key={destination.id}>
            <DestinationCard
              destination={destination}
              settingDefault={update.isPending && update.variables.id === destination.id}
              onMakeDefault={() => makeDefault(destination)}
              onDelete={() => setDeleting(destination)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <BackLink to="/account-management?tab=withdrawals">{t('withdrawals.backToSettings')}</BackLink>
      <PageHeader
        title={t('withdrawals.methodsPage.title')}
        description={t('withdrawals.methodsPage.description')}
        actions={
          destinations.data && destinations.data.length > 0 ? (
            <AddAction saved={destinations.data.length} />
          ) : undefined
        }
      />
      {body}
      <DeleteDestinationDialog
        deleting={deleting}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
