import { useTranslation } from 'react-i18next';
import { ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '@app/shared/constants';
import { useTheme } from '#lib/preferences';

/**
 * The toasts (spec §9): top-right, 3000 ms. Loaded after the first screen; a toast raised before
 * that waits in react-toastify's queue until this container mounts.
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
    />
  );
}
