import type { ReactNode } from 'react';

/** One label and value of a back-office detail card, in its description list. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2 border-b border-line py-2 last:border-0">
      <dt className="text-muted">{label}</dt>
      <dd className="text-end font-medium wrap-anywhere">{children}</dd>
    </div>
  );
}
