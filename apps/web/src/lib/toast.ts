import type { ToastOptions } from 'react-toastify';

/**
 * The toasts (spec §9) without the toast library in a page's first download (decisions 106, 170): the
 * library (react-toastify, ~8 KB compressed with its styles) loads with the first toast raised, or
 * with the toast container once the browser is idle (src/app/providers.tsx), whichever comes first.
 * A toast raised before the container mounts waits in the library's queue; toasts keep their order
 * (one module promise, then-callbacks in call order).
 */
const library = () => import('react-toastify');

type Kind = 'success' | 'error' | 'info' | 'warning';

function show(kind: Kind) {
  return (message: string, options?: ToastOptions): void => {
    void library().then(({ toast: raise }) => raise[kind](message, options));
  };
}

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
};
