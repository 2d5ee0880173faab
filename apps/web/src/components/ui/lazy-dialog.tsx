import { lazy, Suspense, type ComponentProps } from 'react';
import { useOpenedOnce } from './opened-once';

const Dialog = lazy(async () => ({ default: (await import('./dialog')).Dialog }));

/**
 * `Dialog` for a screen's first paint (decision 170): nothing, not even the dialog's code (Radix's
 * focus trap, portal and layers, ~11 KB compressed), until it is first opened; then the dialog, kept
 * mounted so it closes with its animation and opens again at once. Its first opening waits for that
 * chunk. A dialog whose own module is already loaded on use takes `Dialog` directly.
 */
export function LazyDialog(props: ComponentProps<typeof Dialog>) {
  const opened = useOpenedOnce(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
