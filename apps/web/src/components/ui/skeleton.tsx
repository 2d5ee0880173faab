import { cn } from '#lib/cn';

/**
 * A quiet block standing in for content that is still loading, in that content's place and size, so
 * nothing moves when it arrives (decision 170). Decorative: the region around it says it is loading.
 */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block animate-pulse rounded-md bg-line/70', className)} />;
}
