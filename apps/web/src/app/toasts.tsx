import { ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '@app/shared/constants';
import { useTheme } from '#lib/preferences';

/**
 * The toasts (spec §9): top-right, 3000 ms. Loaded after the first screen; a toast raised before
 * that waits in react-toastify's queue until this container mounts.
 */
export function Toasts({ rtl }: { rtl: boolean }) {
  const [theme] = useTheme();
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      rtl={rtl}
      theme={theme}
      newestOnTop
    />
  );
}
