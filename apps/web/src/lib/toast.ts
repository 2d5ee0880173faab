import type * as Toastify from 'react-toastify';

/**
 * The toasts (spec §9) without the toast library in a page's first download (decisions 106, 170): the
 * library (react-toastify, ~9 KB compressed with its styles) loads with the first toast raised, or
 * with the toast container once the browser is idle (src/app/providers.tsx), whichever comes first.
 * A toast raised before the container mounts waits in the library's queue; toasts keep their order
 * (one module promise, its callbacks run in the order they were added). If the library cannot be
 * fetched (the connection dropped), that toast is lost and the next one tries again.
 */
let library: Promise<typeof Toastify> | undefined;
const loaded = () => {
  library ??= import('react-toastify').catch((error: unknown) => {
    library = undefined;
    throw error;
  });
  return library;
};

type Kind = 'success' | 'error' | 'info' | 'warning';

function show(kind: Kind) {
  return (message: string, options?: Toastify.ToastOptions): void => {
    loaded().then(
      ({ toast: raise }) => raise[kind](message, options),
      () => undefined,
    );
  };
}

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
};
