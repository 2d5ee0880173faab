import { useTranslation } from 'react-i18next';
import { ToastContainer, type CloseButtonProps } from 'react-toastify';
import { X } from 'lucide-react';
import { TOAST_AUTO_CLOSE_MS } from '@app/shared/constants';
import { useTheme } from '#lib/preferences';

/** A toast's close button, named in the reader's language (react-toastify's own says "close"). */
function CloseToast({ closeToast, theme }: CloseButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      // The theme's modifier gives the cross its colour (white on the light theme without it).
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={t('common.close')}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <X aria-hidden="true" className="size-4" />
    </button>
  );
}

/**
 * The toasts (spec §9): top-right, 3000 ms. Loaded after the first screen; a toast raised before
 * that waits in react-toastify's queue until this container mounts. No countdown bar: the library
 * names it "notification timer" in English for screen readers, and a toast lasts three seconds.
 */
export function Toasts({ rtl }: { rtl: boolean }) {
  const { t } = useTranslation();
  const [theme] = useTheme();
  return (
    <ToastContainer
      // Its own label is English ("Notifications Alt+T"): the region is named in the reader's language.
      aria-label={t('shell.notifications.toasts')}
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      rtl={rtl}
      theme={theme}
      newestOnTop
      closeButton={CloseToast}
      hideProgressBar
    />
  );
}
